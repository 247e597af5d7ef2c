/**
 * Mock server core: entitiesV2 reads and ingestProposal writes (one per call, and 100 per
 * ingestProposalBatch call), each against a bare express baseline
 * serving the same bytes in the same run, in memory and with --data; start-up time with 100,000
 * stored aspects.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { load, median, type LoadResult } from './load.js';
import { startBaseline, startMock } from './servers.js';

export interface BenchRow {
  scenario: string;
  value: string;
  target: string;
}

const names = loadContract('svc').names;
const datasetUrn = (i: number) => `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:hive,bench.db.table_${i},PROD)`;

const BATCH_SIZE = 100;

function mcp(urn: string, aspectName: string, aspect: unknown) {
  return { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(aspect), contentType: 'application/json' } };
}

function proposal(urn: string, aspectName: string, aspect: unknown) {
  return JSON.stringify({ proposal: mcp(urn, aspectName, aspect) });
}

/** Batch n of the write workload: the next 100 of the round robin over 1,000 datasets, as the Python emitter's emit_mcps chunks them. */
function proposalBatch(n: number) {
  const proposals = Array.from({ length: BATCH_SIZE }, (_, k) => {
    const i = n * BATCH_SIZE + k;
    return mcp(datasetUrn(i % 1000), 'datasetProperties', { description: `Description number ${i}`, customProperties: {} });
  });
  return JSON.stringify({ proposals, async: 'false' });
}

function schemaMetadata(i: number) {
  return {
    schemaName: `table_${i}`,
    platform: `${names.urnPrefix}dataPlatform:hive`,
    version: 0,
    created: { time: 1_700_000_000_000, actor: `${names.urnPrefix}corpuser:bench` },
    lastModified: { time: 1_700_000_000_000, actor: `${names.urnPrefix}corpuser:bench` },
    hash: '',
    platformSchema: { [`${names.recordPrefix}schema.MySqlDDL`]: { tableSchema: '' } },
    fields: Array.from({ length: 10 }, (_, f) => ({
      fieldPath: `field_${f}`,
      nativeDataType: 'string',
      type: { type: { [`${names.recordPrefix}schema.StringType`]: {} } },
      description: `Field ${f} of table ${i}`,
      nullable: true,
      recursive: false,
    })),
  };
}

async function post(url: string, body: string): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
}

async function measureStore(
  mode: 'memory' | 'data',
  dir: string,
  seconds: number,
): Promise<{ read: LoadResult; baseline: LoadResult; write: LoadResult; batch: LoadResult; create: LoadResult }> {
  const mock = await startMock(['--no-sample', ...(mode === 'data' ? ['--data', join(dir, `bench-${Date.now()}.db`)] : [])]);
  try {
    const urn = datasetUrn(0);
    await post(`${mock.url}/aspects?action=ingestProposal`, proposal(urn, 'schemaMetadata', schemaMetadata(0)));
    await post(`${mock.url}/aspects?action=ingestProposal`, proposal(urn, 'datasetProperties', { description: 'A table to read', customProperties: {} }));
    const readUrl = `${mock.url}/entitiesV2/${encodeURIComponent(urn)}`;
    const bytes = await (await fetch(readUrl)).text();
    const baselineServer = await startBaseline(bytes);
    try {
      const baseline = await load({ url: `${baselineServer.url}/entitiesV2/${encodeURIComponent(urn)}`, seconds });
      const read = await load({ url: readUrl, seconds });
      // New versions of the properties of 1,000 existing datasets, round robin.
      for (let i = 1; i < 1000; i++) {
        await post(`${mock.url}/aspects?action=ingestProposal`, proposal(datasetUrn(i), 'datasetProperties', { description: 'A table to write', customProperties: {} }));
      }
      const write = await load({
        url: `${mock.url}/aspects?action=ingestProposal`,
        method: 'POST',
        seconds,
        body: (n) => proposal(datasetUrn(n % 1000), 'datasetProperties', { description: `Description number ${n}`, customProperties: {} }),
      });
      // The same workload, 100 proposals per ingestProposalBatch call; 4 connections, since 4 batches in flight already queue 400 proposals.
      const batch = await load({ url: `${mock.url}/aspects?action=ingestProposalBatch`, method: 'POST', seconds, connections: 4, body: proposalBatch });
      // The first write of a new dataset also writes its key, browse path and platform instance aspects and its whole search document.
      const create = await load({
        url: `${mock.url}/aspects?action=ingestProposal`,
        method: 'POST',
        seconds,
        body: (n) => proposal(datasetUrn(1000 + n), 'datasetProperties', { description: `Description number ${n}`, customProperties: {} }),
      });
      return { read, baseline, write, batch, create };
    } finally {
      await baselineServer.stop();
    }
  } finally {
    await mock.stop();
  }
}

/** A --data file holding 100,000 aspects (20,000 datasets with their default aspects). */
async function storeWith100kAspects(dir: string): Promise<string> {
  const file = join(dir, 'startup.db');
  const server = await createMockServer({ port: 0, sample: false, data: file, logger: () => {} });
  const context = { actor: `${names.urnPrefix}corpuser:bench`, now: 1_700_000_000_000 };
  server.store.transaction(() => {
    // 20,000 datasets x (datasetProperties + schemaMetadata + status) + the key, browse path and platform instance aspects = 120,000
    for (let i = 0; i < 20_000; i++) {
      const urn = datasetUrn(i);
      server.store.upsertAspect('dataset', urn, 'datasetProperties', { description: `Table ${i} of the bench catalog`, customProperties: {} }, context);
      server.store.upsertAspect('dataset', urn, 'schemaMetadata', schemaMetadata(i), context);
    }
  });
  console.error(`  start-up store: ${JSON.stringify(server.store.snapshot().tables)}`);
  await server.close();
  return file;
}

async function startupMs(file: string): Promise<number> {
  const mock = await startMock(['--no-sample', '--data', file]);
  await mock.stop();
  return mock.startupMs;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export async function benchMockCore(runs: number, seconds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  const rows: BenchRow[] = [];
  try {
    for (const mode of ['memory', 'data'] as const) {
      const results = [];
      for (let r = 0; r < runs; r++) results.push(await measureStore(mode, dir, seconds));
      const readRatio = median(results.map((x) => x.read.requestsPerSecond / x.baseline.requestsPerSecond));
      const label = mode === 'memory' ? 'in memory' : 'with --data';
      rows.push(
        { scenario: `entitiesV2 read, ${label}: requests/s (baseline)`, value: `${fmt(median(results.map((x) => x.read.requestsPerSecond)))} (${fmt(median(results.map((x) => x.baseline.requestsPerSecond)))})`, target: '' },
        { scenario: `entitiesV2 read, ${label}: ratio to baseline`, value: fmt(readRatio, 2), target: '≥ 0.5' },
        { scenario: `entitiesV2 read, ${label}: p99 ms`, value: fmt(median(results.map((x) => x.read.p99Ms)), 1), target: '' },
        { scenario: `ingestProposal write, ${label}: proposals/s`, value: fmt(median(results.map((x) => x.write.requestsPerSecond))), target: mode === 'memory' ? '≥ 2,000' : '' },
        { scenario: `ingestProposal write, ${label}: ratio to baseline`, value: fmt(median(results.map((x) => x.write.requestsPerSecond / x.baseline.requestsPerSecond)), 2), target: '' },
        { scenario: `ingestProposal write, ${label}: p99 ms`, value: fmt(median(results.map((x) => x.write.p99Ms)), 1), target: '' },
        { scenario: `ingestProposalBatch write (${BATCH_SIZE} per call), ${label}: proposals/s`, value: fmt(median(results.map((x) => x.batch.requestsPerSecond * BATCH_SIZE))), target: '' },
        {
          scenario: `ingestProposalBatch write (${BATCH_SIZE} per call), ${label}: ratio to single ingestProposal`,
          value: fmt(median(results.map((x) => (x.batch.requestsPerSecond * BATCH_SIZE) / x.write.requestsPerSecond)), 2),
          target: mode === 'memory' ? '≥ 2' : '',
        },
        { scenario: `ingestProposal first write of a new dataset, ${label}: proposals/s`, value: fmt(median(results.map((x) => x.create.requestsPerSecond))), target: '' },
      );
      const failures = results.reduce((n, x) => n + [x.read, x.write, x.batch, x.create].reduce((m, r) => m + r.errors + r.non2xx, 0), 0);
      if (failures) throw new Error(`${failures} failed requests during the ${label} runs`);
    }
    const file = await storeWith100kAspects(dir);
    const startups = [];
    for (let r = 0; r < runs; r++) startups.push(await startupMs(file));
    rows.push({ scenario: 'start-up to first answer, 100,000+ stored aspects: ms', value: fmt(median(startups)), target: '< 2,000' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
