/**
 * Float64 arrays that a search fills and reads within its own synchronous call (a ranked search's
 * candidates and hits, their frequencies, lengths and scores), kept from one search to the next.
 * At 1,000,000 hits each is 8 MB: allocated at every search, each came from a fresh memory mapping
 * whose pages were faulted in again (about 8,800 page faults and 20 of the 45 ms of a search for a
 * term in every dataset), unless the allocator happened to hold a freed block that large. Nothing
 * may keep one past the search that took it: the next search writes over it.
 */
const kept = new Map<string, Float64Array<ArrayBuffer>>();

/** The array named `slot`, `n` long (its values are whatever the last search left). */
export function scratch(slot: string, n: number): Float64Array<ArrayBuffer> {
  let buffer = kept.get(slot);
  if (!buffer || buffer.length < n) {
    buffer = new Float64Array(n + (n >> 3));
    kept.set(slot, buffer);
  }
  return buffer.subarray(0, n);
}

let zeroed = new Int32Array(0);

/**
 * An Int32 array at least `n` long whose values are all 0, kept from one search to the next (a
 * filter's facet masks: a few ids set, every other id read as 0). The search must set back to 0
 * every value it set before it returns, so that the array is all 0 for the next one.
 */
export function zeroedScratch(n: number): Int32Array {
  if (zeroed.length < n) zeroed = new Int32Array(n + (n >> 3));
  return zeroed;
}
