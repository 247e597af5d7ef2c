/**
 * The search fields of each entity, read from the `x-searchable` annotations of the aspects the
 * registry allows for it, time series aspects included (their newest point's values). A field name written by several aspects (e.g. `platform` by the key and by
 * dataPlatformInstance) is one field whose values are the union; its flags are the union and its
 * boost the highest. `hasValuesFieldName` fields are booleans; `urn` and `removed` exist for every
 * entity because upstream always indexes them.
 */
import type { Contract, SearchableField, SearchableFieldType } from '../../spec/index.js';

export interface IndexField {
  name: string;
  type: SearchableFieldType;
  queryByDefault: boolean;
  addToFilters: boolean;
  enableAutocomplete: boolean;
  boost: number;
}

export interface EntityIndexFields {
  entity: string;
  fields: ReadonlyMap<string, IndexField>;
  /** Annotations by aspect name, for the document builder. */
  byAspect: ReadonlyMap<string, readonly SearchableField[]>;
  /** Names of the hasValues booleans. */
  hasValues: readonly string[];
  /** Fields whose values are browse paths. */
  browsePathFields: readonly string[];
  /** Fields added to filters: the aggregations of a search. */
  aggregatedFields: readonly string[];
  /** The field each alias names (the annotations' fieldNameAliases). */
  aliases: ReadonlyMap<string, string>;
}

export const URN_FIELD = 'urn';
export const REMOVED_FIELD = 'removed';
/** Upstream's name for the Elasticsearch index a document is in: one per entity type, so it names the type. */
export const ENTITY_INDEX_FIELD = '_index';

/**
 * The name of an entity type's search index in upstream (IndexConventionImpl.getEntityIndexName,
 * metadata-utils, v1.3.0.1, without an index prefix): `datasetindex_v2`.
 */
export const entityIndexName = (entity: string): string => `${entity}index_v2`.toLowerCase();

/** Types whose values go through the analyzer and are matched token by token. */
export const TEXT_TYPES: ReadonlySet<SearchableFieldType> = new Set(['TEXT', 'TEXT_PARTIAL', 'WORD_GRAM']);
/** Types compared as numbers by range filters. */
export const NUMERIC_TYPES: ReadonlySet<SearchableFieldType> = new Set(['COUNT', 'DATETIME']);
/** Types whose values are URNs, matched by the full URN or its last key part. */
export const URN_TYPES: ReadonlySet<SearchableFieldType> = new Set(['URN', 'URN_PARTIAL']);

function merge(into: Map<string, IndexField>, field: IndexField): void {
  const known = into.get(field.name);
  if (!known) {
    into.set(field.name, field);
    return;
  }
  known.queryByDefault ||= field.queryByDefault;
  known.addToFilters ||= field.addToFilters;
  known.enableAutocomplete ||= field.enableAutocomplete;
  known.boost = Math.max(known.boost, field.boost);
}

function entityFields(contract: Contract, entity: string, aspects: readonly string[]): EntityIndexFields {
  const fields = new Map<string, IndexField>();
  const byAspect = new Map<string, SearchableField[]>();
  const hasValues = new Set<string>();
  const aliases = new Map<string, string>();
  merge(fields, {
    name: URN_FIELD,
    type: 'URN',
    queryByDefault: true,
    addToFilters: false,
    enableAutocomplete: false,
    boost: 1,
  });
  merge(fields, {
    name: REMOVED_FIELD,
    type: 'BOOLEAN',
    queryByDefault: false,
    addToFilters: false,
    enableAutocomplete: false,
    boost: 1,
  });
  for (const aspectName of aspects) {
    const aspect = contract.aspects.get(aspectName);
    if (!aspect || aspect.searchable.length === 0) continue;
    byAspect.set(aspectName, aspect.searchable);
    for (const s of aspect.searchable) {
      merge(fields, {
        name: s.fieldName,
        type: s.fieldType,
        queryByDefault: s.queryByDefault,
        addToFilters: s.addToFilters,
        enableAutocomplete: s.enableAutocomplete,
        boost: s.boostScore,
      });
      for (const alias of s.fieldNameAliases ?? []) if (!aliases.has(alias)) aliases.set(alias, s.fieldName);
      if (s.hasValuesFieldName) {
        hasValues.add(s.hasValuesFieldName);
        merge(fields, {
          name: s.hasValuesFieldName,
          type: 'BOOLEAN',
          queryByDefault: false,
          addToFilters: false,
          enableAutocomplete: false,
          boost: 1,
        });
      }
    }
  }
  const browsePathFields = [...fields.values()].filter((f) => f.type === 'BROWSE_PATH').map((f) => f.name);
  const aggregatedFields = [...fields.values()].filter((f) => f.addToFilters).map((f) => f.name);
  return { entity, fields, byAspect, hasValues: [...hasValues], browsePathFields, aggregatedFields, aliases };
}

/** Search fields of every entity of the registry, by entity name. */
export function indexFieldsOf(contract: Contract): ReadonlyMap<string, EntityIndexFields> {
  const out = new Map<string, EntityIndexFields>();
  for (const entity of contract.entities.values())
    out.set(entity.name, entityFields(contract, entity.name, entity.aspects));
  return out;
}

/** Filter field names may carry upstream's `.keyword` suffix; it names the same field. */
export function indexFieldName(name: string): string {
  return name.endsWith('.keyword') ? name.slice(0, -'.keyword'.length) : name;
}
