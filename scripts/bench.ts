/**
 * `npm run bench [-- --runs N --seconds S --only core|search|graphql|timeseries|conformance|control --search-sizes 10000,100000]`: the benchmarks, each a
 * median of N runs, printed as a markdown table. Throughput is reported as a ratio to a baseline
 * measured in the same run.
 */
import { parseArgs } from 'node:util';
import { benchConformance } from './bench/conformance.js';
import { benchGraphql } from './bench/graphql.js';
import { benchMockCore, type BenchRow } from './bench/mock-core.js';
import { benchSearch } from './bench/search.js';
import { benchTestControl } from './bench/test-control.js';
import { benchTimeseries } from './bench/timeseries.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string', multiple: true },
    'search-sizes': { type: 'string', default: '10000,100000' },
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

console.log(`\n| scenario | median of ${runs} runs | target |\n|---|---|---|`);
for (const row of rows) console.log(`| ${row.scenario} | ${row.value} | ${row.target} |`);
