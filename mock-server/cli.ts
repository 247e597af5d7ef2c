/**
 * `catalog-contract mock`: parses the options, starts the server and prints what it serves. Bad
 * options print a message and give exit code 2.
 */
import { parseOptions, runSubcommand, serveUntilSignal, SERVER_OPTIONS, serverOptions, UsageError, wholeNumberOption, type Subcommand } from '../bin/command-line.js';
import { NAMESPACES } from '../spec/index.js';
import { AUTH_MODES, parseTokenGrant, type AuthMode, type TokenGrant } from './auth.js';
import { createMockServer, type MockServer } from './index.js';
import { DEFAULT_HOST, DEFAULT_MAX_BODY, DEFAULT_PORT, parseByteSize, type MockServerOptions } from './options.js';
import { ADMIN_PATH } from './admin.js';
import { ADDRESS_FORMS, UPSTREAM_ADDRESS_FORMS } from './address-forms.js';
import { isProfile, PROFILES } from './profile.js';
import { MOCK_DOCS_PATH } from './request-listener.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './graphql/index.js';

export const MOCK_USAGE = `Usage: catalog-contract mock [options]

Runs the stateful mock of the metadata catalog service.

Options:
  --port N            TCP port, 0 for any free port (default ${DEFAULT_PORT})
  --host HOST         interface to listen on (default ${DEFAULT_HOST})
  --namespace NS      svc (the document's names) or li (a real deployment's names) (default svc)
  --data FILE         keep the state in this SQLite file across restarts; one server
                      per file at a time (default: in memory)
  --seed FILE         write the aspects of this file at start (MCE/MCP JSON); repeatable
  --no-sample         start without the built-in sample catalog
  --auth MODE         standard: token needed on operations, test and GraphQL mutations;
                      all: on every request but the reference page and /__mock; off: never
                      (default standard)
  --token T=URN[:ROLE]  accept bearer token T as user URN with role admin (default) or reader;
                      repeatable; without any, admin-token and reader-token are accepted
  --max-body SIZE     largest request body, e.g. 16mb, 512kb or a byte count (default 16mb)
  --task-delay-ms N   wait N ms before each batch of a truncation task, to watch it running (default 0)
  --profile P         document (the interface document's behaviour) or upstream (a current DataHub
                      GMS's where the two differ: result shapes, a token on every path, Spring Boot's
                      401 body, the bare prefix only, List(...) array parameters, async indexing)
                      (default document)
  --index-lag-ms N    search, browse, autocomplete, relationships and time series reads see a write
                      N ms after it (default 0 with --profile document, 1000 with upstream)
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
    profile: { type: 'string' },
    'index-lag-ms': { type: 'string' },
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
  if (v.profile !== undefined) {
    if (!isProfile(v.profile)) throw new UsageError(`--profile '${v.profile}': expected one of ${PROFILES.join(', ')}`);
    options.profile = v.profile;
  }
  if (v['index-lag-ms'] !== undefined) options.indexLagMs = wholeNumberOption('--index-lag-ms', v['index-lag-ms'], 'a whole number of milliseconds');
  return options;
}

export function describeServer(server: MockServer, options: MockServerOptions): string {
  const names = NAMESPACES[options.namespace ?? 'svc'];
  const lines = [
    `catalog-contract mock server listening on ${server.url} (namespace ${names.namespace})`,
    `  profile:        ${options.profile ?? 'document'}; index lag ${server.store.indexLagMs} ms`,
    `  metadata store: ${(options.profile === 'upstream' ? UPSTREAM_ADDRESS_FORMS : ADDRESS_FORMS).map((prefix) => server.url + prefix).join('  ')}`,
    `  GraphQL:        ${server.url}${GRAPHQL_PATH}  (explorer: ${server.url}${GRAPHIQL_PATH})`,
    `  API reference:  ${options.profile === 'upstream' ? '' : `${server.url}${names.docsPath}  `}${server.url}${MOCK_DOCS_PATH}`,
    `  admin:          ${server.url}${ADMIN_PATH}/health  ${server.url}${ADMIN_PATH}/snapshot  POST ${server.url}${ADMIN_PATH}/reset`,
    `  data:           ${options.data ?? 'in memory'}; body limit ${options.maxBody ?? DEFAULT_MAX_BODY} bytes`,
    `  auth:           ${server.auth.mode}`,
    ...server.tokens.map((t) => `  token:          ${t.token}=${t.user}:${t.role}`),
  ];
  for (const report of server.loaded) {
    lines.push(`  loaded ${report.source}: ${report.validated} aspects validated against a schema, ${report.opaque} stored opaque, ${report.rejected} rejected`);
    for (const error of report.errors) lines.push(`    rejected ${error}`);
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
