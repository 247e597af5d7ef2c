/**
 * `catalog-contract conformance`: parses the flags of docs/cli.md, runs the suite with progress on the
 * console, prints the table per document section, writes --junit and --json (checked before the run; written
 * on exits 0, 1, 3 and 130). Exit codes: 0 when no
 * check that ran failed, 1 when one did, 2 for a bad command line, 3 when the target cannot be
 * checked at all (the pre-flight: unreachable, not the service, token refused).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  HELP_OPTION,
  outputFileOption,
  parseOptions,
  runSubcommand,
  TIMEOUT_OPTION,
  timeoutOption,
  UsageError,
  wholeNumberOption,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import { isNamespace, loadContract, tryParseUrn, writeFileWhole, type Namespace } from '../spec/index.js';
import {
  allChecks,
  cannotCheckReport,
  DEFAULT_PREFIXES,
  exitCodeOf,
  fuzzTargets,
  junitXml,
  matchesOnly,
  paintFor,
  preflight,
  progressLine,
  runConformance,
  type Report,
  summaryTable,
  targetOf,
  watchInterruption,
  type ConformanceOptions,
  type ExpectAuth,
} from '../conformance/index.js';
import { nearest } from './nearest.js';

/** The options of `catalog-contract conformance`: parsing, --help and the table in docs/cli.md come from here. */
export const CONFORMANCE_COMMAND_DEFINITION = {
  name: 'conformance',
  synopsis: '--base-url URL [options]',
  description: 'Checks a deployment of the metadata catalog service against the interface document.',
  options: {
    'base-url': { type: 'string', value: 'URL', help: 'base address of the deployment (required)' },
    'graphql-url': { type: 'string', value: 'URL', help: 'the GraphQL endpoint (default <base-url>/api/graphql)' },
    token: { type: 'string', value: 'T', help: 'bearer token for the calls that need one' },
    'reader-token': { type: 'string', value: 'T', help: 'a token of a user who may only read (auth checks)' },
    namespace: {
      type: 'string',
      value: 'NS',
      help: 'svc or li (default svc); with li, known upstream differences do not fail',
    },
    'gateway-url': {
      type: 'string',
      value: 'URL',
      help: "where /api/gms is served when not at --base-url (DataHub's frontend in front of GMS)",
    },
    prefix: {
      type: 'string',
      multiple: true,
      value: 'P',
      help: "address form to check: /api/gms, /gms or '' (repeatable; default all three with svc; with li '' and, given --gateway-url, /api/gms through it)",
    },
    'expect-auth': {
      type: 'string',
      value: 'MODE',
      help: 'standard, all or off: which calls the deployment should refuse without a token (default all with li; else standard with --token, else off)',
    },
    dataset: {
      type: 'string',
      value: 'URN',
      help: 'a dataset the read-only checks read (default: the first one search finds)',
    },
    'index-wait-ms': {
      type: 'string',
      value: 'N',
      help: 'how long a read after a write polls for the write to be indexed (default 30000)',
    },
    ...TIMEOUT_OPTION,
    'allow-writes': {
      type: 'boolean',
      help: "run the checks that write (the run's own entities, soft-deleted at the end)",
    },
    'allow-destructive': {
      type: 'boolean',
      help: "also truncate time series (the run's early-1970 points only); needs --allow-writes",
    },
    only: {
      type: 'string',
      value: 'PATTERN',
      help: 'run the checks whose id or clause contains PATTERN (* matches any text); one that matches no check is an error',
    },
    junit: { type: 'string', value: 'FILE', help: 'write a JUnit XML report' },
    json: { type: 'string', value: 'FILE', help: 'write the JSON report' },
    fuzz: {
      type: 'string',
      value: 'N',
      help: 'also send N invalid or boundary requests drawn from the spec (fuzz phase)',
    },
    seed: {
      type: 'string',
      value: 'S',
      help: "seed of the fuzz phase's requests (default random; the report prints it)",
    },
    quiet: { type: 'boolean', help: 'print only failures and the summary' },
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

const EXPECT_AUTH: readonly ExpectAuth[] = ['standard', 'all', 'off'];

type ConformanceCliOptions = ConformanceOptions & { junit?: string; json?: string; quiet: boolean };

export function parseConformanceArgs(argv: string[]): ConformanceCliOptions | 'help' {
  const values = parseOptions(argv, CONFORMANCE_COMMAND_DEFINITION.options);
  if (values.help) return 'help';
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('--base-url is required');
  if (!URL.canParse(baseUrl)) throw new UsageError(`--base-url '${baseUrl}' is not a URL`);
  const gatewayUrl = values['gateway-url'];
  if (gatewayUrl !== undefined && !URL.canParse(gatewayUrl))
    throw new UsageError(`--gateway-url '${gatewayUrl}' is not a URL`);
  const namespace = values.namespace ?? 'svc';
  if (!isNamespace(namespace)) throw new UsageError(`--namespace must be svc or li, not '${namespace}'`);
  const expectAuth = values['expect-auth'];
  if (expectAuth !== undefined && !EXPECT_AUTH.includes(expectAuth as ExpectAuth))
    throw new UsageError(`--expect-auth must be one of ${EXPECT_AUTH.join(', ')}`);
  for (const prefix of values.prefix ?? []) {
    if (!(DEFAULT_PREFIXES as readonly string[]).includes(prefix))
      throw new UsageError(`--prefix must be one of /api/gms, /gms or '', not '${prefix}'`);
  }
  const fuzz = values.fuzz === undefined ? undefined : Number(values.fuzz);
  if (fuzz !== undefined && !(Number.isSafeInteger(fuzz) && fuzz > 0))
    throw new UsageError(`--fuzz must be a positive whole number, not '${values.fuzz}'`);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !(Number.isSafeInteger(seed) && seed >= 0 && seed < 2 ** 32))
    throw new UsageError(`--seed must be a whole number from 0 to 4294967295, not '${values.seed}'`);
  if (seed !== undefined && fuzz === undefined) throw new UsageError('--seed needs --fuzz');
  if (values.dataset !== undefined && tryParseUrn(values.dataset)?.entityType !== 'dataset')
    throw new UsageError(`--dataset must be a dataset URN, not '${values.dataset}'`);
  if (values['allow-destructive'] && !values['allow-writes'])
    throw new UsageError('--allow-destructive needs --allow-writes');
  if (values.only !== undefined) checkOnly(values.only, fuzz === undefined ? [] : fuzzIds(namespace));
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
    ...(values.junit ? { junit: outputFileOption('--junit', values.junit) } : {}),
    ...(values.json ? { json: outputFileOption('--json', values.json) } : {}),
    ...(values.only ? { only: values.only } : {}),
    ...(fuzz !== undefined ? { fuzz } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(values.dataset ? { dataset: values.dataset } : {}),
    ...(values['timeout-ms'] !== undefined ? { timeoutMs: timeoutOption(values['timeout-ms']) } : {}),
    ...(values['index-wait-ms'] !== undefined
      ? { indexWaitMs: wholeNumberOption('--index-wait-ms', values['index-wait-ms'], 'a whole number of milliseconds') }
      : {}),
  };
}

/** The ids --only selects the fuzz phase's requests by: one per operation it fuzzes, and GraphQL. */
function fuzzIds(namespace: Namespace): string[] {
  return [...fuzzTargets(loadContract(namespace), '').map((target) => `fuzz.${target.op.operationId}`), 'fuzz.graphql'];
}

/** A run that checks nothing is not green: an --only that selects no check (nor, with --fuzz, no fuzz target) is a bad command line. */
function checkOnly(pattern: string, fuzz: readonly string[]): void {
  const checks = allChecks();
  if (checks.some((check) => matchesOnly(pattern, check.id, check.clause))) return;
  if (fuzz.some((id) => matchesOnly(pattern, id, ''))) return;
  // The ids and the groups they belong to (`reads`, `reads.entitiesV2`), so a misspelt group is found too.
  const names = checks.flatMap((check) => check.id.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.')));
  throw new UsageError(
    `--only '${pattern}' matches no check id or clause; nearest check ids: ${nearest(pattern.replace(/\*/g, ''), names, 5).join(', ')}`,
  );
}

/** A report written whole: an interrupted run leaves the previous report or none, never part of one. */
function writeReport(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileWhole(file, text);
}

/** --junit and --json, on every exit that ran or tried to run the suite: 0, 1, 3 and 130 (or 143). */
function writeReports(options: ConformanceCliOptions, report: Report): void {
  if (options.junit) writeReport(options.junit, junitXml(report));
  if (options.json) writeReport(options.json, `${JSON.stringify(report, null, 2)}\n`);
}

const CONFORMANCE_COMMAND: Subcommand<ConformanceCliOptions> = {
  definition: CONFORMANCE_COMMAND_DEFINITION,
  parse: parseConformanceArgs,
};

export async function runConformanceCli(argv: string[]): Promise<number> {
  return runSubcommand(CONFORMANCE_COMMAND, argv, run);
}

/** The exit code of a run that could not check the target. */
export const CANNOT_CHECK = 3;

async function run(options: ConformanceCliOptions): Promise<number> {
  const { quiet } = options;
  const started = Date.now();
  const cannotCheck = await preflight(targetOf(options), options.namespace ?? 'svc');
  if (cannotCheck) {
    console.error(`catalog-contract conformance: ${cannotCheck}`);
    writeReports(options, cannotCheckReport(options, cannotCheck, started));
    return CANNOT_CHECK;
  }
  const paint = paintFor(process.stdout);
  const interruption = watchInterruption((line) => console.error(`\n${line}`));
  let report;
  try {
    report = await runConformance({
      ...options,
      stop: interruption.stop,
      leaveWritten: interruption.leaveWritten,
      // Skips are not printed one by one: the summary groups them, one line per reason.
      onResult: (result) => {
        if (result.status === 'failed' || (!quiet && result.status !== 'skipped'))
          console.log(progressLine(result, paint));
      },
    });
  } finally {
    interruption.dispose();
  }
  console.log(`\n${summaryTable(report, paint)}`);
  if (report.leftBehind.length)
    console.error(`left behind, not soft-deleted:\n${report.leftBehind.map((urn) => `  ${urn}`).join('\n')}`);
  writeReports(options, report);
  const signal = interruption.received();
  if (signal) return exitCodeOf(signal);
  return report.ok ? 0 : 1;
}
