/**
 * `catalog-contract conformance`: parses the flags of README.md, runs the suite with progress on the
 * console, prints the table per document section, writes --junit and --json, and gives exit code 0
 * only when no check that ran failed (2 for a bad command line).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseOptions, runSubcommand, UsageError, wholeNumberOption, type Subcommand } from '../bin/command-line.js';
import { isNamespace, tryParseUrn } from '../spec/index.js';
import { progressLine, summaryTable } from './console-report.js';
import { junitXml } from './junit.js';
import { DEFAULT_PREFIXES, runConformance, type ConformanceOptions, type ExpectAuth } from './runner.js';

export const CONFORMANCE_USAGE = `Usage: catalog-contract conformance --base-url URL [options]

Checks a deployment of the metadata catalog service against the interface document.

Options:
  --base-url URL        the service (required)
  --graphql-url URL     the GraphQL endpoint (default <base-url>/api/graphql)
  --token T             bearer token sent on every call
  --reader-token T      a token of a user who may only read (auth checks)
  --namespace NS        svc or li (default svc); with li, known upstream differences do not fail
  --gateway-url URL     where /api/gms is served when not at --base-url (DataHub's frontend in front of GMS)
  --prefix P            address form to check: /api/gms, /gms or '' (repeatable; default all three with svc;
                        with li '' and, given --gateway-url, /api/gms through it)
  --expect-auth MODE    standard, all or off (default all with li; else standard with --token, else off)
  --dataset URN         a dataset the read-only checks read (default: the first one search finds)
  --index-wait-ms N     how long a read after a write polls for the write to be indexed (default 30000)
  --allow-writes        write the run's own entities (soft-deleted at the end)
  --allow-destructive   also truncate time series (the run's early-1970 points only); needs --allow-writes
  --junit FILE          write a JUnit XML report
  --json FILE           write the JSON report
  --only PATTERN        run the checks whose id or clause contains PATTERN (* matches any text)
  --quiet               print only failures and the summary
  --help                print this help
`;

const EXPECT_AUTH: readonly ExpectAuth[] = ['standard', 'all', 'off'];

type ConformanceCliOptions = ConformanceOptions & { junit?: string; json?: string; quiet: boolean };

export function parseConformanceArgs(argv: string[]): ConformanceCliOptions | 'help' {
  const values = parseOptions(argv, {
    'base-url': { type: 'string' },
    'graphql-url': { type: 'string' },
    'gateway-url': { type: 'string' },
    token: { type: 'string' },
    'reader-token': { type: 'string' },
    namespace: { type: 'string' },
    prefix: { type: 'string', multiple: true },
    'expect-auth': { type: 'string' },
    dataset: { type: 'string' },
    'index-wait-ms': { type: 'string' },
    'allow-writes': { type: 'boolean' },
    'allow-destructive': { type: 'boolean' },
    junit: { type: 'string' },
    json: { type: 'string' },
    only: { type: 'string' },
    quiet: { type: 'boolean' },
    help: { type: 'boolean' },
  });
  if (values.help) return 'help';
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('--base-url is required');
  if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url '${baseUrl}' is not a URL`);
  const gatewayUrl = values['gateway-url'];
  if (gatewayUrl !== undefined && !URL.canParse(gatewayUrl)) throw new UsageError(`--gateway-url '${gatewayUrl}' is not a URL`);
  const namespace = values.namespace ?? 'svc';
  if (!isNamespace(namespace)) throw new UsageError(`--namespace must be svc or li, not '${namespace}'`);
  const expectAuth = values['expect-auth'];
  if (expectAuth !== undefined && !EXPECT_AUTH.includes(expectAuth as ExpectAuth)) throw new UsageError(`--expect-auth must be one of ${EXPECT_AUTH.join(', ')}`);
  for (const prefix of values.prefix ?? []) {
    if (!(DEFAULT_PREFIXES as readonly string[]).includes(prefix)) throw new UsageError(`--prefix must be one of /api/gms, /gms or '', not '${prefix}'`);
  }
  if (values.dataset !== undefined && tryParseUrn(values.dataset)?.entityType !== 'dataset') throw new UsageError(`--dataset must be a dataset URN, not '${values.dataset}'`);
  if (values['allow-destructive'] && !values['allow-writes']) throw new UsageError('--allow-destructive needs --allow-writes');
  return {
    baseUrl,
    namespace,
    allowWrites: !!values['allow-writes'],
    allowDestructive: !!values['allow-destructive'],
    quiet: !!values.quiet,
    ...(values['graphql-url'] ? { graphqlUrl: values['graphql-url'] } : {}),
    ...(gatewayUrl ? { gatewayUrl } : {}),
    ...(values.token ? { token: values.token } : {}),
    ...(values['reader-token'] ? { readerToken: values['reader-token'] } : {}),
    ...(values.prefix ? { prefixes: values.prefix } : {}),
    ...(expectAuth ? { expectAuth: expectAuth as ExpectAuth } : {}),
    ...(values.junit ? { junit: values.junit } : {}),
    ...(values.json ? { json: values.json } : {}),
    ...(values.only ? { only: values.only } : {}),
    ...(values.dataset ? { dataset: values.dataset } : {}),
    ...(values['index-wait-ms'] !== undefined ? { indexWaitMs: wholeNumberOption('--index-wait-ms', values['index-wait-ms'], 'a whole number of milliseconds') } : {}),
  };
}

function writeReport(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const CONFORMANCE_COMMAND: Subcommand<ConformanceCliOptions> = { name: 'conformance', usage: CONFORMANCE_USAGE, parse: parseConformanceArgs };

export async function runConformanceCli(argv: string[]): Promise<number> {
  return runSubcommand(CONFORMANCE_COMMAND, argv, run);
}

async function run(options: ConformanceCliOptions): Promise<number> {
  const { quiet } = options;
  const report = await runConformance({
    ...options,
    onResult: (result) => {
      if (!quiet || result.status === 'failed') console.log(progressLine(result));
    },
  });
  console.log(`\n${summaryTable(report)}`);
  if (options.junit) writeReport(options.junit, junitXml(report));
  if (options.json) writeReport(options.json, `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? 0 : 1;
}
