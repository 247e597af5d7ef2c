/**
 * Upstream's ArrayMergingTemplate: an array field of an aspect is turned into a map keyed by the
 * values of some fields of its items (nested maps for several key fields), so that a JSON Patch can
 * address one item by key (`/upstreams/<urn>`, `/owners/<urn>/<type>/...`), and turned back into an
 * array after the patch. Items with the same keys merge into one, as upstream's `setAll` merges them.
 * Upstream: entity-registry/src/main/java/com/linkedin/metadata/aspect/patch/template/ArrayMergingTemplate.java
 * (datahub-project/datahub, commit 359cd25eb65e0aedbb35236ab9c030c0742339e1).
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

export interface KeyedArray {
  /** Where the array lives in the object that holds it, e.g. `['upstreams']` or `['globalTags', 'tags']`. */
  path: readonly string[];
  /**
   * The fields whose values key an item, outermost first; `a.b` is field b of object a (upstream
   * writes `a␟b`). None: the items are strings keyed by themselves.
   */
  keys: readonly string[];
  /** Keyed arrays inside each item (the tags and terms of an editable schema field). */
  within?: readonly KeyedArray[];
}

export function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key of an item for one key field: its text, or '' when absent or not a scalar (as Jackson's asText). */
function keyOf(item: Json, field: string): string {
  let value: Json = item;
  for (const part of field.split('.')) value = isObject(value) ? value[part] : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/**
 * The key of an item of a string array. A one-member union such as ChartInfo.inputs' `{string: urn}`
 * is keyed by its member's value: upstream keys every non-string item '' and so keeps only the last.
 */
function stringItemKey(item: Json): string {
  if (typeof item === 'string') return item;
  const members = isObject(item) ? Object.values(item) : [];
  return members.length === 1 && typeof members[0] === 'string' ? members[0] : '';
}

function toMap(items: readonly Json[], keys: readonly string[]): JsonObject {
  const map: JsonObject = {};
  for (const item of items) {
    if (keys.length === 0) {
      map[stringItemKey(item)] = item;
      continue;
    }
    let node = map;
    for (const field of keys) {
      const key = keyOf(item, field);
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as JsonObject;
    }
    if (isObject(item)) Object.assign(node, item);
  }
  return map;
}

/**
 * An object holding a scalar is an item even above the last level of keys (every item holds its
 * key field): the shorter paths of older clients (`/owners/<urn>/<type>` with the owner as value).
 */
function isItem(node: JsonObject): boolean {
  return Object.values(node).some((value) => value === null || typeof value !== 'object');
}

/** Upstream's mergeToArray: one level of the map per key field; arrays at any level (newer clients' leaves) give their elements. */
function collect(node: Json, keys: readonly string[], path: readonly string[], out: Json[]): void {
  if (Array.isArray(node)) {
    for (const element of node) collect(element, keys, path, out);
  } else if (!isObject(node)) {
    out.push(node);
  } else if (path.length >= keys.length || isItem(node)) {
    // Upstream re-injects a scalar key field that lived only in the patch path.
    const item = { ...node };
    keys.forEach((field, i) => {
      const key = path[i];
      if (key && !field.includes('.') && item[field] === undefined) item[field] = key;
    });
    out.push(item);
  } else {
    for (const [key, child] of Object.entries(node)) collect(child, keys, [...path, key], out);
  }
}

function toArray(map: JsonObject, keys: readonly string[]): Json[] {
  if (keys.length === 0) return Object.values(map);
  const out: Json[] = [];
  collect(map, keys, [], out);
  return out;
}

/** Calls `visit` with the object holding each keyed array and the array's field; skips an array whose parent is absent. */
function eachKeyedArray(
  value: JsonObject,
  arrays: readonly KeyedArray[],
  visit: (parent: JsonObject, field: string, keyed: KeyedArray) => void,
): void {
  for (const keyed of arrays) {
    let parent: Json = value;
    for (const part of keyed.path.slice(0, -1)) parent = isObject(parent) ? parent[part] : undefined;
    if (isObject(parent)) visit(parent, keyed.path.at(-1) as string, keyed);
  }
}

/** Each keyed array as a map (an absent top-level array becomes an empty map, as upstream's). */
export function arraysToMaps(value: JsonObject, arrays: readonly KeyedArray[]): void {
  eachKeyedArray(value, arrays, (parent, field, keyed) => {
    const current = parent[field];
    const items = Array.isArray(current) ? current : [];
    if (keyed.within) for (const item of items) if (isObject(item)) arraysToMaps(item, keyed.within);
    parent[field] = toMap(items, keyed.keys);
  });
}

/** Each map back as an array; an array a patch put in place whole stays as it is, an absent one becomes []. */
export function mapsToArrays(value: JsonObject, arrays: readonly KeyedArray[]): void {
  eachKeyedArray(value, arrays, (parent, field, keyed) => {
    const current = parent[field];
    const items = Array.isArray(current) ? current : isObject(current) ? toArray(current, keyed.keys) : [];
    if (keyed.within) for (const item of items) if (isObject(item)) mapsToArrays(item, keyed.within);
    parent[field] = items;
  });
}
