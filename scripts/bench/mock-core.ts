/**
 * Mock server core: entitiesV2 reads against a raw node:http baseline sending the same bytes from
 * its own process, the two loads alternated in one run; ingestProposal writes (one per call, and 100
 * per ingestProposalBatch call), in memory and with --data. The mock runs with its defaults (the
 * request journal on).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContract } from '../../spec/index.js';
import { OUT_OF_WRITES, recordWrites, startBareWriteServer, type WriteWorkload } from './bare-writes.js';
import { alternate, alternateAll, load, median, post, type LoadResult } from './load.js';
import { atLeast, fmt, info, type BenchRow } from './rows.js';
import { startBaseline, startMock, type RunningServer } from './servers.js';

const names = loadContract('svc').names;
const datasetUrn = (i: number) =>
  `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:hive,bench.db.table_${i},PROD)`;

const BATCH_SIZE = 100;

function mcp(urn: string, aspectName: string, aspect: unknown) {
  return {
    entityType: 'dataset',
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(aspect), contentType: 'application/json' },
  };
}

function proposal(urn: string, aspectName: string, aspect: unknown) {
  return JSON.stringify({ proposal: mcp(urn, aspectName, aspect) });
}

/**
 * Batch n of the write workload: the next 100 of the round robin over 1,000 datasets, as the Python
 * emitter's emit_mcps chunks them; worded apart from the single writes, so that neither load ever
 * repeats the description the other left (an identical write makes no version, and costs less).
 */
function proposalBatch(n: number) {
  const proposals = Array.from({ length: BATCH_SIZE }, (_, k) => {
    const i = n * BATCH_SIZE + k;
    return mcp(datasetUrn(i % 1000), 'datasetProperties', {
      description: `Batched description number ${i}`,
      customProperties: {},
    });
  });
  return JSON.stringify({ proposals, async: 'false' });
}

/** The single write workload: new versions of the properties of 1,000 existing datasets, round robin. */
const writeWorkload: WriteWorkload = {
  seed: Array.from({ length: 1000 }, (_, i) =>
    proposal(datasetUrn(i), 'datasetProperties', { description: 'A table to write', customProperties: {} }),
  ),
  body: (n) =>
    proposal(datasetUrn(n % 1000), 'datasetProperties', {
      description: `Description number ${n}`,
      customProperties: {},
    }),
};

/**
 * The single write's ceiling in this run (bare-writes.ts): the workload's writes for a load of
 * `seconds` (and its warm-up) recorded from an in-memory mock, then served by the bare server,
 * loaded alternated with the mock's writes.
 */
async function startWriteCeiling(dir: string, seconds: number): Promise<RunningServer> {
  const file = join(dir, `writes-${Date.now()}.jsonl`);
  try {
    await recordWrites(file, writeWorkload, seconds);
    return await startBareWriteServer(file);
  } finally {
    rmSync(file, { force: true });
  }
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

interface StoreFigures {
  read: LoadResult;
  baseline: LoadResult;
  write: LoadResult;
  ceiling?: LoadResult;
  batch: LoadResult;
  create: LoadResult;
}

/** One run of the suite in a mode; in memory, with the single write's ceiling served beside the mock. */
async function measureStore(mode: 'memory' | 'data', dir: string, seconds: number): Promise<StoreFigures> {
  const ceilingServer = mode === 'memory' ? await startWriteCeiling(dir, seconds) : undefined;
  try {
    return await measureMock(mode, dir, seconds, ceilingServer);
  } finally {
    await ceilingServer?.stop();
  }
}

/** The mock's reads against the baseline, its single writes and batches (alternated with each other and with the ceiling's writes when there is one), and first writes. */
async function measureMock(
  mode: 'memory' | 'data',
  dir: string,
  seconds: number,
  ceilingServer: RunningServer | undefined,
): Promise<StoreFigures> {
  const mock = await startMock([
    '--no-sample',
    ...(mode === 'data' ? ['--data', join(dir, `bench-${Date.now()}.db`)] : []),
  ]);
  try {
    const urn = datasetUrn(0);
    await post(`${mock.url}/aspects?action=ingestProposal`, proposal(urn, 'schemaMetadata', schemaMetadata(0)));
    await post(
      `${mock.url}/aspects?action=ingestProposal`,
      proposal(urn, 'datasetProperties', { description: 'A table to read', customProperties: {} }),
    );
    const readUrl = `${mock.url}/entitiesV2/${encodeURIComponent(urn)}`;
    const bytes = await (await fetch(readUrl)).text();
    const baselineServer = await startBaseline(bytes);
    try {
      const { a: baseline, b: read } = await alternate(
        { url: `${baselineServer.url}/entitiesV2/${encodeURIComponent(urn)}` },
        { url: readUrl },
        seconds,
      );
      // Dataset 0 is written already.
      for (const body of writeWorkload.seed.slice(1)) await post(`${mock.url}/aspects?action=ingestProposal`, body);
      // The single writes, their ceiling (in memory) and the same workload in batches of 100 are
      // alternated in slices, so that both ratios compare loads of the same moments. The batches run on
      // 4 connections, since 4 batches in flight already queue 400 proposals.
      // Each load numbers its writes on from one slice to the next, so that a slice never writes again what is stored.
      let single = 0;
      let batched = 0;
      const writes = {
        url: `${mock.url}/aspects?action=ingestProposal`,
        method: 'POST' as const,
        body: () => writeWorkload.body(single++),
      };
      const batches = {
        url: `${mock.url}/aspects?action=ingestProposalBatch`,
        method: 'POST' as const,
        connections: 4,
        body: () => proposalBatch(batched++),
      };
      const ceilingWrites = ceilingServer
        ? [{ ...writes, url: `${ceilingServer.url}/aspects?action=ingestProposal` }]
        : [];
      const [write, batch, ceiling] = (await alternateAll([writes, batches, ...ceilingWrites], seconds)) as [
        LoadResult,
        LoadResult,
        LoadResult?,
      ];
      if (ceiling && ceiling.non2xx > 0) throw new Error(OUT_OF_WRITES);
      // The first write of a new dataset also writes its key, browse path and platform instance aspects and its whole search document.
      const create = await load({
        url: `${mock.url}/aspects?action=ingestProposal`,
        method: 'POST',
        seconds,
        body: (n) =>
          proposal(datasetUrn(1000 + n), 'datasetProperties', {
            description: `Description number ${n}`,
            customProperties: {},
          }),
      });
      return { read, baseline, write, ...(ceiling ? { ceiling } : {}), batch, create };
    } finally {
      await baselineServer.stop();
    }
  } finally {
    await mock.stop();
  }
}

export async function benchMockCore(runs: number, seconds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  const rows: BenchRow[] = [];
  try {
    for (const mode of ['memory', 'data'] as const) {
      const results: Awaited<ReturnType<typeof measureStore>>[] = [];
      for (let r = 0; r < runs; r++) results.push(await measureStore(mode, dir, seconds));
      const of = (pick: (x: (typeof results)[number]) => number): number => median(results.map(pick));
      const memory = mode === 'memory';
      const label = memory ? 'in memory' : 'with --data';
      const readRatio = of((x) => x.read.requestsPerSecond / x.baseline.requestsPerSecond);
      const writes = of((x) => x.write.requestsPerSecond);
      const batchRatio = of((x) => (x.batch.requestsPerSecond * BATCH_SIZE) / x.write.requestsPerSecond);
      rows.push(
        info(
          `entitiesV2 read, ${label}: requests/s (raw node:http baseline, same bytes, alternated)`,
          `${fmt(of((x) => x.read.requestsPerSecond))} (${fmt(of((x) => x.baseline.requestsPerSecond))})`,
        ),
        memory
          ? atLeast(`entitiesV2 read, ${label}: ratio to the raw node:http baseline`, readRatio, 0.7, 2)
          : info(`entitiesV2 read, ${label}: ratio to the raw node:http baseline`, fmt(readRatio, 2)),
        info(
          `entitiesV2 read, ${label}: p99 ms`,
          fmt(
            of((x) => x.read.p99Ms),
            1,
          ),
        ),
        memory
          ? atLeast(`ingestProposal write, one per request, ${label}: proposals/s`, writes, 5000)
          : info(`ingestProposal write, one per request, ${label}: proposals/s`, fmt(writes)),
        ...(memory
          ? [
              info(
                `ingestProposal write, one per request, ${label}: the same statements by bare SQLite behind bare node:http (bare-writes.ts, alternated): proposals/s`,
                fmt(of((x) => x.ceiling!.requestsPerSecond)),
              ),
              info(
                `ingestProposal write, one per request, ${label}: ratio to that ceiling`,
                fmt(
                  of((x) => x.write.requestsPerSecond / x.ceiling!.requestsPerSecond),
                  2,
                ),
              ),
            ]
          : []),
        info(
          `ingestProposal write, ${label}: p99 ms`,
          fmt(
            of((x) => x.write.p99Ms),
            1,
          ),
        ),
        info(
          `ingestProposalBatch write (${BATCH_SIZE} per call), ${label}: proposals/s`,
          fmt(of((x) => x.batch.requestsPerSecond * BATCH_SIZE)),
        ),
        memory
          ? atLeast(
              `ingestProposalBatch write (${BATCH_SIZE} per call), ${label}: ratio to single ingestProposal`,
              batchRatio,
              2,
              2,
            )
          : info(
              `ingestProposalBatch write (${BATCH_SIZE} per call), ${label}: ratio to single ingestProposal`,
              fmt(batchRatio, 2),
            ),
        info(
          `ingestProposal first write of a new dataset, ${label}: proposals/s`,
          fmt(of((x) => x.create.requestsPerSecond)),
        ),
      );
      const failures = results.reduce(
        (n, x) =>
          n +
          [x.read, x.write, x.batch, x.create, ...(x.ceiling ? [x.ceiling] : [])].reduce(
            (m, r) => m + r.errors + r.non2xx,
            0,
          ),
        0,
      );
      if (failures) throw new Error(`${failures} failed requests during the ${label} runs`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
