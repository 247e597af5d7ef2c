/**
 * The rows the benchmarks print: a figure, its value, and, for a figure with a target, the target
 * and whether this run met it (so a run says by itself which targets hold).
 */
export interface BenchRow {
  scenario: string;
  value: string;
  target: string;
  /** Whether the value meets the target; absent for a figure without one. */
  met?: boolean;
}

export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A row whose value must be at least `target`. */
export function atLeast(
  scenario: string,
  value: number,
  target: number,
  digits = 0,
  shown = fmt(value, digits),
): BenchRow {
  return { scenario, value: shown, target: `≥ ${fmt(target, digits)}`, met: value >= target };
}

/** A row whose value must stay below `target`. */
export function below(
  scenario: string,
  value: number,
  target: number,
  digits = 0,
  shown = fmt(value, digits),
): BenchRow {
  return { scenario, value: shown, target: `< ${fmt(target)}`, met: value < target };
}

/** A row without a target. */
export function info(scenario: string, value: string): BenchRow {
  return { scenario, value, target: '' };
}

export function printRows(rows: readonly BenchRow[], runs: number): void {
  console.log(`\n| scenario | median of ${runs} runs | target | met |\n|---|---|---|---|`);
  for (const row of rows)
    console.log(
      `| ${row.scenario} | ${row.value} | ${row.target} | ${row.met === undefined ? '' : row.met ? 'met' : 'not met'} |`,
    );
  const checked = rows.filter((row) => row.met !== undefined);
  console.log(`\n${checked.filter((row) => row.met).length} of ${checked.length} targets met.`);
}
