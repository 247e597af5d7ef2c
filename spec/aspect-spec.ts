/**
 * Reads the facts the mock needs from an aspect's JSON Schema: the `x-aspect` header and the
 * `x-searchable` / `x-relationship` annotations, each with the path of the annotated value inside
 * the aspect (property names, `*` for array items, `$key`/`$value` for map entries).
 */
export type AspectKind = 'versioned' | 'timeseries';

export type SearchableFieldType =
  | 'TEXT'
  | 'TEXT_PARTIAL'
  | 'WORD_GRAM'
  | 'KEYWORD'
  | 'URN'
  | 'URN_PARTIAL'
  | 'BOOLEAN'
  | 'COUNT'
  | 'DATETIME'
  | 'BROWSE_PATH'
  | 'MAP_ARRAY';

export interface SearchableField {
  /** Path of the value inside the aspect; `*` stands for every array item, `$key`/`$value` for map entries. */
  path: string[];
  fieldName: string;
  fieldType: SearchableFieldType;
  queryByDefault: boolean;
  addToFilters: boolean;
  filterName: string;
  enableAutocomplete: boolean;
  boostScore: number;
  /** Boolean index field that is true when the value is present and non-empty (e.g. hasDescription). */
  hasValuesFieldName?: string;
  /** Other names of the field (upstream's fieldNameAliases, e.g. `_entityName` on a dataset's name), for sorting. */
  fieldNameAliases?: string[];
}

export interface RelationshipField {
  path: string[];
  name: string;
  entityTypes: string[];
  /**
   * Upstream's @Relationship isLineage: the edge is part of the lineage graph, and `isUpstream` (true
   * unless the annotation says false, as DataJobInputOutput's Produces does) says its destination is
   * upstream of its source.
   */
  lineage?: { isUpstream: boolean };
  /**
   * Where an edge's times, actors and properties are read (upstream's @Relationship createdOn,
   * createdActor, updatedOn, updatedActor and properties, written as upstream writes them, e.g. an
   * upstream's created time as `upstreams`, `*`, `created`, `time` joined by slashes): each relative to
   * the array item holding the edge's value, `item` (the path up to its last `*`), whose value is at
   * `value` inside the item.
   */
  edge?: { item: string[]; value: string[] } & Partial<Record<EdgePathKey, string[]>>;
}

/** The annotation keys that name where an edge's own data is. */
const EDGE_PATH_KEYS = ['createdOn', 'createdActor', 'updatedOn', 'updatedActor', 'properties'] as const;
type EdgePathKey = (typeof EDGE_PATH_KEYS)[number];

interface RawRelationship extends Partial<Record<EdgePathKey, string>> {
  name: string;
  entityTypes: string[];
  isLineage?: boolean;
  isUpstream?: boolean;
}

/** The relationship of an annotation at `path`; its edge paths must lie in the same array item as the value. */
function relationshipField(raw: RawRelationship, path: string[]): RelationshipField {
  const field: RelationshipField = { path, name: raw.name, entityTypes: raw.entityTypes };
  if (raw.isUpstream !== undefined && !raw.isLineage) throw new Error(`x-relationship ${raw.name} at ${path.join('/')}: isUpstream without isLineage`);
  if (raw.isLineage) field.lineage = { isUpstream: raw.isUpstream ?? true };
  const edgePaths = EDGE_PATH_KEYS.filter((key) => raw[key] !== undefined);
  if (edgePaths.length === 0) return field;
  const item = path.slice(0, path.lastIndexOf('*') + 1);
  const edge: NonNullable<RelationshipField['edge']> = { item, value: path.slice(item.length) };
  for (const key of edgePaths) {
    const steps = (raw[key] ?? '').split('/');
    if (item.length === 0 || steps.slice(0, item.length).join('/') !== item.join('/')) {
      throw new Error(`x-relationship ${raw.name} at ${path.join('/')}: ${key} ${raw[key]} is not inside the array item ${item.join('/') || '(none)'}`);
    }
    edge[key] = steps.slice(item.length);
  }
  field.edge = edge;
  return field;
}

export interface AspectSpec {
  name: string;
  /** Fully qualified record name, the union key in snapshots and in GET /aspects. */
  record: string;
  kind: AspectKind;
  /** The dereferenced JSON Schema of the aspect value. */
  schema: JsonSchema;
  searchable: SearchableField[];
  relationships: RelationshipField[];
}

export type JsonSchema = { [key: string]: unknown };

const QUERY_BY_DEFAULT: ReadonlySet<SearchableFieldType> = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM', 'URN', 'URN_PARTIAL']);

interface RawSearchable {
  fieldName?: string;
  fieldType?: SearchableFieldType;
  queryByDefault?: boolean;
  addToFilters?: boolean;
  filterName?: string;
  enableAutocomplete?: boolean;
  boostScore?: number;
  hasValuesFieldName?: string;
  fieldNameAliases?: string[];
}

/** Applies upstream's @Searchable defaults (restli-facts §4.1) to one annotation. */
function searchableField(raw: RawSearchable, path: string[], schema: JsonSchema): SearchableField {
  const lastName = [...path].reverse().find((p) => p !== '*' && p !== '$key' && p !== '$value') ?? 'value';
  const fieldType: SearchableFieldType =
    raw.fieldType ?? (schema.type === 'integer' || schema.type === 'number' ? 'COUNT' : schema.type === 'object' ? 'KEYWORD' : 'TEXT');
  const fieldName = raw.fieldName ?? lastName;
  const field: SearchableField = {
    path,
    fieldName,
    fieldType,
    queryByDefault: raw.queryByDefault ?? QUERY_BY_DEFAULT.has(fieldType),
    addToFilters: raw.addToFilters ?? false,
    filterName: raw.filterName ?? fieldName,
    enableAutocomplete: raw.enableAutocomplete ?? false,
    boostScore: raw.boostScore ?? 1,
  };
  if (raw.hasValuesFieldName) field.hasValuesFieldName = raw.hasValuesFieldName;
  if (raw.fieldNameAliases && raw.fieldNameAliases.length > 0) field.fieldNameAliases = [...raw.fieldNameAliases];
  return field;
}

function walk(schema: unknown, path: string[], out: { searchable: SearchableField[]; relationships: RelationshipField[] }, seen: Set<unknown>): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const s = schema as JsonSchema;
  const searchable = s['x-searchable'] as RawSearchable | undefined;
  if (searchable) out.searchable.push(searchableField(searchable, path, s));
  const relationship = s['x-relationship'] as RawRelationship | undefined;
  if (relationship) out.relationships.push(relationshipField(relationship, path));
  const properties = s.properties as Record<string, unknown> | undefined;
  if (properties) for (const [name, sub] of Object.entries(properties)) walk(sub, [...path, name], out, seen);
  if (s.items) walk(s.items, [...path, '*'], out, seen);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, [...path, '$value'], out, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) for (const branch of branches) walk(branch, path, out, seen);
  }
  seen.delete(schema);
}

/** Builds the AspectSpec of a dereferenced schema carrying `x-aspect`. */
export function aspectSpec(schema: JsonSchema): AspectSpec {
  const header = schema['x-aspect'] as { name: string; record: string; kind: AspectKind } | undefined;
  if (!header) throw new Error('aspectSpec: schema has no x-aspect');
  const out = { searchable: [] as SearchableField[], relationships: [] as RelationshipField[] };
  walk(schema, [], out, new Set());
  return { name: header.name, record: header.record, kind: header.kind, schema, ...out };
}

/** Every value found at `path` inside an aspect value (arrays and maps fan out). */
export function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [value];
  for (const step of path) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || v === undefined) continue;
      if (step === '*') {
        if (Array.isArray(v)) next.push(...v);
      } else if (step === '$value') {
        if (typeof v === 'object' && !Array.isArray(v)) next.push(...Object.values(v as object));
      } else if (step === '$key') {
        if (typeof v === 'object' && !Array.isArray(v)) next.push(...Object.keys(v as object));
      } else if (typeof v === 'object' && !Array.isArray(v)) {
        next.push((v as Record<string, unknown>)[step]);
      }
    }
    current = next;
  }
  return current.filter((v) => v !== null && v !== undefined);
}
