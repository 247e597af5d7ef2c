/**
 * Time series: getTimeseriesAspectValues over 1,000,000 small datasetUsageStatistics points (about
 * 200 bytes each) in a --data store, p99 of a 10,000-point answer; then a real truncation's
 * throughput in rows/s, read from its task status.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMockServer } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { load, median } from './load.js';
import { below, fmt, info, type BenchRow } from './rows.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const DATASETS = 100;
const POINTS_PER_DATASET = 10_000;
const START = Date.UTC(2025, 0, 1);
const MINUTE = 60_000;
const datasetUrn = (i: number) =>
  `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:hive,usage.table_${i},PROD)`;

async function buildStore(file: string): Promise<void> {
  const server = await createMockServer({ port: 0, sample: false, data: file, logger: () => {} });
  const context = { actor: `${names.urnPrefix}corpuser:bench`, now: START };
  for (let d = 0; d < DATASETS; d++) {
    server.store.transaction(() => {
      for (let p = 0; p < POINTS_PER_DATASET; p++) {
        server.store.upsertAspect(
          'dataset',
          datasetUrn(d),
          'datasetUsageStatistics',
          {
            timestampMillis: START + p * MINUTE,
            uniqueUserCount: (p * 7) % 50,
            totalSqlQueries: (p * 13) % 400,
            fieldCounts: [
              { fieldPath: 'customer_id', count: p % 90 },
              { fieldPath: 'order_total', count: p % 40 },
            ],
          },
          context,
        );
      }
    });
  }
  await server.close();
}

async function truncationRowsPerSecond(url: string): Promise<{ rows: number; rowsPerSecond: number }> {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer admin-token' },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { value: string }).value;
  };
  // Everything older than the middle of the range: about half of the 1,000,000 points.
  const task = await post('/operations?action=truncateTimeseriesAspect', {
    entityType: 'dataset',
    aspect: 'datasetUsageStatistics',
    endTimeMillis: START + (POINTS_PER_DATASET / 2) * MINUTE,
    dryRun: false,
  });
  for (;;) {
    const status = JSON.parse(await post('/operations?action=getEsTaskStatus', { task })) as {
      completed: boolean;
      runTimeNanos: number;
      status: { deleted: number };
    };
    if (status.completed)
      return { rows: status.status.deleted, rowsPerSecond: status.status.deleted / (status.runTimeNanos / 1e9) };
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function benchTimeseries(runs: number, seconds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-contract-bench-'));
  try {
    const file = join(dir, 'timeseries.db');
    const built = performance.now();
    await buildStore(file);
    console.error(
      `  wrote ${fmt(DATASETS * POINTS_PER_DATASET)} points in ${fmt((performance.now() - built) / 1000, 1)} s`,
    );
    const p99s: number[] = [];
    const rates: number[] = [];
    let truncation = { rows: 0, rowsPerSecond: 0 };
    const mock = await startMock(['--no-sample', '--data', file]);
    try {
      for (let r = 0; r < runs; r++) {
        let n = 0;
        const result = await load({
          url: `${mock.url}/aspects?action=getTimeseriesAspectValues`,
          method: 'POST',
          seconds,
          connections: 1, // latency of one client's 10,000-point answers, not of a queue
          body: () =>
            JSON.stringify({
              urn: datasetUrn(n++ % DATASETS),
              entity: 'dataset',
              aspect: 'datasetUsageStatistics',
              limit: 10_000,
            }),
        });
        if (result.errors + result.non2xx) throw new Error('failed time series reads');
        p99s.push(result.p99Ms);
        rates.push(result.requestsPerSecond);
      }
      truncation = await truncationRowsPerSecond(mock.url);
    } finally {
      await mock.stop();
    }
    return [
      below('getTimeseriesAspectValues, 10,000-point answer of 1,000,000 stored (--data): p99 ms', median(p99s), 20, 1),
      info('getTimeseriesAspectValues, 10,000-point answers/s', fmt(median(rates), 1)),
      info(
        `truncateTimeseriesAspect (real run, ${fmt(truncation.rows)} rows deleted): rows/s`,
        fmt(truncation.rowsPerSecond),
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
