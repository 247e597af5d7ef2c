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
