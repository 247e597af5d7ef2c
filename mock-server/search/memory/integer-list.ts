/**
 * The comma-separated lists of integers SQLite's group_concat gives (ids, frequencies, lengths),
 * read into typed arrays by the counting pass, the document columns and the posting lists.
 */
const COMMA = 44;
const ZERO = 48;

/**
 * The `n` non-negative integers of a comma-separated list, read digit by digit (splitting costs
 * several times more), into `values` when given (n long).
 */
export function integers(list: string, n: number, values = new Float64Array(n)): Float64Array {
  let value = 0;
  let k = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === COMMA) {
      values[k++] = value;
      value = 0;
    } else value = value * 10 + (c - ZERO);
  }
  if (list.length > 0) values[k] = value;
  return values;
}
