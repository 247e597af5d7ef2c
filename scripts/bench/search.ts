/**
 * Discovery at catalog scale: search, autocomplete and browse latency (p50/p99, one client) over
 * 10,000 and 100,000 generated datasets (realistic names and descriptions, a 10-field schema, tags,
 * owners) stored with --data, for a query mix; and the mock's resident memory.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { load, median } from './load.js';
import type { BenchRow } from './mock-core.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const PLATFORMS = ['hive', 'snowflake', 'postgres', 'kafka', 's3', 'bigquery', 'redshift', 'mysql', 'oracle', 'delta'];
const DOMAINS = ['orders', 'customers', 'payments', 'shipments', 'inventory', 'marketing', 'sessions', 'refunds', 'suppliers', 'pricing'];
const STAGES = ['raw', 'clean', 'mart', 'staging', 'archive'];
const TAGS = ['PII', 'Tier1', 'Legacy', 'Finance', 'Streaming', 'Deprecated', 'GDPR', 'Gold'];
const WORDS = ['daily', 'hourly', 'snapshot', 'events', 'summary', 'history', 'latest', 'aggregated', 'enriched', 'partitioned'];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

function dataset(i: number) {
  const platform = pick(PLATFORMS, i);
  const name = `${pick(STAGES, i >> 3)}.${pick(DOMAINS, i >> 1)}_${pick(WORDS, i >> 5)}_${i}`;
  const urn = `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:${platform},${name},PROD)`;
  const aspects: Record<string, Record<string, unknown>> = {
    datasetProperties: {
      name,
      description: `${pick(WORDS, i)} ${pick(DOMAINS, i >> 2)} table of the ${pick(STAGES, i)} layer, refreshed ${pick(WORDS, i >> 4)}; dataset number ${i}`,
      customProperties: { team: pick(DOMAINS, i >> 6), retention: `${(i % 12) + 1} months` },
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
        fieldPath: `${pick(DOMAINS, i + f)}_${pick(WORDS, f)}`,
        nativeDataType: 'varchar',
        type: { type: { [`${names.recordPrefix}schema.StringType`]: {} } },
        description: `The ${pick(WORDS, f)} ${pick(DOMAINS, i + f)} value`,
        nullable: true,
        recursive: false,
      })),
    },
    globalTags: { tags: [{ tag: `${names.urnPrefix}tag:${pick(TAGS, i)}` }, { tag: `${names.urnPrefix}tag:${pick(TAGS, i >> 2)}` }] },
    ownership: {
      owners: [{ owner: `${names.urnPrefix}corpuser:user${i % 200}`, type: 'DATAOWNER' }],
      lastModified: { time: 0, actor: `${names.urnPrefix}corpuser:bench` },
    },
  };
  return { urn, aspects };
}

async function buildStore(file: string, datasets: number): Promise<number> {
  const server = await createMockServer({ port: 0, sample: false, data: file, logger: () => {} });
  const context = { actor: `${names.urnPrefix}corpuser:bench`, now: 1_700_000_000_000 };
  const started = performance.now();
  for (let batch = 0; batch < datasets; batch += 1000) {
    server.store.transaction(() => {
      for (let i = batch; i < Math.min(datasets, batch + 1000); i++) {
        const { urn, aspects } = dataset(i);
        for (const [aspect, value] of Object.entries(aspects)) server.store.upsertAspect('dataset', urn, aspect, value, context);
      }
    });
  }
  const aspectsPerSecond = (datasets * 4) / ((performance.now() - started) / 1000);
  await server.close();
  return aspectsPerSecond;
}

const QUERIES: { name: string; action: 'search' | 'autocomplete' | 'browse'; body: Record<string, unknown>; target: number }[] = [
  { name: 'search, a selective term', action: 'search', body: { input: 'dataset number 4242' }, target: 50 },
  { name: 'search, a broad term (~10%)', action: 'search', body: { input: 'payments' }, target: 50 },
  { name: 'search, field:value', action: 'search', body: { input: 'tags:Gold' }, target: 50 },
  {
    name: 'search, a two-condition filter',
    action: 'search',
    body: { input: 'orders', filter: { or: [{ and: [{ field: 'platform', value: `${names.urnPrefix}dataPlatform:hive`, condition: 'EQUAL' }, { field: 'tags', value: `${names.urnPrefix}tag:PII`, condition: 'EQUAL' }] }] } },
    target: 50,
  },
  { name: 'search, * with all aggregations', action: 'search', body: { input: '*' }, target: 150 },
  { name: 'autocomplete', action: 'autocomplete', body: { query: 'clean.ord', limit: 10 }, target: 20 },
  { name: 'browse /prod/hive', action: 'browse', body: { path: '/prod/hive', start: 0, limit: 20 }, target: 20 },
];

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export async function benchSearch(runs: number, seconds: number, sizes = [10_000, 100_000]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  try {
    for (const size of sizes) {
      const file = join(dir, `search-${size}.db`);
      const ingestRate = await buildStore(file, size);
      rows.push({ scenario: `${fmt(size)} datasets: aspects written per second with indexing (store, one transaction per 1,000 datasets)`, value: fmt(ingestRate), target: '' });
      const mock = await startMock(['--no-sample', '--data', file]);
      try {
        for (const query of QUERIES) {
          const p50s: number[] = [];
          const p99s: number[] = [];
          for (let r = 0; r < runs; r++) {
            const body = JSON.stringify({ entity: 'dataset', ...(query.action === 'search' ? { start: 0, count: 10 } : {}), ...query.body });
            const result = await load({ url: `${mock.url}/entities?action=${query.action}`, method: 'POST', seconds, connections: 1, body: () => body });
            if (result.errors + result.non2xx) throw new Error(`${query.name}: failed requests`);
            p50s.push(result.p50Ms);
            p99s.push(result.p99Ms);
          }
          rows.push({ scenario: `${fmt(size)} datasets: ${query.name}: p50 / p99 ms`, value: `${fmt(median(p50s), 1)} / ${fmt(median(p99s), 1)}`, target: `p99 < ${query.target}` });
        }
        rows.push({ scenario: `${fmt(size)} datasets: mock resident memory, MB`, value: fmt(rssMb(mock.process.pid!)), target: '< 500' });
      } finally {
        await mock.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
