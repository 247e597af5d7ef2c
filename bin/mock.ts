/**
 * `catalog-contract mock`: parses the options, starts the server and prints what it serves. Bad
 * options print a message and give exit code 2.
 */
import { existsSync, statSync } from 'node:fs';
import {
  HELP_OPTION,
  parseOptions,
  positiveWholeNumberOption,
  runSubcommand,
  serveUntilSignal,
  serverOptionDefinitions,
  serverOptions,
  UsageError,
  wholeNumberOption,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import { counted, NAMESPACES } from '../spec/index.js';
import {
  ADDRESS_FORMS,
  ADMIN_PATH,
  AUTH_MODES,
  consoleLogger,
  createMockServer,
  DEFAULT_GRAPHQL_COMPLEXITY_LIMIT,
  DEFAULT_GRAPHQL_DEPTH_LIMIT,
  DEFAULT_HOST,
  DEFAULT_JOURNAL_BYTES_TEXT,
  DEFAULT_JOURNAL_SIZE,
  DEFAULT_MAX_BODY_TEXT,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_PORT,
  DEFAULT_REQUEST_BUDGET_MS,
  describeHarReplay,
  describeSkip,
  FRONTEND_ROUTES,
  GRAPHIQL_PATH,
  GRAPHQL_PATH,
  isProfile,
  levelFilter,
  LOG_LEVELS,
  MAX_TIMER_MS,
  MOCK_DOCS_PATH,
  SESSION_PREFIX,
  parseByteSize,
  parseLatency,
  parseReferenceDay,
  parseTokenGrant,
  upstreamRoleOf,
  parseUserAccount,
  PROFILES,
  UPSTREAM_ADDRESS_FORMS,
  type AuthMode,
  type LogLevel,
  type MockServer,
  type MockServerOptions,
  type TokenGrant,
  type UserAccount,
} from '../mock-server/index.js';

/** The options of `catalog-contract mock`: parsing, --help and the table in docs/cli.md come from here. */
export const MOCK_COMMAND_DEFINITION = {
  name: 'mock',
  synopsis: '[options]',
  description: 'Runs the stateful mock of the metadata catalog service.',
  options: {
    ...serverOptionDefinitions(DEFAULT_PORT, DEFAULT_HOST),
    data: {
      type: 'string',
      value: 'FILE',
      help: 'keep the state in this SQLite file across restarts, creating its directory; one server per file at a time (default: in memory)',
    },
    seed: {
      type: 'string',
      multiple: true,
      value: 'FILE',
      help: 'write the aspects of this file at start (MCE/MCP JSON, usage records, in file order, PATCH included); an entry it cannot use is skipped and reported; repeatable',
    },
    'seed-har': {
      type: 'string',
      multiple: true,
      value: 'FILE',
      help: "apply the writes of this HAR capture at start, in order, after the seed files (ingestProposal, batch, legacy ingest, GraphQL mutations, as the mock's admin); its other requests to the service are checked against the contract; both reported; repeatable",
    },
    'no-sample': { type: 'boolean', help: 'start without the built-in sample catalog' },
    'reference-day': {
      type: 'string',
      value: 'DAY',
      help: "stamp the start-up data with DAY (YYYY-MM-DD): the sample's 30 days of history end on it, seed entries without lastObserved are observed on it; fix it for the same snapshot digests every day (default: today, UTC)",
    },
    auth: {
      type: 'string',
      value: 'MODE',
      help: 'standard: token needed on operations, test and GraphQL mutations; all: on every request but the docs and /__mock; off: never (default standard)',
    },
    token: {
      type: 'string',
      multiple: true,
      value: 'T=URN[:ROLE]',
      help: 'accept bearer token T as user URN, assigned the built-in role Admin (default), Editor or Reader (admin and reader also name Admin and Reader); repeatable; without any, admin-token (datahub, Admin), reader-token (reader, Reader) and editor-token (editor, Editor) are accepted',
    },
    user: {
      type: 'string',
      multiple: true,
      value: 'NAME:PASSWORD[:ROLE]',
      help: "let NAME sign in through POST /logIn (DataHub's web app) with PASSWORD, assigned the built-in role Admin (default), Editor or Reader, whose policies decide what NAME may do; repeatable; datahub:datahub is always there unless replaced",
    },
    'max-body': {
      type: 'string',
      value: 'SIZE',
      help: `largest request body, e.g. 16mb, 512kb or a byte count (default ${DEFAULT_MAX_BODY_TEXT})`,
    },
    'task-delay-ms': {
      type: 'string',
      value: 'N',
      help: 'wait N ms before each batch of a truncation task, to watch it running (default 0)',
    },
    'journal-size': {
      type: 'string',
      value: 'N',
      help: `requests each session's journal keeps, the newest (default ${DEFAULT_JOURNAL_SIZE}); 0 turns it off`,
    },
    'journal-bytes': {
      type: 'string',
      value: 'SIZE',
      help: `bytes each session's journal keeps, the newest requests' bodies and targets, e.g. 16mb, 512kb or a byte count (default ${DEFAULT_JOURNAL_BYTES_TEXT})`,
    },
    'max-sessions': {
      type: 'string',
      value: 'N',
      help: `sessions (X-Mock-Session or /__session/<id>/) held at most (default ${DEFAULT_MAX_SESSIONS})`,
    },
    latency: {
      type: 'string',
      value: 'MS',
      help: 'add MS (or MIN-MAX: between MIN and MAX) milliseconds to every API request',
    },
    scenarios: {
      type: 'string',
      value: 'DIR',
      help: 'each seed file in DIR is a scenario named after its file, loaded with POST /__mock/scenarios/<name>',
    },
    'admin-token': {
      type: 'string',
      value: 'T',
      help: 'the admin endpoints (/__mock) need Authorization: Bearer T, from anywhere; without it they answer only on loopback',
    },
    profile: {
      type: 'string',
      value: 'P',
      help: "document (the interface document's behaviour) or upstream (a current DataHub GMS's where the two differ: result shapes, a token on every path, Spring Boot's 401 body, the bare prefix only, List(...) array parameters, async indexing) (default document)",
    },
    'index-lag-ms': {
      type: 'string',
      value: 'N',
      help: 'search, browse, autocomplete, relationships and time series reads see a write N ms after it (default 0 with --profile document, 1000 with upstream)',
    },
    'graphql-schema': {
      type: 'string',
      value: 'PATH',
      help: "serve this GraphQL schema in place of the built-in one: a folder of .graphql files (a DataHub checkout's datahub-graphql-core/src/main/resources), one .graphql file or an introspection result JSON; fields the mock has no state for answer null, [] or a fixed value, listed in extensions.mockedFields (default: the FILE.schema.json beside a --seed FILE.json, else the built-in schema)",
    },
    'graphql-depth-limit': {
      type: 'string',
      value: 'N',
      help: `refuse a GraphQL operation whose fields reach deeper than N levels, before it runs, as upstream does (default ${DEFAULT_GRAPHQL_DEPTH_LIMIT})`,
    },
    'graphql-complexity-limit': {
      type: 'string',
      value: 'N',
      help: `refuse a GraphQL operation of complexity over N (each field 1 and its children; a search spreading searchResultFields 2 x its count more), before it runs, as upstream does (default ${DEFAULT_GRAPHQL_COMPLEXITY_LIMIT})`,
    },
    'request-budget-ms': {
      type: 'string',
      value: 'N',
      help: `stop a GraphQL request whose work takes longer than N ms, answering one error that names the budget, so that no request holds the server (default ${DEFAULT_REQUEST_BUDGET_MS})`,
    },
    'log-level': {
      type: 'string',
      value: 'LEVEL',
      help: 'error: unexpected failures and requests answered 5xx; warn: and 4xx; info: every request (default info)',
    },
    quiet: { type: 'boolean', help: 'the same as --log-level error' },
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

/** What the command line sets beyond the server's options: the log level and --max-body as written. */
export type MockCliOptions = MockServerOptions & { logLevel: LogLevel; maxBodyText: string };

// Callers of parseMockArgs catch the UsageError it throws from here.
export { UsageError };

/** A limit: a whole number of at least 1 (and at most 2^31 - 1, as upstream's int). */
function limitOption(option: string, text: string, unit: string): number {
  return positiveWholeNumberOption(option, text, `a whole number of ${unit}, 1 or more`);
}
/** What a delay option expects; its most is MAX_TIMER_MS, what node's timers hold. */
const MS = 'a whole number of milliseconds';

/** The server options of a command line, or a UsageError saying what is wrong. */
export function parseMockArgs(argv: string[]): MockCliOptions | 'help' {
  const v = parseOptions(argv, MOCK_COMMAND_DEFINITION.options);
  if (v.help) return 'help';
  const logLevel = v['log-level'] ?? (v.quiet ? 'error' : 'info');
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    throw new UsageError(`--log-level '${logLevel}': expected one of ${LOG_LEVELS.join(', ')}`);
  if (v.quiet && v['log-level'] !== undefined) throw new UsageError('--quiet and --log-level: give one of them');
  const options: MockCliOptions = {
    sample: !v['no-sample'],
    ...serverOptions(v),
    logLevel: logLevel as LogLevel,
    maxBodyText: v['max-body'] ?? DEFAULT_MAX_BODY_TEXT,
  };
  if (v.data !== undefined) options.data = v.data;
  if (v['reference-day'] !== undefined) {
    if (parseReferenceDay(v['reference-day']) === undefined)
      throw new UsageError(`--reference-day '${v['reference-day']}': expected a day of the calendar as YYYY-MM-DD`);
    options.referenceDay = v['reference-day'];
  }
  if (v.seed) options.seed = v.seed;
  if (v['seed-har']) options.seedHar = v['seed-har'];
  if (v.auth !== undefined) {
    if (!AUTH_MODES.includes(v.auth as AuthMode))
      throw new UsageError(`--auth '${v.auth}': expected one of ${AUTH_MODES.join(', ')}`);
    options.auth = v.auth as AuthMode;
  }
  if (v.token) {
    const grants: TokenGrant[] = [];
    for (const text of v.token) {
      const grant = parseTokenGrant(text);
      if (typeof grant === 'string') throw new UsageError(grant);
      grants.push(grant);
    }
    options.tokens = grants;
  }
  if (v.user) {
    const accounts: UserAccount[] = [];
    for (const text of v.user) {
      const account = parseUserAccount(text);
      if (typeof account === 'string') throw new UsageError(account);
      accounts.push(account);
    }
    options.users = accounts;
  }
  if (v['max-body'] !== undefined) {
    const bytes = parseByteSize(v['max-body']);
    if (bytes === undefined)
      throw new UsageError(`--max-body '${v['max-body']}': expected a size such as 16mb, 512kb or 1048576`);
    options.maxBody = bytes;
  }
  if (v['task-delay-ms'] !== undefined)
    options.taskDelayMs = wholeNumberOption('--task-delay-ms', v['task-delay-ms'], MS, MAX_TIMER_MS);
  if (v['journal-size'] !== undefined)
    options.journalSize = wholeNumberOption('--journal-size', v['journal-size'], 'a whole number of requests');
  if (v['journal-bytes'] !== undefined) {
    const bytes = parseByteSize(v['journal-bytes']);
    if (bytes === undefined)
      throw new UsageError(`--journal-bytes '${v['journal-bytes']}': expected a size such as 16mb, 512kb or 1048576`);
    options.journalBytes = bytes;
  }
  if (v['max-sessions'] !== undefined)
    options.maxSessions = wholeNumberOption('--max-sessions', v['max-sessions'], 'a whole number of sessions');
  if (v.latency !== undefined) {
    const latency = parseLatency(v.latency);
    if (!latency)
      throw new UsageError(
        `--latency '${v.latency}': expected milliseconds (300) or a range MIN-MAX (100-500), at most ${MAX_TIMER_MS}`,
      );
    Object.assign(options, latency);
  }
  if (v.scenarios !== undefined) {
    if (!existsSync(v.scenarios) || !statSync(v.scenarios).isDirectory())
      throw new UsageError(`--scenarios '${v.scenarios}': not a directory`);
    options.scenarios = v.scenarios;
  }
  if (v['admin-token'] !== undefined) {
    if (v['admin-token'] === '') throw new UsageError('--admin-token: expected a token');
    options.adminToken = v['admin-token'];
  }
  if (v.profile !== undefined) {
    if (!isProfile(v.profile)) throw new UsageError(`--profile '${v.profile}': expected one of ${PROFILES.join(', ')}`);
    options.profile = v.profile;
  }
  if (v['graphql-schema'] !== undefined) {
    if (!existsSync(v['graphql-schema']))
      throw new UsageError(`--graphql-schema '${v['graphql-schema']}': no such file or folder`);
    options.graphqlSchema = v['graphql-schema'];
  }
  if (v['graphql-depth-limit'] !== undefined)
    options.graphqlDepthLimit = limitOption('--graphql-depth-limit', v['graphql-depth-limit'], 'levels');
  if (v['graphql-complexity-limit'] !== undefined)
    options.graphqlComplexityLimit = limitOption('--graphql-complexity-limit', v['graphql-complexity-limit'], 'points');
  if (v['request-budget-ms'] !== undefined)
    options.requestBudgetMs = limitOption('--request-budget-ms', v['request-budget-ms'], 'milliseconds');
  if (v['index-lag-ms'] !== undefined)
    options.indexLagMs = wholeNumberOption('--index-lag-ms', v['index-lag-ms'], MS, MAX_TIMER_MS);
  return options;
}

/** Differences from the built-in schema the banner shows; the rest are counted (all are in `server.graphqlSchema`). */
const DIFFERENCES_SHOWN = 5;

/** The banner's lines on a team's GraphQL schema: where it came from, its size, how it differs from the built-in one. */
function describeServedSchema({ graphqlSchema: served }: MockServer): string[] {
  if (!served) return [];
  const origin = served.fromSeed === undefined ? '' : ` (beside the seed file ${served.fromSeed})`;
  const merged = served.duplicatesMerged ? `, ${served.duplicatesMerged} identical duplicate definitions merged` : '';
  const lines = [
    `  GraphQL schema: ${served.path}${origin}: ${counted(served.files.length, 'file')}, ${counted(served.types, 'type')}${merged}; fields without state are filled (extensions.mockedFields)`,
  ];
  const { differences } = served;
  if (differences.length === 0) lines.push('    signatures: every field of the built-in schema as built in');
  else {
    lines.push(`    signatures: ${differences.length} differences from the built-in schema:`);
    for (const line of differences.slice(0, DIFFERENCES_SHOWN)) lines.push(`      ${line}`);
    if (differences.length > DIFFERENCES_SHOWN) lines.push(`      and ${differences.length - DIFFERENCES_SHOWN} more`);
  }
  return lines;
}

export function describeServer(server: MockServer, options: MockCliOptions): string {
  const names = NAMESPACES[options.namespace ?? 'svc'];
  const lines = [
    `catalog-contract mock server listening on ${server.url} (namespace ${names.namespace})`,
    `  profile:        ${options.profile ?? 'document'}; index lag ${server.store.indexLagMs} ms`,
    `  metadata store: ${(options.profile === 'upstream' ? UPSTREAM_ADDRESS_FORMS : ADDRESS_FORMS).map((prefix) => server.url + prefix).join('  ')}`,
    `  GraphQL:        ${server.url}${GRAPHQL_PATH}  (explorer: ${server.url}${GRAPHIQL_PATH})`,
    `  API reference:  ${options.profile === 'upstream' ? '' : `${server.url}${names.docsPath}  `}${server.url}${MOCK_DOCS_PATH}`,
    `  admin:          ${server.url}${ADMIN_PATH}/health  ${server.url}${ADMIN_PATH}/snapshot  POST ${server.url}${ADMIN_PATH}/reset  (${options.adminToken === undefined ? 'loopback only' : 'bearer admin token'})`,
    `  test control:   ${server.url}${ADMIN_PATH}/requests  /faults  /settings  /scenarios  /sessions; sessions by X-Mock-Session or ${server.url}${SESSION_PREFIX}<id>/`,
    `  inspector:      ${server.url}${ADMIN_PATH}/ui  (the journal live, sessions, faults, an entity's state)`,
    `  data:           ${options.data ?? 'in memory'}; body limit ${options.maxBodyText}`,
    `  auth:           ${server.auth.mode}`,
    ...server.tokens.map((t) => `  token:          ${t.token}=${t.user}:${upstreamRoleOf(t)}`),
    `  sign-in:        POST ${server.url}${FRONTEND_ROUTES.logIn} (DataHub's web app; also ${FRONTEND_ROUTES.authenticate}, ${FRONTEND_ROUTES.logOut}, ${FRONTEND_ROUTES.track})`,
    ...server.users.map((u) => `  user:           ${u.name}:${u.password}:${u.role}`),
  ];
  lines.push(...describeServedSchema(server));
  for (const report of server.loaded) {
    const skippedEntries = report.skipped.length - report.rejected;
    lines.push(
      `  loaded ${report.source}: ${counted(report.validated, 'aspect')} validated against a schema, ${report.opaque} stored opaque, ${report.rejected} rejected, ${counted(skippedEntries, 'entry', 'entries')} skipped`,
    );
    for (const skip of report.skipped) lines.push(`    skipped ${describeSkip(report.source, skip)}`);
  }
  for (const replay of server.harReplays)
    lines.push(...describeHarReplay(replay).map((line, i) => (i === 0 ? `  replayed ${line}` : `  ${line}`)));
  return lines.join('\n');
}

const MOCK_COMMAND: Subcommand<MockCliOptions> = { definition: MOCK_COMMAND_DEFINITION, parse: parseMockArgs };

/** Runs the mock until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runMock(argv: string[]): Promise<number | undefined> {
  return runSubcommand(MOCK_COMMAND, argv, start);
}

function start(options: MockCliOptions): Promise<number | undefined> {
  return serveUntilSignal(
    'mock',
    () => createMockServer({ ...options, logger: levelFilter(consoleLogger, options.logLevel) }),
    (server) => describeServer(server, options),
    async (server) => {
      await server.close();
      return 0;
    },
  );
}
