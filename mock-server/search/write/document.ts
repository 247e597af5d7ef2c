/**
 * The search document of an entity, built from the `x-searchable` annotations of its latest
 * versioned aspects: every value of every search field (one row per distinct value), the
 * hasValues booleans, the urn, the browse paths and `removed` (false unless the status aspect says
 * true). The rows are grouped by field, with every field of the entity present (an absent field has
 * no rows), so that a write can rewrite only the fields whose rows changed; values are analyzed into
 * tokens only then, for the fields written (../tables.ts).
 */
import { urnLastPart, valuesAt } from '../../../spec/index.js';
import {
  NUMERIC_TYPES,
  REMOVED_FIELD,
  URN_FIELD,
  URN_TYPES,
  type EntityIndexFields,
  type IndexField,
} from '../index-fields.js';
import type { LatestAspectValues } from '../../store/types.js';

export interface DocumentValue {
  field: string;
  value: string;
  /** The last key part of a URN value, so that `tags:Legacy` finds `urn:svc:tag:Legacy`. */
  lastPart: string | null;
  /** The value as a number, for range filters on COUNT and DATETIME fields. */
  num: number | null;
}

/** The rows of one search field of the document. */
export interface DocumentField {
  field: IndexField;
  values: DocumentValue[];
}

export interface SearchDocument {
  urn: string;
  entity: string;
  removed: boolean;
  /** The search fields of the document, by name: every field of the entity, or those a partial document was built with. */
  fields: ReadonlyMap<string, DocumentField>;
  /** Every search field of the entity, by name, as its definitions stand. */
  definitions: ReadonlyMap<string, IndexField>;
  browsePaths: string[];
}

/** Stored values as strings: scalars as written, map entries as `key=value` (upstream's keyword form of maps). */
function scalars(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(scalars);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => scalars(v).map((s) => `${k}=${s}`));
  }
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}

function documentValue(field: IndexField, value: string): DocumentValue {
  const num =
    NUMERIC_TYPES.has(field.type) && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
  return { field: field.name, value, lastPart: URN_TYPES.has(field.type) ? urnLastPart(value) : null, num };
}

/**
 * The document of an entity, whole, or (given `only`) with just those fields (its `removed` flag read all the same):
 * a write of one aspect reads only the annotations that can have changed.
 */
export function buildSearchDocument(
  urn: string,
  fields: EntityIndexFields,
  latest: LatestAspectValues,
  only?: ReadonlySet<string>,
): SearchDocument {
  const wanted = (name: string): boolean => only === undefined || name === REMOVED_FIELD || only.has(name);
  const byField = new Map<string, Set<string>>([[URN_FIELD, new Set([urn])]]);
  const present = new Set<string>();
  // An aspect's value is read only for a field wanted (the store parses it then).
  for (const aspectName of latest.keys()) {
    for (const annotation of fields.byAspect.get(aspectName) ?? []) {
      const counted = annotation.hasValuesFieldName !== undefined && wanted(annotation.hasValuesFieldName);
      if (!wanted(annotation.fieldName) && !counted) continue;
      const found = valuesAt(latest.get(aspectName), annotation.path).flatMap(scalars);
      if (found.length === 0) continue;
      if (counted && found.some((v) => v !== '')) present.add(annotation.hasValuesFieldName as string);
      if (!wanted(annotation.fieldName)) continue;
      let set = byField.get(annotation.fieldName);
      if (!set) byField.set(annotation.fieldName, (set = new Set()));
      for (const v of found) set.add(v);
    }
  }
  for (const name of fields.hasValues) if (wanted(name)) byField.set(name, new Set([String(present.has(name))]));
  const removed = byField.get(REMOVED_FIELD)?.has('true') ?? false;
  byField.set(REMOVED_FIELD, new Set([String(removed)]));

  // Fields with values first, in the order they were found (the order of matchedFields), then the absent ones.
  const documentFields = new Map<string, DocumentField>();
  const addField = (name: string): void => {
    if (documentFields.has(name) || (only !== undefined && !only.has(name))) return;
    const field = fields.fields.get(name);
    if (field)
      documentFields.set(name, {
        field,
        values: [...(byField.get(name) ?? [])].map((value) => documentValue(field, value)),
      });
  };
  for (const name of byField.keys()) addField(name);
  // An absent field has no rows, whatever its place: a partial document looks only at those it wants.
  for (const name of only ?? fields.fields.keys()) addField(name);
  const browsePaths = fields.browsePathFields.flatMap((name) => [...(byField.get(name) ?? [])]);
  return { urn, entity: fields.entity, removed, fields: documentFields, definitions: fields.fields, browsePaths };
}
