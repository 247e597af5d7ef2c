/**
 * `catalog-contract operations`: a team's GraphQL operations (their documents) checked against the
 * contract's schema and each `--target`, the matrix on the console, the findings (drift first among them)
 * with `--baseline` holding the known ones, `--junit` and `--json` reports, and with `--coverage-from` the
 * operations a test run sent to a mock. Exit codes as `conformance`'s: 0 no new finding (and coverage at
 * least `--min-coverage`), 1 a new finding or coverage under it, 2 a bad command line or documents the run
 * cannot read, 3 a target or mock the run cannot check.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { print } from 'graphql';
import {
  HELP_OPTION,
  parseOptions,
  runSubcommand,
  TIMEOUT_OPTION,
  timeoutOption,
  UsageError,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import { isNamespace, loadContract, writeFileWhole, type Namespace } from '../spec/index.js';
import {
  baselineKeys,
  CannotCheckError,
  checkOperations,
  coverageSummary,
  DocumentError,
  operationsCoverage,
  operationsJunitXml,
  operationsMatrix,
  paintFor,
  readOperationDocuments,
  TargetError,
  type OperationsCoverage,
  type OperationsOptions,
  type OperationsReport,
} from '../conformance/index.js';
import { loadTeamSchema } from '../mock-server/index.js';

export const OPERATIONS_COMMAND_DEFINITION = {
  name: 'operations',
  synopsis: '--documents GLOB --target [LABEL=]URL [options]',
  description:
    "Checks a team's GraphQL operations (.graphql documents, gql tagged templates in .ts/.tsx/.js) against the contract's schema and each target: valid or not, with --execute whether each query answers without errors; names drift between targets; with --coverage-from, which operations a test run sent to a mock.",
  options: {
    documents: {
      type: 'string',
      multiple: true,
      value: 'GLOB',
      help: 'the operation documents: a file, a folder or a pattern (*, **, ?, {a,b}) of .graphql files and code files with gql tagged templates (repeatable; required)',
    },
    target: {
      type: 'string',
      multiple: true,
      value: '[LABEL=]URL',
      help: 'a deployment or a mock: its GraphQL endpoint, or its base URL (GraphQL at /api/graphql); LABEL names its column (repeatable)',
    },
    'graphql-schema': {
      type: 'string',
      value: 'PATH',
      help: "the contract's schema to check against, as the mock's --graphql-schema takes it (default: the built-in SDL)",
    },
    namespace: {
      type: 'string',
      value: 'NS',
      help: 'svc or li: the names of the built-in SDL (default svc)',
    },
    token: { type: 'string', value: 'T', help: 'bearer token sent to every target' },
    execute: {
      type: 'boolean',
      help: 'also send each query valid on a target to it (never a mutation or a subscription)',
    },
    variables: {
      type: 'string',
      value: 'FILE',
      help: 'JSON object of variables by operation name for --execute (others are made up, URNs read from the target through search)',
    },
    baseline: {
      type: 'string',
      value: 'FILE',
      help: 'the --json report of an earlier run: its findings are known and do not fail this one',
    },
    'coverage-from': {
      type: 'string',
      value: 'MOCK_URL',
      help: "a mock's base URL: report which operations its per-operation counts show a test run sent, with which variable shapes and errors",
    },
    'min-coverage': {
      type: 'string',
      value: 'P',
      help: 'with --coverage-from, fail (exit 1) when fewer than P percent of the operations were sent',
    },
    ...TIMEOUT_OPTION,
    junit: { type: 'string', value: 'FILE', help: 'write a JUnit XML report' },
    json: { type: 'string', value: 'FILE', help: 'write the JSON report' },
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

interface OperationsCliOptions extends Omit<OperationsOptions, 'baseline' | 'variables'> {
  graphqlSchema?: string;
  baselineFile?: string;
  variablesFile?: string;
  coverageFrom?: string;
  minCoverage?: number;
  junit?: string;
  json?: string;
}

export function parseOperationsArgs(argv: string[]): OperationsCliOptions | 'help' {
  const values = parseOptions(argv, OPERATIONS_COMMAND_DEFINITION.options);
  if (values.help) return 'help';
  const documents = values.documents ?? [];
  if (!documents.length) throw new UsageError('--documents is required');
  const targets = values.target ?? [];
  const coverageFrom = values['coverage-from'];
  if (!targets.length && coverageFrom === undefined)
    throw new UsageError('give at least one --target, or --coverage-from');
  if (coverageFrom !== undefined && !URL.canParse(coverageFrom))
    throw new UsageError(`--coverage-from '${coverageFrom}' is not a URL`);
  const namespace = values.namespace ?? 'svc';
  if (!isNamespace(namespace)) throw new UsageError(`--namespace must be svc or li, not '${namespace}'`);
  const min = values['min-coverage'];
  if (min !== undefined && coverageFrom === undefined) throw new UsageError('--min-coverage needs --coverage-from');
  const minCoverage = min === undefined ? undefined : Number(min);
  if (minCoverage !== undefined && !(/^\d+(\.\d+)?$/.test(min ?? '') && minCoverage <= 100))
    throw new UsageError(`--min-coverage '${min}': expected a percentage from 0 to 100`);
  if (values.execute !== true && values.variables !== undefined) throw new UsageError('--variables needs --execute');
  return {
    documents,
    targets,
    namespace: namespace as Namespace,
    execute: !!values.execute,
    ...(values['graphql-schema'] ? { graphqlSchema: values['graphql-schema'] } : {}),
    ...(values.token ? { token: values.token } : {}),
    ...(values.baseline ? { baselineFile: values.baseline } : {}),
    ...(values.variables ? { variablesFile: values.variables } : {}),
    ...(coverageFrom !== undefined ? { coverageFrom } : {}),
    ...(minCoverage !== undefined ? { minCoverage } : {}),
    ...(values.junit ? { junit: values.junit } : {}),
    ...(values.json ? { json: values.json } : {}),
    ...(values['timeout-ms'] !== undefined ? { timeoutMs: timeoutOption(values['timeout-ms']) } : {}),
  };
}

/** A JSON file the run reads (--baseline, --variables); one that cannot be read or parsed is a usage error naming it. */
function jsonFile(option: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`${option} ${file}: ${(error as Error).message}`);
  }
}

function variablesOf(file: string): Record<string, Record<string, unknown>> {
  const json = jsonFile('--variables', file);
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(json)) throw new UsageError(`--variables ${file}: expected a JSON object keyed by operation name`);
  for (const [name, variables] of Object.entries(json))
    if (!isObject(variables)) throw new UsageError(`--variables ${file}: ${name} is not an object of variables`);
  return json as Record<string, Record<string, unknown>>;
}

/** The contract's schema as SDL: the team's (read as the mock reads --graphql-schema) or the built-in one. */
async function contractSdl(options: OperationsCliOptions): Promise<string | undefined> {
  if (options.graphqlSchema === undefined) return undefined;
  try {
    return print((await loadTeamSchema(options.graphqlSchema, loadContract(options.namespace).graphqlSdl)).document);
  } catch (error) {
    throw new UsageError(`--graphql-schema: ${(error as Error).message}`);
  }
}

function writeReport(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileWhole(file, text);
}

const OPERATIONS_COMMAND: Subcommand<OperationsCliOptions> = {
  definition: OPERATIONS_COMMAND_DEFINITION,
  parse: parseOperationsArgs,
};

export async function runOperationsCli(argv: string[]): Promise<number> {
  return runSubcommand(OPERATIONS_COMMAND, argv, run);
}

const CANNOT_CHECK = 3;

async function run(options: OperationsCliOptions): Promise<number> {
  const paint = paintFor(process.stdout);
  let report: OperationsReport | undefined;
  let coverage: OperationsCoverage | undefined;
  try {
    const schemaSdl = await contractSdl(options);
    if (options.targets.length) {
      report = await checkOperations({
        ...options,
        ...(schemaSdl !== undefined ? { schemaSdl } : {}),
        ...(options.baselineFile
          ? { baseline: baselineKeys(jsonFile('--baseline', options.baselineFile), options.baselineFile) }
          : {}),
        ...(options.variablesFile ? { variables: variablesOf(options.variablesFile) } : {}),
      });
      console.log(operationsMatrix(report, paint));
    }
    if (options.coverageFrom !== undefined) {
      coverage = await operationsCoverage(options.coverageFrom, readOperationDocuments(options.documents), options);
      console.log(`\n${coverageSummary(coverage, options.minCoverage)}`);
    }
  } catch (error) {
    if (error instanceof CannotCheckError) {
      console.error(`catalog-contract operations: ${error.message}`);
      return CANNOT_CHECK;
    }
    if (error instanceof DocumentError || error instanceof TargetError || error instanceof UsageError) {
      console.error(`catalog-contract operations: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (options.junit && report) writeReport(options.junit, operationsJunitXml(report));
  if (options.json)
    writeReport(options.json, `${JSON.stringify({ ...report, ...(coverage ? { coverage } : {}) }, null, 2)}\n`);
  const covered =
    coverage === undefined || options.minCoverage === undefined || coverage.percent >= options.minCoverage;
  return (report?.ok ?? true) && covered ? 0 : 1;
}
