/**
 * `npm run bench [-- --runs N --seconds S --only core|search|graphql|app-search|app-lineage|timeseries|conformance|control --search-sizes 10000,100000,1000000]`:
 * the benchmarks, each a median of N runs, printed as a markdown table in which every figure with a
 * target says whether this run met it. Throughput is reported as a ratio to a baseline measured
 * in the same run, the two loads alternated.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchAppLineage } from './bench/app-lineage.js';
import { benchAppSearch } from './bench/app-search.js';
import { benchConformance } from './bench/conformance.js';
import { benchGraphql } from './bench/graphql.js';
import { benchMockCore } from './bench/mock-core.js';
import { printRows, type BenchRow } from './bench/rows.js';
import { benchSearch } from './bench/search.js';
import { benchTestControl } from './bench/test-control.js';
import { benchTimeseries } from './bench/timeseries.js';

const USAGE =
  'usage: npm run bench [-- --runs N --seconds S --only core|search|graphql|app-search|app-lineage|timeseries|conformance|control ... --search-sizes 10000,100000,1000000]';

/** The options, or a one-line reason (and the usage) on stderr and exit 2. */
function options() {
  try {
    const { values } = parseArgs({
      options: {
        runs: { type: 'string', default: '3' },
        seconds: { type: 'string', default: '5' },
        only: { type: 'string', multiple: true },
        'search-sizes': { type: 'string', default: '10000,100000,1000000' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const count = (name: string, text: string): number => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} '${text}': expected a whole number of at least 1`);
      return n;
    };
    const unknown = (values.only ?? []).filter((name) => !(name in suites));
    if (unknown.length > 0)
      throw new Error(`--only '${unknown.join("', '")}': expected one of ${Object.keys(suites).join(', ')}`);
    return {
      runs: count('runs', values.runs),
      seconds: count('seconds', values.seconds),
      only: values.only,
      searchSizes: values['search-sizes'].split(',').map((size) => count('search-sizes', size)),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const suites: Record<string, (runs: number, seconds: number) => Promise<BenchRow[]>> = {
  core: benchMockCore,
  search: (r, s) => benchSearch(r, s, chosen.searchSizes),
  graphql: benchGraphql,
  'app-search': benchAppSearch,
  'app-lineage': benchAppLineage,
  timeseries: benchTimeseries,
  conformance: (r) => benchConformance(r),
  control: benchTestControl,
};
const chosen = options();
const { runs, seconds } = chosen;

// A suite that fails is named and the others still run, so that an hour of figures is not lost to one;
// the command then exits with 1.
const rows: BenchRow[] = [];
const failed: string[] = [];
for (const [name, suite] of Object.entries(suites)) {
  if (chosen.only && !chosen.only.includes(name)) continue;
  console.error(`${name} (${runs} runs of ${seconds} s each)`);
  try {
    rows.push(...(await suite(runs, seconds)));
  } catch (error) {
    console.error(`${name} failed: ${(error as Error).stack ?? String(error)}`);
    failed.push(name);
  }
}

console.log(
  `\nload average (1, 5, 15 min) at the end: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`,
);
printRows(rows, runs);
if (failed.length > 0) {
  console.log(`\nfailed, so not in the table: ${failed.join(', ')}`);
  process.exitCode = 1;
}
