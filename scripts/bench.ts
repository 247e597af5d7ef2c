/**
 * `npm run bench [-- --runs N --seconds S --only core|search|graphql|timeseries|conformance|control --search-sizes 10000,100000,1000000]`:
 * the benchmarks, each a median of N runs, printed as a markdown table in which every figure with a
 * target says whether this run met it. Throughput is reported as a ratio to a baseline measured
 * in the same run, the two loads alternated.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { benchConformance } from './bench/conformance.js';
import { benchGraphql } from './bench/graphql.js';
import { benchMockCore } from './bench/mock-core.js';
import { printRows, type BenchRow } from './bench/rows.js';
import { benchSearch } from './bench/search.js';
import { benchTestControl } from './bench/test-control.js';
import { benchTimeseries } from './bench/timeseries.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string', multiple: true },
    'search-sizes': { type: 'string', default: '10000,100000,1000000' },
  },
});
const runs = Number(values.runs);
const seconds = Number(values.seconds);

const suites: Record<string, (runs: number, seconds: number) => Promise<BenchRow[]>> = {
  core: benchMockCore,
  search: (r, s) => benchSearch(r, s, values['search-sizes'].split(',').map(Number)),
  graphql: benchGraphql,
  timeseries: benchTimeseries,
  conformance: (r) => benchConformance(r),
  control: benchTestControl,
};

const rows: BenchRow[] = [];
for (const [name, suite] of Object.entries(suites)) {
  if (values.only && !values.only.includes(name)) continue;
  console.error(`${name} (${runs} runs of ${seconds} s each)`);
  rows.push(...(await suite(runs, seconds)));
}

console.log(`\nload average (1, 5, 15 min) at the end: ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
printRows(rows, runs);
