/**
 * The test controls' costs: the request journal (on by default, so every other row pays it) as the
 * ratio of reads and writes with it on to the same loads with `--journal-size 0`, and how long a
 * new session takes to get its copy of the sample catalog (its first request, through HTTP).
 */
import { createMockServer, silentLogger } from '../../mock-server/index.js';
import { loadContract } from '../../spec/index.js';
import { load, median } from './load.js';
import { below, fmt, type BenchRow } from './rows.js';
import { startMock } from './servers.js';

const names = loadContract('svc').names;
const urn = `${names.urnPrefix}dataset:(${names.urnPrefix}dataPlatform:hive,bench.journal,PROD)`;
const SESSIONS = 30;

const proposal = (n: number) =>
  JSON.stringify({
    proposal: {
      entityType: 'dataset',
      entityUrn: urn,
      changeType: 'UPSERT',
      aspectName: 'datasetProperties',
      aspect: {
        value: JSON.stringify({ description: `Description ${n}`, customProperties: {} }),
        contentType: 'application/json',
      },
    },
  });

async function readsAndWrites(args: string[], seconds: number): Promise<{ read: number; write: number }> {
  const mock = await startMock(['--no-sample', ...args]);
  try {
    const url = `${mock.url}/aspects?action=ingestProposal`;
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: proposal(0) });
    const read = await load({ url: `${mock.url}/entitiesV2/${encodeURIComponent(urn)}`, seconds });
    const write = await load({ url, method: 'POST', seconds, body: proposal });
    if (read.errors + read.non2xx + write.errors + write.non2xx > 0)
      throw new Error('failed requests during the journal runs');
    return { read: read.requestsPerSecond, write: write.requestsPerSecond };
  } finally {
    await mock.stop();
  }
}

/** Milliseconds of the first request of each new session (the copy of the start-up state, then a health answer). */
async function sessionCopies(): Promise<{ first: number; rest: number[] }> {
  const mock = await startMock([]);
  try {
    const times: number[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const started = performance.now();
      const response = await fetch(`${mock.url}/__session/bench-${i}/__mock/health`);
      if (!response.ok) throw new Error(`session ${i}: ${response.status}`);
      times.push(performance.now() - started);
    }
    return { first: times[0] ?? 0, rest: times.slice(1) };
  } finally {
    await mock.stop();
  }
}

/**
 * CPU milliseconds of the first request of each new session with the mock in this process (the
 * client's side of the request included): unlike the wall time, barely moved by other load on the machine.
 */
async function sessionCopyCpu(): Promise<number[]> {
  const mock = await createMockServer({ port: 0, logger: silentLogger });
  try {
    await fetch(`${mock.session('warm-up')}/__mock/health`);
    const times: number[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const before = process.cpuUsage();
      await fetch(`${mock.session(`cpu-${i}`)}/__mock/health`);
      const used = process.cpuUsage(before);
      times.push((used.user + used.system) / 1000);
    }
    return times;
  } finally {
    await mock.close();
  }
}

export async function benchTestControl(runs: number, seconds: number): Promise<BenchRow[]> {
  const on: { read: number; write: number }[] = [];
  const off: { read: number; write: number }[] = [];
  const copies: { first: number; rest: number[] }[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < runs; r++) {
    on.push(await readsAndWrites([], seconds));
    off.push(await readsAndWrites(['--journal-size', '0'], seconds));
    copies.push(await sessionCopies());
    cpu.push(...(await sessionCopyCpu()));
  }
  return [
    {
      scenario: 'entitiesV2 read, journal on: requests/s (journal off)',
      value: `${fmt(median(on.map((x) => x.read)))} (${fmt(median(off.map((x) => x.read)))})`,
      target: '',
    },
    {
      scenario: 'entitiesV2 read: ratio journal on / off',
      value: fmt(median(on.map((x, i) => x.read / (off[i]?.read ?? 1))), 2),
      target: '',
    },
    {
      scenario: 'ingestProposal write, journal on: proposals/s (journal off)',
      value: `${fmt(median(on.map((x) => x.write)))} (${fmt(median(off.map((x) => x.write)))})`,
      target: '',
    },
    {
      scenario: 'ingestProposal write: ratio journal on / off',
      value: fmt(median(on.map((x, i) => x.write / (off[i]?.write ?? 1))), 2),
      target: '',
    },
    below(
      `new session with a copy of the sample catalog, first request: ms (median of ${SESSIONS - 1} sessions)`,
      median(copies.flatMap((x) => x.rest)),
      20,
      1,
    ),
    {
      scenario: 'new session with a copy of the sample catalog, in process: CPU ms (median)',
      value: fmt(median(cpu), 1),
      target: '',
    },
    {
      scenario: 'first session of a server (also takes the start-up image): ms',
      value: fmt(median(copies.map((x) => x.first)), 1),
      target: '',
    },
  ];
}
