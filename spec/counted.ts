/**
 * A count with its noun, singular for one ("1 aspect", "2 aspects", "1 entity", "3 entities"): what the
 * commands print and the reports say, in one place.
 */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
