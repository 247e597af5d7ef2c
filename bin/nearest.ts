/**
 * "Did you mean": the candidates nearest to what was typed, by edit distance (insertions, deletions,
 * substitutions), for unknown options and for an --only pattern that selects nothing.
 */

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Up to `count` candidates nearest to `typed` (case-insensitive), nearest first; only those within
 * `within` edits of it when given, so a suggestion is never a wild guess.
 */
export function nearest(typed: string, candidates: Iterable<string>, count: number, within = Infinity): string[] {
  const word = typed.toLowerCase();
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, distance: editDistance(word, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= within)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}
