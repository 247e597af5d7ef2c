/**
 * Parses the `input` of a search the way upstream's structured (query_string, default operator AND)
 * mode reads it: `*` or nothing matches everything; every other word is analyzed into tokens that
 * must all match a field queried by default (or the urn); `<field>:<value>` (the value may be
 * quoted) matches that one field exactly, on any search field of the entity, including fields not
 * queried by default. A URN typed as a word (`urn:svc:tag:Legacy`) is a match on the urn field.
 * In a full-text search the last token of the input, when its word ends the input unquoted, is a
 * prefix: it matches the tokens it begins too (upstream's `match_phrase_prefix` on the `.delimited`
 * subfields, SearchQueryBuilder.getPrefixAndExactMatchQuery in metadata-io, v1.3.0.1, with
 * `exactMatch.withPrefix` true by default in metadata-service/configuration's application.yaml).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { badRequest } from '../../errors.js';
import { queryTokens } from '../analyzer.js';
import { URN_FIELD, indexFieldName, type EntityIndexFields, type IndexField } from '../index-fields.js';

export interface FieldClause {
  kind: 'field';
  field: IndexField;
  value: string;
}

/** A token of a field queried by default; `prefix`: any token it begins matches too. */
export type QueryClause = { kind: 'token'; token: string; prefix?: boolean } | FieldClause;

export interface ParsedQuery {
  matchAll: boolean;
  clauses: QueryClause[];
}

const PIECE = /([^\s:"]+):"([^"]*)"|"([^"]*)"|\S+/g;
const FIELD_VALUE = /^([A-Za-z_][\w.]*):(.+)$/s;
/** Lucene's default operator is already AND; the keyword itself is not a search term. */
const OPERATORS = new Set(['AND', '&&']);

function fieldClause(fields: EntityIndexFields, name: string, value: string, input: string): QueryClause {
  const field = fields.fields.get(indexFieldName(name));
  if (!field)
    throw badRequest(`search input '${input}': '${name}' is not a searchable field of entity ${fields.entity}`);
  return { kind: 'field', field, value };
}

export function parseQuery(input: string, fields: EntityIndexFields, fulltext = false): ParsedQuery {
  const clauses: QueryClause[] = [];
  let lastWord: QueryClause | undefined;
  for (const match of input.matchAll(PIECE)) {
    const [piece, quotedField, quotedValue, phrase] = match;
    lastWord = undefined;
    if (quotedField !== undefined && quotedValue !== undefined) {
      clauses.push(fieldClause(fields, quotedField, quotedValue, input));
      continue;
    }
    if (phrase !== undefined) {
      for (const token of queryTokens(phrase)) clauses.push({ kind: 'token', token });
      continue;
    }
    if (piece === '*' || OPERATORS.has(piece)) continue;
    if (piece.startsWith(`${URN_FIELD}:`) && tryParseUrn(piece)) {
      clauses.push(fieldClause(fields, URN_FIELD, piece, input));
      continue;
    }
    const fieldValue = FIELD_VALUE.exec(piece);
    if (fieldValue) {
      clauses.push(fieldClause(fields, fieldValue[1] as string, fieldValue[2] as string, input));
      continue;
    }
    for (const token of queryTokens(piece)) clauses.push((lastWord = { kind: 'token', token }));
  }
  if (fulltext && lastWord?.kind === 'token') lastWord.prefix = true;
  return { matchAll: clauses.length === 0, clauses };
}
