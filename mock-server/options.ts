/**
 * The mock server's settings, shared by the library entry (createMockServer) and the CLI, with the
 * defaults both document.
 */
import type { Namespace } from '../spec/index.js';
import type { AuthMode, TokenGrant } from './auth/bearer-auth.js';
import type { UserAccount } from './auth/users.js';
import type { Profile } from './profile.js';

/** How much a line of the log matters: a request answered 2xx/3xx is info, 4xx warn, 5xx and unexpected failures error. */
export type LogLevel = 'error' | 'warn' | 'info';

export const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'info'];

/** Receives the request log (one line per request) and the reports of unexpected failures, each with its level (info when absent). */
export type MockLogger = (line: string, level?: LogLevel) => void;

export function levelOfStatus(status: number): LogLevel {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** A logger that passes on the lines of `level` and the more serious ones. */
export function levelFilter(logger: MockLogger, level: LogLevel): MockLogger {
  // Whether each level passes, decided once rather than for every line.
  const passes = Object.fromEntries(LOG_LEVELS.map((l, i) => [l, i <= LOG_LEVELS.indexOf(level)])) as Record<
    LogLevel,
    boolean
  >;
  return (line, lineLevel = 'info') => {
    if (passes[lineLevel]) logger(line, lineLevel);
  };
}

export interface MockServerOptions {
  /** TCP port; 0 picks a free one. Default 8080. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** URN and record-name namespace. Default svc. */
  namespace?: Namespace;
  /** SQLite file that keeps the state across restarts; in memory when absent. */
  data?: string;
  /** Seed files (any of the upstream payload formats), written at every start. */
  seed?: string[];
  /**
   * A team's GraphQL schema served in place of the built-in SDL: a folder of `.graphql` files (a DataHub
   * checkout's `datahub-graphql-core/src/main/resources`), one `.graphql` file, or an introspection result
   * JSON. The fields the built-in SDL declares answer from the store, the others as a deployment without
   * their data (listed in `extensions.mockedFields`). When absent, the `FILE.schema.json` beside the first
   * seed file `FILE.json` that has one is served.
   */
  graphqlSchema?: string;
  /** HAR captures whose writes are applied at start, in order, after the seed files; their reads are checked against the contract. */
  seedHar?: string[];
  /** Load the built-in sample catalog into an empty store. Default true. */
  sample?: boolean;
  /**
   * The day (YYYY-MM-DD) the start-up data is stamped with: the sample's 30 days of history end on
   * it, and a seed entry without a `lastObserved` of its own is observed at its midnight (UTC).
   * Default: the day the mock starts, UTC. Fix it for the same snapshot digests on every day.
   */
  referenceDay?: string;
  /** Which requests need a bearer token. Default standard. */
  auth?: AuthMode;
  /** Accepted tokens; the built-in admin and reader tokens when absent. */
  tokens?: TokenGrant[];
  /**
   * Who may sign in through the frontend gateway (`POST /logIn`), besides quickstart's `datahub`/`datahub`
   * (an Admin); an account named `datahub` replaces it.
   */
  users?: UserAccount[];
  /** Largest accepted request body in bytes. Default 16 MiB. */
  maxBody?: number;
  /** Delay before each batch of an asynchronous task (truncation), so tests can watch it running. Default 0. */
  taskDelayMs?: number;
  /** Whose behaviour to reproduce where the document and upstream differ (profile.ts). Default document. */
  profile?: Profile;
  /**
   * Asynchronous indexing: search, browse, autocomplete, relationships and time series reads see a write
   * this long after it; reads by URN see it at once. Default 0 in the document profile, 1000 in the upstream one.
   * `MockServer.store.indexLagMs` changes it while the server runs.
   */
  indexLagMs?: number;
  /** Request log; the default writes one line per request. */
  logger?: MockLogger;
  /** Entries each session's request journal keeps (the newest); 0 turns the journal off. Default 1,000. */
  journalSize?: number;
  /** Bytes each session's request journal keeps at most (its bodies and targets; the newest entries). Default 16 MiB. */
  journalBytes?: number;
  /** Sessions the server holds at most besides the default one. Default 64. */
  maxSessions?: number;
  /** Latency added to every API request, in ms (every session starts with it). Default 0. */
  latencyMs?: number;
  /** Up to this many ms more, at random, on top of latencyMs. Default 0. */
  jitterMs?: number;
  /** A folder of seed files, each a scenario named after its file. */
  scenarios?: string;
  /** Bearer token the admin endpoints require; without one they answer only on loopback. */
  adminToken?: string;
  /**
   * The deepest field a GraphQL operation may select, a root field being level 1; deeper operations are
   * refused before they run. Default 50, upstream's `graphQL.query.depthLimit`.
   */
  graphqlDepthLimit?: number;
  /**
   * The most complex GraphQL operation accepted (each field 1 plus its children, a search spreading
   * `searchResultFields` 2 × its count more); above it, refused before it runs. Default 2000, upstream's
   * `graphQL.query.complexityLimit`.
   */
  graphqlComplexityLimit?: number;
  /**
   * The milliseconds one request's work may hold the server: a GraphQL request past it stops and answers one
   * error naming the budget. Default 3000.
   */
  requestBudgetMs?: number;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
export const DEFAULT_JOURNAL_SIZE = 1000;
export const DEFAULT_MAX_SESSIONS = 64;
/** Upstream's GraphQL limits (metadata-service/configuration/src/main/resources/application.yaml, v1.3.0.1). */
export const DEFAULT_GRAPHQL_DEPTH_LIMIT = 50;
export const DEFAULT_GRAPHQL_COMPLEXITY_LIMIT = 2000;
/** The most items a GraphQL list argument may hold: the 10,000 results upstream's search returns at most. */
export const GRAPHQL_LIST_ITEMS_LIMIT = 10_000;
/** The milliseconds one request's work may hold the server (GraphQL's execution), by default. */
export const DEFAULT_REQUEST_BUDGET_MS = 3000;
/** DEFAULT_MAX_BODY as the help and the start-up banner write it. */
export const DEFAULT_MAX_BODY_TEXT = '16mb';
export const DEFAULT_JOURNAL_BYTES = 16 * 1024 * 1024;
/** DEFAULT_JOURNAL_BYTES as the help writes it. */
export const DEFAULT_JOURNAL_BYTES_TEXT = '16mb';
/**
 * The longest delay node's timers hold, in ms (2^31 − 1, about 24.8 days): a longer one overflows,
 * and node runs it after 1 ms with a warning. Every option and setting in ms stays at or under it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The options in ms that become timers: each a whole number from 0 to MAX_TIMER_MS. */
const TIMER_OPTIONS = ['taskDelayMs', 'indexLagMs', 'latencyMs', 'jitterMs'] as const;

/**
 * Refuses (a RangeError naming the option) a delay a timer cannot hold, and a size or count that is
 * not a whole number its counter can hold: what the command line refuses, for the library's callers.
 */
export function checkServerOptions(options: MockServerOptions): void {
  for (const name of TIMER_OPTIONS) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 0 && value <= MAX_TIMER_MS))
      throw new RangeError(`${name}: expected a whole number of milliseconds from 0 to ${MAX_TIMER_MS}, got ${value}`);
  }
  if ((options.latencyMs ?? 0) + (options.jitterMs ?? 0) > MAX_TIMER_MS)
    throw new RangeError(`jitterMs: latencyMs + jitterMs must be at most ${MAX_TIMER_MS} ms`);
  for (const name of ['maxBody', 'journalSize', 'journalBytes', 'maxSessions'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0))
      throw new RangeError(`${name}: expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${value}`);
  }
  // Limits: 0 would refuse every request.
  for (const name of ['graphqlDepthLimit', 'graphqlComplexityLimit', 'requestBudgetMs'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= MAX_TIMER_MS))
      throw new RangeError(`${name}: expected a whole number from 1 to ${MAX_TIMER_MS}, got ${value}`);
  }
}

let pending: string[] = [];
let flushOnExit = false;
/**
 * How long the first line waiting in the request log waits, at most, before the lines are written
 * together: under load a write for every tick of the event loop (a dozen requests) was about 2 µs
 * of the server's CPU per request, a tenth of a read's work beyond node's own.
 */
const LOG_WAIT_MS = 10;

function flushLog(): void {
  if (!pending.length) return;
  process.stdout.write(pending.join('\n') + '\n');
  pending = [];
}

/**
 * One line per request on stdout, the lines of up to LOG_WAIT_MS written together: under load that
 * is one system call for hundreds of requests instead of one each. The wait does not keep the
 * process alive; what is left is written when it exits.
 */
export const consoleLogger: MockLogger = (line) => {
  if (!pending.length) {
    setTimeout(flushLog, LOG_WAIT_MS).unref();
    if (!flushOnExit) process.on('exit', flushLog);
    flushOnExit = true;
  }
  pending.push(line);
};

export const silentLogger: MockLogger = () => {};

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/** Parses a size such as `16mb`, `1kb` or `2048` into bytes; undefined when it is not one, or more than a counter holds exactly. */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?b?)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = SIZE_UNITS[(match[2] ?? '').toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}
