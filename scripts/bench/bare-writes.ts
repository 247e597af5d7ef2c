/**
 * The single write's ceiling: the statements the mock ran for a run of ingestProposal writes,
 * replayed by a bare node:http server (bare-write-server.ts) that answers each POST with the next
 * write's statements by bare better-sqlite3, in the transactions the mock ran them in (it commits the
 * writes it reads in one tick of the event loop together: mock-server/store/batch-commit.ts). The record holds every
 * call of the mock's database from its opening on (every prepared statement's run, get, all or
 * iterate with its arguments, and every exec), taken in this process by wrapping better-sqlite3's
 * methods while an in-process mock serves the writes; the server replays the calls before the
 * writes untimed, so that each write meets the same rows. None of the mock's code runs in the timed
 * loop: its rate is what node's HTTP and SQLite take for these writes, how fast the mock could
 * answer them at best.
 */
import BetterSqlite3 from 'better-sqlite3';
import { appendFileSync, writeFileSync } from 'node:fs';
import { createMockServer } from '../../mock-server/index.js';
import { post } from './load.js';
import { startProcess, type RunningServer } from './servers.js';

/** A line of the record: `["sql", i, text]` names statement i; `[i, method, args]` calls it; `["exec", text]`; `["writes"]` marks where the timed writes begin. */
type RecordLine = ['sql', number, string] | [number, string, unknown[]] | ['exec', string] | ['writes'];

const STATEMENT_METHODS = ['run', 'get', 'all', 'iterate'] as const;

/** Wraps better-sqlite3's statement and exec methods so that every call is appended to `file`; `stop()` restores them. */
function startRecording(file: string): { mark(): void; stop(): void } {
  writeFileSync(file, '');
  const probe = new BetterSqlite3(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  const databaseProto = BetterSqlite3.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  const sqlIds = new Map<string, number>();
  // The server replays the calls into one database: a second one would make the record wrong.
  let recorded: unknown;
  const check = (database: unknown): void => {
    recorded ??= database;
    if (database !== recorded)
      throw new Error('the write record holds the calls of one database, and a second one was used');
  };
  let pending: string[] = [];
  const append = (line: RecordLine): void => {
    pending.push(JSON.stringify(line));
    if (pending.length >= 10_000) flush();
  };
  const flush = (): void => {
    if (pending.length > 0) appendFileSync(file, pending.join('\n') + '\n');
    pending = [];
  };
  for (const method of STATEMENT_METHODS) {
    const original = statementProto[method]!;
    originals.set(method, original);
    statementProto[method] = function (this: { source: string; database: unknown }, ...args: unknown[]) {
      check(this.database);
      let id = sqlIds.get(this.source);
      if (id === undefined) {
        id = sqlIds.size;
        sqlIds.set(this.source, id);
        append(['sql', id, this.source]);
      }
      append([id, method, args]);
      return original.apply(this, args);
    };
  }
  const exec = databaseProto.exec!;
  databaseProto.exec = function (this: unknown, sql: unknown) {
    check(this);
    append(['exec', sql as string]);
    return exec.call(this, sql);
  };
  return {
    mark: () => append(['writes']),
    stop() {
      for (const [method, original] of originals) statementProto[method] = original;
      databaseProto.exec = exec;
      flush();
    },
  };
}

export interface WriteWorkload {
  /** The first write of each entity the writes then change, sent before the record's writes. */
  seed: string[];
  /** Body of write n. */
  body: (n: number) => string;
}

/** The most writes per second the bare server is expected to answer: a load of it records this many per second of the load. */
const BARE_WRITES_PER_SECOND = 20_000;

/** Records the workload's writes for a bare load of `seconds` (and its second of warm-up) into `file`, from an in-memory mock of this process. */
export async function recordWrites(file: string, workload: WriteWorkload, seconds: number): Promise<void> {
  const writes = BARE_WRITES_PER_SECOND * (seconds + 1);
  const recording = startRecording(file);
  try {
    const mock = await createMockServer({ port: 0, sample: false, logger: () => {} });
    try {
      const url = `${mock.url}/aspects?action=ingestProposal`;
      for (const body of workload.seed) await post(url, body);
      recording.mark();
      // 16 writers, as the load sends them; the order of the writes is the order the mock ran them.
      let next = 0;
      const writer = async (): Promise<void> => {
        while (next < writes) await post(url, workload.body(next++));
      };
      await Promise.all(Array.from({ length: 16 }, writer));
    } finally {
      await mock.close();
    }
  } finally {
    recording.stop();
  }
}

/** The bare server on the recorded writes (it has read the file once it answers); each request past the last recorded write is a 503. */
export function startBareWriteServer(file: string): Promise<RunningServer> {
  return startProcess(['--import', 'tsx', 'scripts/bench/bare-write-server.ts', file], '/health');
}

/** What a load of the bare server says when it ran out of recorded writes. */
export const OUT_OF_WRITES = `the bare write server ran out of recorded writes (more than ${BARE_WRITES_PER_SECOND} writes/s)`;
