/**
 * Discovery at catalog scale: search, autocomplete and browse latency (p50/p99, one client) over
 * 10,000 and 100,000 generated datasets (realistic names and descriptions, a 10-field schema, tags,
 * owners) stored with --data, for a query mix; and the mock's resident memory. Each dataset belongs
 * to one of ten business domains that its name, description, team and column names share, so a
 * domain word is a broad term matching 10% of the datasets; the column words are in every dataset.
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

/** The mix of issue 4, plus a term every dataset holds (no target: it ranks and aggregates the whole catalog). */
const QUERIES: { name: string; action: 'search' | 'autocomplete' | 'browse'; body: Record<string, unknown>; target?: number }[] = [
  { name: 'search, a selective term', action: 'search', body: { input: 'dataset number 4242' }, target: 50 },
  { name: 'search, a broad term (~10%)', action: 'search', body: { input: 'payments' }, target: 50 },
  { name: 'search, a term in every dataset', action: 'search', body: { input: 'daily' } },
  { name: 'search, field:value', action: 'search', body: { input: 'tags:Gold' }, target: 50 },
  {
    name: 'search, a two-condition filter',
    action: 'search',
    body: { input: 'orders', filter: { or: [{ and: [{ field: 'platform', value: `${names.urnPrefix}dataPlatform:hive`, condition: 'EQUAL' }, { field: 'tags', value: `${names.urnPrefix}tag:PII`, condition: 'EQUAL' }] }] } },
    target: 50,
  },
  { name: 'search, * with all aggregations', action: 'search', body: { input: '*' }, target: 150 },
  { name: 'autocomplete', action: 'autocomplete', body: { query: 'raw.pay', limit: 10 }, target: 20 },
  { name: 'browse /prod/hive', action: 'browse', body: { path: '/prod/hive', start: 0, limit: 20 }, target: 20 },
];

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** What the query answers, so the table shows how broad each one is: hits, suggestions or entities under the path. */
async function answerSize(url: string, action: string, body: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { value: { numEntities?: number; suggestions?: unknown[]; metadata?: { totalNumEntities?: number } } };
  const count = (n: number, one: string, many: string): string => `${fmt(n)} ${n === 1 ? one : many}`;
  if (action === 'autocomplete') return count(answer.value.suggestions?.length ?? 0, 'suggestion', 'suggestions');
  if (action === 'browse') return `${count(answer.value.metadata?.totalNumEntities ?? 0, 'entity', 'entities')} under it`;
  return count(answer.value.numEntities ?? 0, 'hit', 'hits');
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export async function benchSearch(runs: number, seconds: number, sizes = [10_000, 100_000]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  try {
    for (const datasets of sizes) {
      const file = join(dir, `search-${datasets}.db`);
      const ingestRate = await buildStore(file, datasets);
      rows.push({ scenario: `${fmt(datasets)} datasets: aspects written per second with indexing (store, one transaction per 1,000 datasets)`, value: fmt(ingestRate), target: '' });
      const mock = await startMock(['--no-sample', '--data', file]);
      try {
        for (const query of QUERIES) {
          const p50s: number[] = [];
          const p99s: number[] = [];
          const url = `${mock.url}/entities?action=${query.action}`;
          const body = JSON.stringify({ entity: 'dataset', ...(query.action === 'search' ? { start: 0, count: 10 } : {}), ...query.body });
          const size = await answerSize(url, query.action, body);
          for (let r = 0; r < runs; r++) {
            const result = await load({ url, method: 'POST', seconds, connections: 1, body: () => body });
            if (result.errors + result.non2xx) throw new Error(`${query.name}: failed requests`);
            p50s.push(result.p50Ms);
            p99s.push(result.p99Ms);
          }
          rows.push({
            scenario: `${fmt(datasets)} datasets: ${query.name} (${size}): p50 / p99 ms`,
            value: `${fmt(median(p50s), 1)} / ${fmt(median(p99s), 1)}`,
            target: query.target === undefined ? '' : `p99 < ${query.target}`,
          });
        }
        rows.push({ scenario: `${fmt(datasets)} datasets: mock resident memory, MB`, value: fmt(rssMb(mock.process.pid!)), target: '< 500' });
      } finally {
        await mock.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
