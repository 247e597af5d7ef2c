/**
 * `catalog-contract wait-indexed`: waits until a written entity is seen by the search, browse, lineage
 * or time series reads of the mock (its admin answer) or of a live deployment (polling its search), as a
 * CI step between a fixture's writes and the tests that read them. Exit codes: 0 indexed, 1 not within
 * the time, 2 a bad command line, 3 the target cannot be asked.
 */
import {
  HELP_OPTION,
  parseOptions,
  positiveWholeNumberOption,
  runSubcommand,
  UsageError,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import { tryParseUrn } from '../spec/index.js';
import {
  DEFAULT_INDEX_WAIT_MS,
  INDEXED_IN,
  IndexWaitTimeoutError,
  waitForIndexed,
  type IndexedIn,
} from '../conformance/index.js';

export const WAIT_INDEXED_COMMAND_DEFINITION = {
  name: 'wait-indexed',
  synopsis: '--target URL --urn URN [options]',
  description:
    "Waits until an entity's writes are seen by the target's search (or browse, lineage, time series) reads: on the mock its store's answer, no polling; on a live deployment polling its search for the URN.",
  options: {
    target: { type: 'string', value: 'URL', help: "the mock's or the deployment's base URL (required)" },
    'graphql-url': {
      type: 'string',
      value: 'URL',
      help: 'the GraphQL endpoint a live deployment is polled through (default <target>/api/graphql)',
    },
    urn: { type: 'string', value: 'URN', help: 'the entity written (required)' },
    in: { type: 'string', value: 'READS', help: `${INDEXED_IN.join(', ')} (default search)` },
    'timeout-ms': {
      type: 'string',
      value: 'N',
      help: `how long to wait at most (default ${DEFAULT_INDEX_WAIT_MS})`,
    },
    token: { type: 'string', value: 'T', help: "bearer token for a live deployment's GraphQL" },
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

interface WaitIndexedOptions {
  target: string;
  graphqlUrl?: string;
  urn: string;
  in: IndexedIn;
  timeoutMs: number;
  token?: string;
}

export function parseWaitIndexedArgs(argv: string[]): WaitIndexedOptions | 'help' {
  const values = parseOptions(argv, WAIT_INDEXED_COMMAND_DEFINITION.options);
  if (values.help) return 'help';
  const { target, urn } = values;
  if (!target) throw new UsageError('--target is required');
  if (!URL.canParse(target)) throw new UsageError(`--target '${target}' is not a URL`);
  if (values['graphql-url'] !== undefined && !URL.canParse(values['graphql-url']))
    throw new UsageError(`--graphql-url '${values['graphql-url']}' is not a URL`);
  if (!urn) throw new UsageError('--urn is required');
  if (!tryParseUrn(urn)) throw new UsageError(`--urn '${urn}' is not a URN`);
  const kind = values.in ?? 'search';
  if (!(INDEXED_IN as readonly string[]).includes(kind))
    throw new UsageError(`--in '${kind}': expected one of ${INDEXED_IN.join(', ')}`);
  return {
    target,
    urn,
    in: kind as IndexedIn,
    timeoutMs:
      values['timeout-ms'] === undefined
        ? DEFAULT_INDEX_WAIT_MS
        : positiveWholeNumberOption('--timeout-ms', values['timeout-ms'], 'a whole number of milliseconds'),
    ...(values['graphql-url'] ? { graphqlUrl: values['graphql-url'] } : {}),
    ...(values.token ? { token: values.token } : {}),
  };
}

const WAIT_INDEXED_COMMAND: Subcommand<WaitIndexedOptions> = {
  definition: WAIT_INDEXED_COMMAND_DEFINITION,
  parse: parseWaitIndexedArgs,
};

export async function runWaitIndexed(argv: string[]): Promise<number> {
  return runSubcommand(WAIT_INDEXED_COMMAND, argv, async (options) => {
    try {
      const indexed = await waitForIndexed(
        { baseUrl: options.target, ...(options.graphqlUrl ? { graphqlUrl: options.graphqlUrl } : {}) },
        options.urn,
        { in: options.in, timeoutMs: options.timeoutMs, ...(options.token ? { token: options.token } : {}) },
      );
      console.log(
        `${indexed.urn} is indexed for ${indexed.in} reads (waited ${indexed.waitedMs} ms, ${indexed.via === 'mock' ? "the mock's answer" : 'polling search'})`,
      );
      return 0;
    } catch (error) {
      console.error(`catalog-contract wait-indexed: ${(error as Error).message}`);
      return error instanceof IndexWaitTimeoutError ? 1 : 3;
    }
  });
}
