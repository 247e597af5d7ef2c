/**
 * `npm run bench [-- --runs N --seconds S]`: the benchmarks, each a median of N runs, printed as a
 * markdown table. Throughput is reported as a ratio to a baseline measured in the same run.
 */
import { parseArgs } from 'node:util';
import { benchMockCore, type BenchRow } from './bench/mock-core.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const seconds = Number(values.seconds);

const rows: BenchRow[] = [];
console.error(`mock server core (${runs} runs of ${seconds} s each)`);
rows.push(...(await benchMockCore(runs, seconds)));

console.log(`\n| scenario | median of ${runs} runs | target |\n|---|---|---|`);
for (const row of rows) console.log(`| ${row.scenario} | ${row.value} | ${row.target} |`);
