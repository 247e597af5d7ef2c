/**
 * `catalog-contract mock`: parses the options, starts the server and prints what it serves. Bad
 * options print a message and give exit code 2.
 */
import { parseArgs } from 'node:util';
import { isNamespace, NAMESPACES } from '../spec/index.js';
import { AUTH_MODES, parseTokenGrant, type AuthMode, type TokenGrant } from './auth.js';
import { createMockServer, type MockServer } from './index.js';
import { DEFAULT_HOST, DEFAULT_MAX_BODY, DEFAULT_PORT, parseByteSize, type MockServerOptions } from './options.js';
import { ADMIN_PATH } from './admin.js';
import { ADDRESS_FORMS } from './app.js';
import { GRAPHIQL_PATH, GRAPHQL_PATH } from './graphql/index.js';

export const MOCK_USAGE = `Usage: catalog-contract mock [options]

Runs the stateful mock of the metadata catalog service.

Options:
  --port N            TCP port, 0 for any free port (default ${DEFAULT_PORT})
  --host HOST         interface to listen on (default ${DEFAULT_HOST})
  --namespace NS      svc (the document's names) or li (a real deployment's names) (default svc)
  --data FILE         keep the state in this SQLite file across restarts (default: in memory)
  --seed FILE         write the aspects of this file at start (MCE/MCP JSON); repeatable
  --no-sample         start without the built-in sample catalog
  --auth MODE         standard: token needed on operations, test and GraphQL mutations;
                      all: on every request but the reference page and /__mock; off: never
                      (default standard)
  --token T=URN[:ROLE]  accept bearer token T as user URN with role admin (default) or reader;
                      repeatable; without any, admin-token and reader-token are accepted
  --max-body SIZE     largest request body, e.g. 16mb, 512kb or a byte count (default 16mb)
  --task-delay-ms N   wait N ms before each batch of a truncation task, to watch it running (default 0)
  --help              print this help
`;

export class UsageError extends Error {}

/** The server options of a command line, or a UsageError saying what is wrong. */
export function parseMockArgs(argv: string[]): MockServerOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        namespace: { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string', multiple: true },
        'no-sample': { type: 'boolean' },
        auth: { type: 'string' },
        token: { type: 'string', multiple: true },
        'max-body': { type: 'string' },
        'task-delay-ms': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  const options: MockServerOptions = { sample: !v['no-sample'] };
  if (v.port !== undefined) {
    const port = Number(v.port);
    if (!/^\d+$/.test(v.port) || port > 65535) throw new UsageError(`--port '${v.port}': expected a port number 0-65535`);
    options.port = port;
  }
  if (v.host !== undefined) options.host = v.host;
  if (v.namespace !== undefined) {
    if (!isNamespace(v.namespace)) throw new UsageError(`--namespace '${v.namespace}': expected one of ${Object.keys(NAMESPACES).join(', ')}`);
    options.namespace = v.namespace;
  }
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
  if (v['task-delay-ms'] !== undefined) {
    if (!/^\d+$/.test(v['task-delay-ms'])) throw new UsageError(`--task-delay-ms '${v['task-delay-ms']}': expected a whole number of milliseconds`);
    options.taskDelayMs = Number(v['task-delay-ms']);
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

/** Runs the mock until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runMock(argv: string[]): Promise<number | undefined> {
  let options;
  try {
    options = parseMockArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`catalog-contract mock: ${error.message}\n\n${MOCK_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(MOCK_USAGE);
    return 0;
  }
  let server: MockServer;
  try {
    server = await createMockServer(options);
  } catch (error) {
    // A bad seed or data file, a port in use: say what failed, without a stack trace.
    console.error(`catalog-contract mock: cannot start: ${(error as Error).message}`);
    return 1;
  }
  console.log(describeServer(server, options));
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
