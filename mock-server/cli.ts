/**
 * `catalog-contract mock`: parses the options, starts the server and prints what it serves. Bad
 * options print a message and give exit code 2.
 */
import { existsSync, statSync } from 'node:fs';
import { parseOptions, runSubcommand, serveUntilSignal, SERVER_OPTIONS, serverOptions, UsageError, wholeNumberOption, type Subcommand } from '../bin/command-line.js';
import { NAMESPACES } from '../spec/index.js';
import { AUTH_MODES, parseTokenGrant, type AuthMode, type TokenGrant } from './auth.js';
import { createMockServer, type MockServer } from './index.js';
import { DEFAULT_HOST, DEFAULT_JOURNAL_SIZE, DEFAULT_MAX_BODY, DEFAULT_MAX_SESSIONS, DEFAULT_PORT, parseByteSize, type MockServerOptions } from './options.js';
import { ADMIN_PATH, parseLatency } from './admin/index.js';
import { ADDRESS_FORMS } from './address-forms.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './graphql/index.js';
import { describeSkip } from './startup-data.js';

export const MOCK_USAGE = `Usage: catalog-contract mock [options]

Runs the stateful mock of the metadata catalog service.

Options:
  --port N            TCP port, 0 for any free port (default ${DEFAULT_PORT})
  --host HOST         interface to listen on (default ${DEFAULT_HOST})
  --namespace NS      svc (the document's names) or li (a real deployment's names) (default svc)
  --data FILE         keep the state in this SQLite file across restarts; one server
                      per file at a time (default: in memory)
  --seed FILE         write the aspects of this file at start (MCE/MCP JSON, usage records, in file order,
                      PATCH included; unusable entries are skipped and reported); repeatable
  --no-sample         start without the built-in sample catalog
  --auth MODE         standard: token needed on operations, test and GraphQL mutations;
                      all: on every request but the reference page and /__mock; off: never
                      (default standard)
  --token T=URN[:ROLE]  accept bearer token T as user URN with role admin (default) or reader;
                      repeatable; without any, admin-token and reader-token are accepted
  --max-body SIZE     largest request body, e.g. 16mb, 512kb or a byte count (default 16mb)
  --task-delay-ms N   wait N ms before each batch of a truncation task, to watch it running (default 0)
  --journal-size N    requests each session's journal keeps, the newest (default ${DEFAULT_JOURNAL_SIZE}); 0 turns it off
  --max-sessions N    sessions (X-Mock-Session or /__session/<id>/) held at most (default ${DEFAULT_MAX_SESSIONS})
  --latency MS        add MS (or MIN-MAX: between MIN and MAX) milliseconds to every API request
  --scenarios DIR     each seed file in DIR is a scenario named after its file, loaded with
                      POST /__mock/scenarios/<name>
  --admin-token T     the admin endpoints (/__mock) need Authorization: Bearer T, from anywhere;
                      without it they answer only on loopback
  --help              print this help
`;

// Callers of parseMockArgs catch the UsageError it throws from here.
export { UsageError };

/** The server options of a command line, or a UsageError saying what is wrong. */
export function parseMockArgs(argv: string[]): MockServerOptions | 'help' {
  const v = parseOptions(argv, {
    ...SERVER_OPTIONS,
    data: { type: 'string' },
    seed: { type: 'string', multiple: true },
    'no-sample': { type: 'boolean' },
    auth: { type: 'string' },
    token: { type: 'string', multiple: true },
    'max-body': { type: 'string' },
    'task-delay-ms': { type: 'string' },
    'journal-size': { type: 'string' },
    'max-sessions': { type: 'string' },
    latency: { type: 'string' },
    scenarios: { type: 'string' },
    'admin-token': { type: 'string' },
    help: { type: 'boolean' },
  });
  if (v.help) return 'help';
  const options: MockServerOptions = { sample: !v['no-sample'], ...serverOptions(v) };
  if (v.data !== undefined) options.data = v.data;
  if (v.seed) options.seed = v.seed;
  if (v.auth !== undefined) {
    if (!AUTH_MODES.includes(v.auth as AuthMode)) throw new UsageError(`--auth '${v.auth}': expected one of ${AUTH_MODES.join(', ')}`);
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
  if (v['max-body'] !== undefined) {
    const bytes = parseByteSize(v['max-body']);
    if (bytes === undefined) throw new UsageError(`--max-body '${v['max-body']}': expected a size such as 16mb, 512kb or 1048576`);
    options.maxBody = bytes;
  }
  if (v['task-delay-ms'] !== undefined) options.taskDelayMs = wholeNumberOption('--task-delay-ms', v['task-delay-ms'], 'a whole number of milliseconds');
  if (v['journal-size'] !== undefined) options.journalSize = wholeNumberOption('--journal-size', v['journal-size'], 'a whole number of requests');
  if (v['max-sessions'] !== undefined) options.maxSessions = wholeNumberOption('--max-sessions', v['max-sessions'], 'a whole number of sessions');
  if (v.latency !== undefined) {
    const latency = parseLatency(v.latency);
    if (!latency) throw new UsageError(`--latency '${v.latency}': expected milliseconds (300) or a range MIN-MAX (100-500)`);
    Object.assign(options, latency);
  }
  if (v.scenarios !== undefined) {
    if (!existsSync(v.scenarios) || !statSync(v.scenarios).isDirectory()) throw new UsageError(`--scenarios '${v.scenarios}': not a directory`);
    options.scenarios = v.scenarios;
  }
  if (v['admin-token'] !== undefined) {
    if (v['admin-token'] === '') throw new UsageError('--admin-token: expected a token');
    options.adminToken = v['admin-token'];
  }
  return options;
}

export function describeServer(server: MockServer, options: MockServerOptions): string {
  const names = NAMESPACES[options.namespace ?? 'svc'];
  const lines = [
    `catalog-contract mock server listening on ${server.url} (namespace ${names.namespace})`,
    `  metadata store: ${ADDRESS_FORMS.map((prefix) => server.url + prefix).join('  ')}`,
    `  GraphQL:        ${server.url}${GRAPHQL_PATH}  (explorer: ${server.url}${GRAPHIQL_PATH})`,
    `  API reference:  ${server.url}${names.docsPath}`,
    `  admin:          ${server.url}${ADMIN_PATH}/health  ${server.url}${ADMIN_PATH}/snapshot  POST ${server.url}${ADMIN_PATH}/reset  (${options.adminToken === undefined ? 'loopback only' : 'bearer admin token'})`,
    `  test control:   ${server.url}${ADMIN_PATH}/requests  /faults  /settings  /scenarios  /sessions; sessions by X-Mock-Session or ${server.session('<id>')}/`,
    `  data:           ${options.data ?? 'in memory'}; body limit ${options.maxBody ?? DEFAULT_MAX_BODY} bytes`,
    `  auth:           ${server.auth.mode}`,
    ...server.tokens.map((t) => `  token:          ${t.token}=${t.user}:${t.role}`),
  ];
  for (const report of server.loaded) {
    const skippedEntries = report.skipped.length - report.rejected;
    lines.push(
      `  loaded ${report.source}: ${report.validated} aspects validated against a schema, ${report.opaque} stored opaque, ${report.rejected} rejected, ${skippedEntries} entries skipped`,
    );
    for (const skip of report.skipped) lines.push(`    skipped ${describeSkip(report.source, skip)}`);
  }
  return lines.join('\n');
}

const MOCK_COMMAND: Subcommand<MockServerOptions> = { name: 'mock', usage: MOCK_USAGE, parse: parseMockArgs };

/** Runs the mock until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runMock(argv: string[]): Promise<number | undefined> {
  return runSubcommand(MOCK_COMMAND, argv, start);
}

function start(options: MockServerOptions): Promise<number | undefined> {
  return serveUntilSignal(
    'mock',
    () => createMockServer(options),
    (server) => describeServer(server, options),
    async (server) => {
      await server.close();
      return 0;
    },
  );
}
