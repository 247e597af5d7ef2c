/**
 * The positions in a posting list (term-lists.ts) of the entities of each entity type, worked out
 * once per list and document columns (document-columns.ts): a search across entity types counts each
 * type's hits of the same list, and without them every type walked the whole list (37,500 entities
 * of a prefix, about thirty types a request). An entity keeps its type while a list holding it is
 * kept: only a new entity can take a freed doc_id, and removing the old one changed the token's rows,
 * which dropped the list; the columns built anew get new codes, hence the columns in the key.
 */
import type { Columns } from './document-columns.js';
import type { PostingList } from './term-lists.js';

interface Partition {
  columns: Columns;
  /** Entity code → the positions in the list of the entities of that type, ascending. */
  byCode: Map<number, Int32Array>;
}

const partitions = new WeakMap<PostingList, Partition>();
const NONE = new Int32Array(0);

/** The positions in `list` of the entities whose code in `columns` is `code`, ascending. */
export function positionsOfType(list: PostingList, columns: Columns, code: number): Int32Array {
  let partition = partitions.get(list);
  if (!partition || partition.columns !== columns) {
    partition = { columns, byCode: split(list, columns.entity) };
    partitions.set(list, partition);
  }
  return partition.byCode.get(code) ?? NONE;
}

function split(list: PostingList, entity: Uint16Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  for (let i = 0; i < list.n; i++) {
    const code = entity[list.ids[i]!] ?? 0;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const byCode = new Map<number, Int32Array>();
  const filled = new Map<number, number>();
  for (const [code, n] of counts) {
    byCode.set(code, new Int32Array(n));
    filled.set(code, 0);
  }
  for (let i = 0; i < list.n; i++) {
    const code = entity[list.ids[i]!] ?? 0;
    const at = filled.get(code)!;
    byCode.get(code)![at] = i;
    filled.set(code, at + 1);
  }
  return byCode;
}
