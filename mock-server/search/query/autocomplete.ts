/**
 * The `autocomplete` action: values of the entity's autocomplete fields that contain every token
 * of the query, the last one as a prefix (`Baz Ch` suggests `Baz Chart 1`). Suggestions are
 * ranked by the field's boost, then shorter values first, then alphabetically, de-duplicated,
 * skipped by `start` and capped at `limit`. Upstream's optional `field` restricts the suggestions to
 * that one autocomplete field. Soft-deleted entities are never suggested (upstream's autocomplete
 * always excludes them, whatever the filter says).
 */
import type { Statement } from 'better-sqlite3';
import { badRequest } from '../../errors.js';
import { indexTokens, queryTokens } from '../analyzer.js';
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from '../index-fields.js';
import type { AutocompleteRequest, AutocompleteResultValue } from '../requests.js';
import type { Columns } from '../memory/document-columns.js';
import type { SearchTables } from '../tables.js';

/** The SQL condition of the optional `field` on the suggestion row `d`; only the entity's autocomplete fields have rows to suggest from. */
function fieldCondition(fields: EntityIndexFields, field: string | undefined): { sql: string; params: unknown[] } {
  if (field === undefined) return { sql: '1', params: [] };
  if (!fields.fields.get(field)?.enableAutocomplete)
    throw badRequest(`body.field: '${field}' is not an autocomplete field of entity ${fields.entity}`);
  return { sql: 'd.field = ?', params: [field] };
}

/** An FTS5 string literal of one token (quoted, so that FTS5 keywords such as AND stay literal), a prefix when asked. */
function ftsTerm(token: string, prefix: boolean): string {
  return `"${token.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/** What a query matches: its FTS5 expression (the last token a prefix) and the conditions on the suggestion row `d`; none for an empty query. */
interface Matching {
  match: string;
  /** The query's tokens, the last one a prefix. */
  tokens: string[];
  conditions: { sql: string; params: unknown[] };
  /** Whether a field or a filter narrows the rows. */
  narrowed: boolean;
}

function matching(fields: EntityIndexFields, request: AutocompleteRequest): Matching | undefined {
  const tokens = queryTokens(request.query);
  const filter = compileFilter(fields, request.filter);
  const onField = fieldCondition(fields, request.field);
  if (tokens.length === 0 || request.limit <= 0) return undefined;
  // The suggestion rows carry the entity type and removed flag, so `d` here is search_suggestion
  // (its doc_id is all a filter reads).
  return {
    match: tokens.map((t, i) => ftsTerm(t, i === tokens.length - 1)).join(' AND '),
    tokens,
    conditions: { sql: `${onField.sql} AND ${filter.sql}`, params: [...onField.params, ...filter.params] },
    narrowed: request.field !== undefined || filter.sql !== '1',
  };
}

/** The matching rows as a FROM ... WHERE clause and its parameters, read match by match. */
function everyMatch(fields: EntityIndexFields, m: Matching): { sql: string; params: unknown[] } {
  return {
    sql:
      'FROM search_autocomplete JOIN search_suggestion d ON d.id = search_autocomplete.rowid ' +
      `WHERE search_autocomplete MATCH ? AND d.entity = ? AND d.removed = 0 AND ${m.conditions.sql}`,
    params: [m.match, fields.entity, ...m.conditions.params],
  };
}

/** Matches from which a query walks the ranked suggestions first: below it, reading every match costs less than a walk. */
const BROAD = 1_000;
/**
 * Suggestion rows of the entity a walk reads at most before the query reads every match instead:
 * RANKED_ROWS, or one per ENTITIES_PER_RANKED_ROW entities indexed in a larger catalog, where more
 * values rank before a query's best matches (shorter ones) and the sort of its matches grows too.
 */
const RANKED_ROWS = 8_192;
const ENTITIES_PER_RANKED_ROW = 16;

/** Suggestion rows read at least per round; a value held by several rows (several fields, entities) needs more rows than suggestions. */
const MIN_ROWS = 32;

/**
 * The first matching rows' values in ranking order (boost, then shorter, then alphabetically; rows
 * that tie have the same value), read from the entity's suggestions walked in that order
 * (`search_suggestion_ranked`, which holds the values) and kept when among the matches: the walk
 * stops after `read` of them, where reading every match looks each one up. It reads a bounded
 * number of rows (see RANKED_ROWS), so it may find fewer than `read`; those are still the first
 * matching rows of the ranking (every row before them was tested), and `exhausted` says the walk
 * found no more.
 */
function walkRanked(
  tables: SearchTables,
  fields: EntityIndexFields,
  m: Matching,
  read: number,
  wanted: number,
): { values: string[]; exhausted: boolean } {
  const rows = rankedRows(tables);
  if (asciiQuery(m))
    return walkByValue(tables, fields, m, read, wanted, rows) ?? walkInMatches(tables, fields, m, read, rows);
  return walkInMatches(tables, fields, m, read, rows);
}

/** The walk kept when among the FTS5 match list (`LIST SUBQUERY`, built once with a Bloom filter). */
function walkInMatches(
  tables: SearchTables,
  fields: EntityIndexFields,
  m: Matching,
  read: number,
  rows: number,
): { values: string[]; exhausted: boolean } {
  const walked = tables
    .statement(
      'SELECT w.value FROM (SELECT id, value FROM search_suggestion INDEXED BY search_suggestion_ranked ' +
        'WHERE entity = ? AND removed = 0 ORDER BY boost DESC, length(value), value LIMIT ?) w ' +
        'WHERE w.id IN (SELECT rowid FROM search_autocomplete WHERE search_autocomplete MATCH ?) LIMIT ?',
      true,
    )
    .all(fields.entity, rows, m.match, read) as string[];
  return { values: walked, exhausted: walked.length < read };
}

/** Suggestion rows of the ranking a walk reads at most (see RANKED_ROWS). */
function rankedRows(tables: SearchTables): number {
  return Math.max(RANKED_ROWS, Math.floor(tables.totals().docs / ENTITIES_PER_RANKED_ROW));
}

/**
 * Whether each entity type has no more live suggestion rows than a walk reads, as worked out at one version of
 * the document columns: a document written, soft-deleted or removed (its suggestion rows with it) moves it.
 */
const walkedWhole = new WeakMap<Columns, { version: number; byEntity: Map<string, boolean> }>();

/**
 * Whether the entity has no more live suggestion rows than a walk reads (rankedRows), so a walk reads them all:
 * counted up to there once per version of the document columns (8,193 index rows for the datasets of a
 * large catalog, asked by every suggestion the search bar shows).
 */
function walkedEverything(tables: SearchTables, fields: EntityIndexFields): boolean {
  const columns = tables.columns();
  let kept = walkedWhole.get(columns);
  if (kept?.version !== columns.version())
    walkedWhole.set(columns, (kept = { version: columns.version(), byEntity: new Map() }));
  const known = kept.byEntity.get(fields.entity);
  if (known !== undefined) return known;
  const rows = rankedRows(tables);
  const held = tables
    .statement(
      'SELECT count(*) FROM (SELECT 1 FROM search_suggestion INDEXED BY search_suggestion_ranked WHERE entity = ? AND removed = 0 LIMIT ?)',
      true,
    )
    .get(fields.entity, rows + 1) as number;
  kept.byEntity.set(fields.entity, held <= rows);
  return held <= rows;
}

/** Whether the entity has no live document, so no suggestion row to match (each row is a live document's value). */
function noLiveDocuments(tables: SearchTables, fields: EntityIndexFields): boolean {
  return tables.columns().liveDocuments(fields.entity) === 0;
}

/** A row of the ranked walk that holds every query token. */
interface PassingRow {
  id: number;
  value: string;
}

/** What a walk collects from its passing rows: `add` takes one while it is not `done`. */
interface Collector {
  readonly done: boolean;
  add(row: PassingRow): void;
}

/** The values of the passing rows, up to `read` of them or `wanted` distinct ones (walkByValue). */
class ValueCollector implements Collector {
  readonly values: string[] = [];
  private readonly distinct = new Set<string>();
  done = false;

  constructor(
    private readonly read: number,
    private readonly wanted: number,
  ) {}

  add(row: PassingRow): void {
    this.values.push(row.value);
    this.distinct.add(row.value);
    this.done = this.values.length === this.read || this.distinct.size === this.wanted;
  }
}

/** The entities of the passing rows, each where its best row shows, up to `wanted` (autocompleteEntities). */
class EntityCollector implements Collector {
  readonly docs: number[] = [];
  private readonly seen = new Set<number>();
  private readonly docOf: Statement;
  done = false;

  constructor(
    tables: SearchTables,
    private readonly wanted: number,
  ) {
    this.docOf = tables.statement('SELECT doc_id FROM search_suggestion WHERE id = ?', true);
  }

  add(row: PassingRow): void {
    const doc = this.docOf.get(row.id) as number;
    if (!this.seen.has(doc)) {
      this.seen.add(doc);
      this.docs.push(doc);
    }
    this.done = this.docs.length === this.wanted;
  }
}

/**
 * The walk of walkRanked for a query of ASCII tokens, tested on the walked values instead of
 * against the FTS5 match list (which is built whole before the walk reads a row: most of its cost).
 * The tokens FTS5 holds for a row are indexTokens of its value, lower-cased parts of it, so a row of
 * an ASCII value matches only when the value holds every query token, in any case (LIKE's): SQLite
 * passes those rows, and each is decided by its tokens. A non-ASCII value's tokens may be
 * case-folded from other letters (the Kelvin sign to k), and FTS5 ignores a rowid bound beside a
 * prefix query, so one such value among the rows walked hands the walk back to the match list
 * (false). Read row by row, the walk gives each passing row to every collector that is not done, and
 * stops once all are: each has the first rows of the ranking all the same, and one not done has every
 * passing row within the walk's bound of `rows`.
 */
function walkPassing(
  tables: SearchTables,
  fields: EntityIndexFields,
  m: Matching,
  rows: number,
  collectors: readonly Collector[],
): boolean {
  const holds = m.tokens.map(() => 'w.value LIKE ?').join(' AND ');
  const passed = tables
    .statement(
      'SELECT w.id, w.value, octet_length(w.value) > length(w.value) AS wide FROM (SELECT id, value FROM search_suggestion ' +
        'INDEXED BY search_suggestion_ranked WHERE entity = ? AND removed = 0 ORDER BY boost DESC, length(value), value LIMIT ?) w ' +
        `WHERE (${holds}) OR octet_length(w.value) > length(w.value)`,
    )
    .iterate(fields.entity, rows, ...m.tokens.map((t) => `%${t}%`)) as IterableIterator<PassingRow & { wide: number }>;
  for (const row of passed) {
    if (row.wide) {
      passed.return?.();
      return false;
    }
    if (!matchesTokens(m.tokens, indexTokens(row.value))) continue;
    for (const collector of collectors) if (!collector.done) collector.add(row);
    if (collectors.every((collector) => collector.done)) {
      passed.return?.();
      return true;
    }
  }
  return true;
}

/** The values of walkPassing, or undefined where it cannot decide. */
function walkByValue(
  tables: SearchTables,
  fields: EntityIndexFields,
  m: Matching,
  read: number,
  wanted: number,
  rows: number,
): { values: string[]; exhausted: boolean } | undefined {
  const values = new ValueCollector(read, wanted);
  return walkPassing(tables, fields, m, rows, [values]) ? walkedValues(values) : undefined;
}

/** A walk's values, and whether it found no more (the walk read every row of its bound). */
function walkedValues(values: ValueCollector): { values: string[]; exhausted: boolean } {
  return { values: values.values, exhausted: !values.done };
}

/**
 * The entities of the first matching rows in ranking order, each where its best row shows, from a walk
 * (`decided`, walkPassing's answer) of their EntityCollector. Undefined where the walk cannot decide: a non-ASCII
 * value among the rows, or a walk that stopped at its bound of rows before finding them all in an entity with more
 * rows than that.
 */
function walkedEntities(
  tables: SearchTables,
  fields: EntityIndexFields,
  entities: EntityCollector,
  decided: boolean,
): number[] | undefined {
  return decided && (entities.done || walkedEverything(tables, fields)) ? entities.docs : undefined;
}

/** A query token FTS5's unicode61 tokenizer keeps as it is. */
const ASCII_TOKEN = /^[a-z0-9]+$/;

/** Whether a value's tokens hold every query token, the last one as a prefix (FTS5's `"a" AND "b"*`). */
function matchesTokens(query: string[], tokens: string[]): boolean {
  const last = query.length - 1;
  return query.every((q, i) => (i === last ? tokens.some((t) => t.startsWith(q)) : tokens.includes(q)));
}

/** The first `read` matching rows' values in ranking order, every match looked up and the first `read` kept. */
function sortMatches(tables: SearchTables, fields: EntityIndexFields, m: Matching, read: number): string[] {
  const rows = everyMatch(fields, m);
  return tables
    .statement(`SELECT d.value ${rows.sql} ORDER BY d.boost DESC, length(d.value), d.value LIMIT ?`, true)
    .all(...rows.params, read) as string[];
}

/**
 * Whether a query without field or filter matches at least BROAD rows (counted up to there only). The token
 * index says so first where its own count of the query's rarest token (the last one as a prefix) reaches
 * BROAD: the count of FTS5 builds a prefix's whole match list (20,000 rowids for a five-letter prefix of a
 * fifth of 100,000 names). Either way the same suggestions come out; only their path differs.
 */
function isBroad(tables: SearchTables, m: Matching): boolean {
  if (m.narrowed) return false;
  const last = m.tokens.length - 1;
  const held = Math.min(
    ...m.tokens.map((t, i) => (i === last ? tables.terms.docsWithPrefix(t) : tables.terms.docsWith(t))),
  );
  if (held >= BROAD) return true;
  const counted = tables
    .statement(
      'SELECT count(*) FROM (SELECT rowid FROM search_autocomplete WHERE search_autocomplete MATCH ? LIMIT ?)',
      true,
    )
    .get(m.match, BROAD);
  return counted === BROAD;
}

/** The suggestions of a walk when they decide the answer: enough distinct values, or every match of the entity. */
function decidedSuggestions(
  tables: SearchTables,
  fields: EntityIndexFields,
  walked: { values: string[]; exhausted: boolean },
  start: number,
  wanted: number,
): string[] | undefined {
  const distinct = [...new Set(walked.values)];
  // A walk that stopped short of `read` rows may still hold enough distinct values: they are the first of the
  // ranking all the same (in a large catalog the matches thin out among the first RANKED_ROWS, and sorting every
  // match costs far more than the walk). A walk that read every row of the entity found every match (an entity
  // with few values, or none).
  if (distinct.length >= wanted || (walked.exhausted && walkedEverything(tables, fields)))
    return distinct.slice(start, wanted);
  return undefined;
}

/** Whether a broad query without field or filter walks the ranked suggestions (see autocomplete). */
function walksRanked(tables: SearchTables, fields: EntityIndexFields, m: Matching): boolean {
  return !m.narrowed && (walkedEverything(tables, fields) || isBroad(tables, m));
}

/**
 * The suggested values, ranked by their best boost, then shorter first, then alphabetically. The
 * rows are read in that order and each value kept where it first shows (there with its best boost,
 * so the order of first showings is the ranking of the values): SQLite keeps only the first rows
 * of the order instead of grouping every matching row by value. When the rows read hold too few
 * distinct values, the next round reads four times as many.
 */
export function autocomplete(
  tables: SearchTables,
  fields: EntityIndexFields,
  request: AutocompleteRequest,
): AutocompleteResultValue {
  const m = matching(fields, request);
  if (!m || noLiveDocuments(tables, fields)) return { suggestions: [], query: request.query };
  const start = startOf(request);
  const wanted = wantedOf(request);
  // A broad query without field or filter walks the ranked suggestions while the walk finds enough
  // matches; a narrow one (or a field, a filter, matches that rank low) sorts its matches.
  // An entity with fewer rows than a walk reads is walked whole, without counting the query's matches.
  let walk = walksRanked(tables, fields, m);
  for (let read = firstRead(wanted); ; read *= 4) {
    if (walk) {
      const walked = walkRanked(tables, fields, m, read, wanted);
      const suggestions = decidedSuggestions(tables, fields, walked, start, wanted);
      if (suggestions) return { suggestions, query: request.query };
      walk = !walked.exhausted;
      if (walk) continue;
    }
    const values = sortMatches(tables, fields, m, read);
    const distinct = [...new Set(values)];
    if (distinct.length >= wanted || values.length < read)
      return { suggestions: distinct.slice(start, wanted), query: request.query };
  }
}

/** The rows autocomplete's first round reads. */
const firstRead = (wanted: number): number => Math.max(MIN_ROWS, 2 * wanted);

const asciiQuery = (m: Matching): boolean => m.tokens.every((t) => ASCII_TOKEN.test(t));

/** The entities whose autocomplete values the query matches, best first (upstream's AutoCompleteResult.entities). */
function autocompleteEntities(tables: SearchTables, fields: EntityIndexFields, request: AutocompleteRequest): string[] {
  const m = matching(fields, request);
  if (!m || noLiveDocuments(tables, fields)) return [];
  // Without a field or filter, the ranked suggestions are walked as autocomplete walks them; every match is
  // grouped and sorted otherwise (or where the walk cannot decide).
  let docs: number[] | undefined;
  if (!m.narrowed && asciiQuery(m)) {
    const entities = new EntityCollector(tables, wantedOf(request));
    docs = walkedEntities(tables, fields, entities, walkPassing(tables, fields, m, rankedRows(tables), [entities]));
  }
  return entityUrns(tables, fields, m, request, docs);
}

/**
 * autocomplete and autocompleteEntities of one request (what upstream's AutoCompleteResults carry): a broad query
 * without field or filter reads the ranked suggestions once for both, where each read them in turn.
 */
export function autocompleteWithEntities(
  tables: SearchTables,
  fields: EntityIndexFields,
  request: AutocompleteRequest,
): AutocompleteResultValue & { entities: string[] } {
  const m = matching(fields, request);
  if (!m || noLiveDocuments(tables, fields)) return { suggestions: [], query: request.query, entities: [] };
  if (asciiQuery(m) && walksRanked(tables, fields, m)) {
    const wanted = wantedOf(request);
    const values = new ValueCollector(firstRead(wanted), wanted);
    const entities = new EntityCollector(tables, wanted);
    const decided = walkPassing(tables, fields, m, rankedRows(tables), [values, entities]);
    const suggestions = decided
      ? decidedSuggestions(tables, fields, walkedValues(values), startOf(request), wanted)
      : undefined;
    return {
      ...(suggestions ? { suggestions, query: request.query } : autocomplete(tables, fields, request)),
      entities: entityUrns(tables, fields, m, request, walkedEntities(tables, fields, entities, decided)),
    };
  }
  return { ...autocomplete(tables, fields, request), entities: autocompleteEntities(tables, fields, request) };
}

/** The suggestions or entities a request skips. */
const startOf = (request: AutocompleteRequest): number => Math.max(0, request.start ?? 0);

/** The first `start + limit` suggestions or entities: those skipped and those answered. */
const wantedOf = (request: AutocompleteRequest): number => startOf(request) + request.limit;

/** The URNs of the entities a walk found (`docs`), or of every match grouped by entity and sorted where it found none. */
function entityUrns(
  tables: SearchTables,
  fields: EntityIndexFields,
  m: Matching,
  request: AutocompleteRequest,
  docs: number[] | undefined,
): string[] {
  const start = startOf(request);
  if (docs) {
    const urnOf = tables.statement('SELECT urn FROM search_document WHERE doc_id = ?', true);
    return docs.slice(start).map((doc) => urnOf.get(doc) as string);
  }
  const rows = everyMatch(fields, m);
  return tables
    .statement(
      `SELECT (SELECT urn FROM search_document WHERE doc_id = d.doc_id) AS urn, MAX(d.boost) AS boost ${rows.sql} ` +
        'GROUP BY d.doc_id ORDER BY boost DESC, length(d.value), d.value LIMIT ? OFFSET ?',
      true,
    )
    .all(...rows.params, request.limit, start) as string[];
}
