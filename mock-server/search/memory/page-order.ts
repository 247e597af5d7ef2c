/**
 * The order of a page's rows, shared by a ranked page (../query/ranked-page.ts) and a sorted one
 * (../query/sort-order.ts): urns compared as SQLite's `ORDER BY urn` (BINARY) and Elasticsearch's keyword
 * terms compare them, by the bytes of their UTF-8 text; and the first rows of many in an order,
 * picked by insertion into the page when the page is short against them instead of a sort of all.
 */

/** `a` before `b` in the order of their UTF-8 bytes: code units compared, a surrogate (a code point above U+FFFF) after U+E000 to U+FFFF. */
export function compareUrns(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i >= a.length) return -1;
  if (i >= b.length) return 1;
  const x = a.charCodeAt(i);
  const y = b.charCodeAt(i);
  if (x >= 0xd800 && y >= 0xd800) return utf8Rank(x) - utf8Rank(y);
  return x - y;
}

const utf8Rank = (unit: number): number => (unit < 0xe000 ? unit + 0x2000 : unit - 0x800);

/** A page shorter than this share of the rows is selected by insertion into the page instead of a sort of every row. */
const SELECTION_SHARE = 8;

/** The indexes (0 to n - 1) of the first `rows` rows in `order` (all of them when `rows` is at least n). */
export function firstInOrder(n: number, rows: number, order: (a: number, b: number) => number): number[] {
  if (rows * SELECTION_SHARE >= n)
    return Array.from({ length: n }, (_, i) => i)
      .sort(order)
      .slice(0, rows);
  // The first `rows` so far, in order: a row after the last of them is passed over.
  const first: number[] = [];
  for (let i = 0; i < n; i++) {
    if (first.length === rows && order(i, first[rows - 1]!) > 0) continue;
    let at = first.length;
    while (at > 0 && order(i, first[at - 1]!) < 0) at--;
    first.splice(at, 0, i);
    if (first.length > rows) first.pop();
  }
  return first;
}
