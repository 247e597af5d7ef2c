/**
 * Discovery at catalog scale: search, autocomplete and browse latency (p50/p99, one client) over
 * generated datasets (realistic names and descriptions, a 10-field schema, tags, owners) stored with
 * --data, at each size asked for (10,000, 100,000 and 1,000,000 by default), for a query mix; the
 * start-up time and the resident memory of the mock on each file; the bulk write rate with indexing.
 * Each dataset belongs to one of ten business domains that its name, description, team and column
 * names share, so a domain word is a broad term matching 10% of the datasets; the column words are in
 * every dataset. The data files are built once and kept under `.tmp/bench/` (the 1,000,000-dataset
 * one takes minutes); the scaling table and its chart are written beside the benchmark's README.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { fromRoot } from '../../spec/package-root.js';
import { captureLoad, createEmptyStore, replayLoad, type BareLoad, type ReplaySplit } from './bare-rows.js';
import { load, median } from './load.js';
import { atLeast, below, fmt, info, type BenchRow } from './rows.js';
import { scalingChart, scalingTable, type ScalingPoint } from './scaling.js';
import { residentMb, startMock } from './servers.js';

const names = loadContract('svc').names;
const PLATFORMS = ['hive', 'snowflake', 'postgres', 'kafka', 's3', 'bigquery', 'redshift', 'mysql', 'oracle', 'delta'];
const DOMAINS = [
  'orders',
  'customers',
  'payments',
  'shipments',
  'inventory',
  'marketing',
  'sessions',
  'refunds',
  'suppliers',
  'pricing',
];
const STAGES = ['raw', 'clean', 'mart', 'staging', 'archive'];
const TAGS = ['PII', 'Tier1', 'Legacy', 'Finance', 'Streaming', 'Deprecated', 'GDPR', 'Gold'];
const WORDS = [
  'daily',
  'hourly',
  'snapshot',
  'events',
  'summary',
  'history',
  'latest',
  'aggregated',
  'enriched',
  'partitioned',
];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

export function dataset(i: number) {
  const platform = pick(PLATFORMS, i);
  const domain = pick(DOMAINS, i >> 1);
  const name = `${pick(STAGES, i >> 3)}.${domain}_${pick(WORDS, i >> 5)}_${i}`;
  const urn = `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:${platform},${name},PROD)`;
  const aspects: Record<string, Record<string, unknown>> = {
    datasetProperties: {
      name,
      description: `${pick(WORDS, i)} ${domain} table of the ${pick(STAGES, i)} layer, refreshed ${pick(WORDS, i >> 4)}; dataset number ${i}`,
      customProperties: { team: domain, retention: `${(i % 12) + 1} months` },
      created: { time: 1_600_000_000_000 + i * 60_000 },
    },
    schemaMetadata: {
      schemaName: name,
      platform: `${names.urnPrefix}dataPlatform:${platform}`,
      version: 0,
      created: { time: 0, actor: `${names.urnPrefix}corpuser:bench` },
      lastModified: { time: 0, actor: `${names.urnPrefix}corpuser:bench` },
      hash: '',
      platformSchema: { [`${names.recordPrefix}schema.MySqlDDL`]: { tableSchema: '' } },
      fields: Array.from({ length: 10 }, (_, f) => ({
        fieldPath: `${domain}_${pick(WORDS, f)}`,
        nativeDataType: 'varchar',
        type: { type: { [`${names.recordPrefix}schema.StringType`]: {} } },
        description: `The ${pick(WORDS, f)} ${domain} value`,
        nullable: true,
        recursive: false,
      })),
    },
    globalTags: {
      tags: [{ tag: `${names.urnPrefix}tag:${pick(TAGS, i)}` }, { tag: `${names.urnPrefix}tag:${pick(TAGS, i >> 2)}` }],
    },
    ownership: {
      owners: [{ owner: `${names.urnPrefix}corpuser:user${i % 200}`, type: 'DATAOWNER' }],
      lastModified: { time: 0, actor: `${names.urnPrefix}corpuser:bench` },
    },
  };
  return { urn, aspects };
}

/** The aspects of a generated dataset that the bulk write counts (the store writes three more of its own). */
const ASPECTS_PER_DATASET = 4;
/** The bulk write's target, aspects/s, and what it leaves for each dataset, µs. */
const BULK_TARGET = 10_000;
const BULK_BUDGET_US = (ASPECTS_PER_DATASET * 1e6) / BULK_TARGET;

/** Writes the generated datasets into a --data file, 1,000 per transaction; returns the aspects written per second. */
export async function buildStore(file: string, datasets: number, progress = false): Promise<number> {
  const server = await createMockServer({ port: 0, sample: false, data: file, logger: () => {} });
  const context = { actor: `${names.urnPrefix}corpuser:bench`, now: 1_700_000_000_000 };
  const started = performance.now();
  for (let batch = 0; batch < datasets; batch += 1000) {
    server.store.transaction(() => {
      for (let i = batch; i < Math.min(datasets, batch + 1000); i++) {
        const { urn, aspects } = dataset(i);
        for (const [aspect, value] of Object.entries(aspects))
          server.store.upsertAspect('dataset', urn, aspect, value, context);
      }
    });
    if (progress && batch % 50_000 === 0) console.error(`  ${fmt(batch)} of ${fmt(datasets)} datasets written`);
  }
  const aspectsPerSecond = (datasets * ASPECTS_PER_DATASET) / ((performance.now() - started) / 1000);
  await server.close();
  return aspectsPerSecond;
}

/**
 * Bumped whenever `dataset()` or the data file's layout changes, so that a cached file of the earlier
 * generator or layout is not used (2: pages of 16 KiB).
 */
const GENERATOR_VERSION = 2;

/** The cached --data file of a size, built when missing (under a temporary name, so an interrupted build leaves none). */
export async function cachedStore(datasets: number): Promise<string> {
  const dir = fromRoot('.tmp', 'bench');
  const file = join(dir, `search-${datasets}-v${GENERATOR_VERSION}.db`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const building = `${file}.building`;
  rmSync(building, { force: true });
  rmSync(`${building}-wal`, { force: true });
  console.error(`  building ${file} (${fmt(datasets)} datasets, kept for later runs)`);
  await buildStore(building, datasets, true);
  renameSync(building, file);
  return file;
}

/** The mix of the discovery targets, plus a term every dataset holds (it ranks and aggregates the whole catalog). */
const QUERIES: {
  name: string;
  action: 'search' | 'autocomplete' | 'browse';
  body: Record<string, unknown>;
  target: (datasets: number) => number | undefined;
}[] = [
  {
    name: 'search, a selective term',
    action: 'search',
    body: { input: 'dataset number 4242' },
    target: (n) => discoveryTarget(n, 10),
  },
  {
    name: 'search, a broad term (~10%)',
    action: 'search',
    body: { input: 'payments' },
    target: (n) => discoveryTarget(n, 10),
  },
  {
    name: 'search, a term in every dataset',
    action: 'search',
    body: { input: 'daily' },
    target: (n) => (n >= 1_000_000 ? 500 : n >= 100_000 ? 50 : undefined),
  },
  // Two such terms: every dataset is a hit and both lists are merged (no target: the issue's table has none).
  {
    name: 'search, two terms in every dataset',
    action: 'search',
    body: { input: 'snapshot summary' },
    target: () => undefined,
  },
  {
    name: 'search, field:value',
    action: 'search',
    body: { input: 'tags:Gold' },
    target: (n) => discoveryTarget(n, 10),
  },
  {
    name: 'search, a two-condition filter',
    action: 'search',
    body: {
      input: 'orders',
      filter: {
        or: [
          {
            and: [
              { field: 'platform', value: `${names.urnPrefix}dataPlatform:hive`, condition: 'EQUAL' },
              { field: 'tags', value: `${names.urnPrefix}tag:PII`, condition: 'EQUAL' },
            ],
          },
        ],
      },
    },
    target: (n) => discoveryTarget(n, 10),
  },
  {
    name: 'search, * with all aggregations',
    action: 'search',
    body: { input: '*' },
    target: (n) => (n >= 100_000 ? 150 : undefined),
  },
  // Sorted searches read every hit's sort value (no target: the UI sorts a result a user has narrowed).
  {
    name: 'search, * sorted by name',
    action: 'search',
    body: { input: '*', sortCriteria: [{ field: 'name', order: 'ASCENDING' }] },
    target: () => undefined,
  },
  {
    name: 'search, a broad term sorted by date',
    action: 'search',
    body: { input: 'payments', sortCriteria: [{ field: 'createdAt', order: 'DESCENDING' }] },
    target: () => undefined,
  },
  {
    name: 'autocomplete',
    action: 'autocomplete',
    body: { query: 'raw.pay', limit: 10 },
    target: (n) => discoveryTarget(n, 5),
  },
  {
    name: 'browse /prod/hive',
    action: 'browse',
    body: { path: '/prod/hive', start: 0, limit: 20 },
    target: (n) => discoveryTarget(n, 5),
  },
];

/** p99 targets: `at100k` ms at 100,000 datasets, 50 ms at 1,000,000; none at smaller sizes. */
function discoveryTarget(datasets: number, at100k: number): number | undefined {
  if (datasets >= 1_000_000) return 50;
  return datasets >= 100_000 ? at100k : undefined;
}

/** The bulk write: a fresh store of this many datasets, written as buildStore writes the cached ones. */
const BULK_DATASETS = 10_000;

/** Each table's median share of the replays, in µs per dataset, costliest first, and their total. */
function bareSplit(splits: readonly ReplaySplit[]): string {
  const tables = [...new Set(splits.flatMap((split) => [...split.keys()]))];
  const costs = tables
    .map((table) => [table, median(splits.map((split) => split.get(table) ?? 0))] as const)
    .sort((a, b) => b[1] - a[1]);
  const total = costs.reduce((n, [, us]) => n + us, 0);
  return `${costs.map(([table, us]) => `${table} ${fmt(us)}`).join(', ')} (total ${fmt(total)})`;
}

/**
 * The bulk write, and its ceiling in the same run: the rows of the first load written again by bare
 * SQLite (bare-rows.ts), alternated with the loads.
 */
async function benchBulkWrite(runs: number): Promise<BenchRow[]> {
  const ours: number[] = [];
  const bare: number[] = [];
  const splits: ReplaySplit[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  try {
    let captured: BareLoad | undefined;
    for (let r = 0; r < runs; r++) {
      const file = join(dir, `bulk-${r}.db`);
      ours.push(await buildStore(file, BULK_DATASETS));
      if (!captured) {
        await createEmptyStore(join(dir, 'empty.db'));
        captured = captureLoad(file, join(dir, 'empty.db'));
      }
      const copy = join(dir, `bare-${r}.db`);
      await createEmptyStore(copy);
      const { entities } = captured;
      const replay = replayLoad(captured, copy);
      bare.push((entities * ASPECTS_PER_DATASET) / (replay.wallMs / 1000));
      splits.push(new Map([...replay.split].map(([table, ms]) => [table, (ms * 1000) / entities])));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    atLeast(
      `bulk write with indexing (store, the aspects of ${fmt(BULK_DATASETS)} new datasets, 1,000 per transaction): aspects/s`,
      median(ours),
      BULK_TARGET,
    ),
    info(
      'bulk write: the same rows by bare SQLite (plain prepared inserts, same transactions), aspects/s',
      fmt(median(bare)),
    ),
    info('bulk write: ratio of the store to bare SQLite', fmt(median(ours) / median(bare), 2)),
    info(
      `bulk write: bare SQLite's time per dataset by table, µs (the target leaves ${fmt(BULK_BUDGET_US)})`,
      bareSplit(splits),
    ),
  ];
}

/** What the query answers, so the table shows how broad each one is: hits, suggestions or entities under the path. */
async function responseSize(url: string, action: string, body: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as {
    value: { numEntities?: number; suggestions?: unknown[]; metadata?: { totalNumEntities?: number } };
  };
  const count = (n: number, one: string, many: string): string => `${fmt(n)} ${n === 1 ? one : many}`;
  if (action === 'autocomplete') return count(answer.value.suggestions?.length ?? 0, 'suggestion', 'suggestions');
  if (action === 'browse')
    return `${count(answer.value.metadata?.totalNumEntities ?? 0, 'entity', 'entities')} under it`;
  return count(answer.value.numEntities ?? 0, 'hit', 'hits');
}

async function startupMs(file: string): Promise<number> {
  const mock = await startMock(['--no-sample', '--data', file]);
  await mock.stop();
  return mock.startupMs;
}

export async function benchSearch(
  runs: number,
  seconds: number,
  sizes = [10_000, 100_000, 1_000_000],
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  rows.push(...(await benchBulkWrite(runs)));
  const scaling: ScalingPoint[] = [];
  for (const datasets of sizes) {
    const file = await cachedStore(datasets);
    const label = `${fmt(datasets)} datasets`;
    // The first start after a build (or a layout change) may rebuild derived tables: not counted.
    await startupMs(file);
    const startups: number[] = [];
    for (let r = 0; r < runs; r++) startups.push(await startupMs(file));
    const startupLabel = `${label}: start-up to first answer on the --data file (as npm start runs it): ms`;
    rows.push(
      datasets === 100_000 ? below(startupLabel, median(startups), 1000) : info(startupLabel, fmt(median(startups))),
    );
    const mock = await startMock(['--no-sample', '--data', file]);
    try {
      for (const query of QUERIES) {
        const p50s: number[] = [];
        const p99s: number[] = [];
        const url = `${mock.url}/entities?action=${query.action}`;
        const body = JSON.stringify({
          entity: 'dataset',
          ...(query.action === 'search' ? { start: 0, count: 10 } : {}),
          ...query.body,
        });
        const size = await responseSize(url, query.action, body);
        for (let r = 0; r < runs; r++) {
          const result = await load({ url, method: 'POST', seconds, connections: 1, body: () => body });
          if (result.errors + result.non2xx) throw new Error(`${query.name}: failed requests`);
          p50s.push(result.p50Ms);
          p99s.push(result.p99Ms);
        }
        const p50 = median(p50s);
        const p99 = median(p99s);
        scaling.push({ form: query.name, datasets, p50, p99 });
        const target = query.target(datasets);
        const scenario = `${label}: ${query.name} (${size}): p50 / p99 ms`;
        const shown = `${fmt(p50, 1)} / ${fmt(p99, 1)}`;
        rows.push(target === undefined ? info(scenario, shown) : below(scenario, p99, target, 1, shown));
      }
      const memory = residentMb(mock.process.pid!);
      const memoryLabel = `${label}: resident memory of the mock after the queries (peak), MB`;
      const shown = `${fmt(memory.now)} (${fmt(memory.peak)})`;
      rows.push(datasets >= 1_000_000 ? below(memoryLabel, memory.now, 500, 0, shown) : info(memoryLabel, shown));
    } finally {
      await mock.stop();
    }
  }
  if (sizes.length > 1) {
    writeFileSync(fromRoot('scripts', 'bench', 'scaling.md'), scalingTable(scaling));
    writeFileSync(fromRoot('scripts', 'bench', 'scaling.svg'), scalingChart(scaling));
    console.error('  wrote scripts/bench/scaling.md and scripts/bench/scaling.svg');
  }
  return rows;
}
