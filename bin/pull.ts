/**
 * `catalog-contract pull`: reads a slice of a deployment into a seed file (pull/), written whole, and its
 * GraphQL schema into the schema file beside it (`FILE.schema.json`; `--no-schema` skips it). Progress
 * and errors on stderr; exit 0 when the seed file was written (with or without the schema: where
 * introspection is off or unusable one line says so), 1 when the deployment could not be read (no
 * answer within --timeout-ms, a body too large or not the expected JSON: one line naming the request and
 * the cause, and the previous file, if any, left as it was), 2 for a bad command line.
 */
import { counted, isNamespace, NAMESPACES } from '../spec/index.js';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_RATE,
  DEFAULT_SEARCH_LIMIT,
  pullSlice,
  writeSchemaFile,
  writeSeedFile,
  type PullOptions,
} from '../pull/index.js';
import {
  HELP_OPTION,
  parseOptions,
  runSubcommand,
  TIMEOUT_OPTION,
  timeoutOption,
  UsageError,
  wholeNumberOption,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import { REDACT_OPTION, redactOption } from './redact-option.js';

export const PULL_COMMAND_DEFINITION = {
  name: 'pull',
  synopsis: '--from URL --out FILE <selection> [options]',
  description:
    "Reads the entities a selection names from a deployment (or the mock), every aspect through entitiesV2 and their time series, and writes them as a seed file that `mock --seed` loads, with the deployment's GraphQL schema (its introspection) beside it as FILE.schema.json. Read-only; give at least one of --urn, --search, --browse.",
  options: {
    from: {
      type: 'string',
      value: 'URL',
      help: "base address of the deployment: GMS, or the frontend's <url>/api/gms (required)",
    },
    token: { type: 'string', value: 'T', help: 'bearer token sent with every read; never written to any file' },
    namespace: {
      type: 'string',
      value: 'NS',
      help: "svc (the document's names) or li (a real deployment's names) (default svc)",
    },
    out: {
      type: 'string',
      value: 'FILE',
      help: "the seed file to write (required); the GraphQL schema goes beside it, FILE.json's in FILE.schema.json",
    },
    'graphql-url': {
      type: 'string',
      value: 'URL',
      help: "the GraphQL endpoint asked for the schema (default GMS's <from>/api/graphql, or the frontend's <frontend>/api/v2/graphql when --from is <frontend>/api/gms)",
    },
    'no-schema': {
      type: 'boolean',
      help: 'pull the state alone: no introspection, no schema file (one an earlier pull wrote beside FILE is removed)',
    },
    urn: { type: 'string', multiple: true, value: 'U', help: 'an entity to pull; repeatable' },
    search: { type: 'string', value: 'QUERY', help: 'pull the hits of this search (* for all); needs --entity' },
    entity: {
      type: 'string',
      multiple: true,
      value: 'TYPE',
      help: 'entity type of --search and --browse (dataset, chart, ...); repeatable',
    },
    filter: {
      type: 'string',
      value: 'JSON',
      help: 'the search action\'s filter, e.g. {"or":[{"and":[{"field":"platform","value":"urn:li:dataPlatform:hive"}]}]}',
    },
    limit: {
      type: 'string',
      value: 'N',
      help: `hits of --search taken at most, per entity type (default ${DEFAULT_SEARCH_LIMIT})`,
    },
    browse: {
      type: 'string',
      multiple: true,
      value: 'PATH',
      help: 'pull every entity under this browse path (e.g. /prod/hive); needs --entity; repeatable',
    },
    follow: {
      type: 'string',
      value: 'TYPES',
      help: 'also pull what these relationship types (comma-separated, e.g. DownstreamOf,Consumes) reach, in both directions',
    },
    hops: { type: 'string', value: 'N', help: 'how many times --follow goes on from what it reached (default 1)' },
    since: {
      type: 'string',
      value: 'TIME',
      help: 'time series points from this time on (ISO 8601 or epoch ms; default: all)',
    },
    until: {
      type: 'string',
      value: 'TIME',
      help: 'time series points up to this time (ISO 8601 or epoch ms; default: all)',
    },
    ...REDACT_OPTION,
    concurrency: { type: 'string', value: 'N', help: `requests in flight at most (default ${DEFAULT_CONCURRENCY})` },
    rate: { type: 'string', value: 'N', help: `requests started per second at most (default ${DEFAULT_RATE})` },
    ...TIMEOUT_OPTION,
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

type PullCommandOptions = PullOptions & { out: string };

function timeOption(option: string, text: string): number {
  const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  if (Number.isNaN(time)) throw new UsageError(`${option} '${text}': expected an ISO 8601 time or epoch milliseconds`);
  return time;
}

export function parsePullArgs(argv: string[]): PullCommandOptions | 'help' {
  const v = parseOptions(argv, PULL_COMMAND_DEFINITION.options);
  if (v.help) return 'help';
  if (v.from === undefined) throw new UsageError('--from URL is required');
  if (!URL.canParse(v.from) || !/^https?:$/.test(new URL(v.from).protocol))
    throw new UsageError(`--from '${v.from}': expected an http or https URL`);
  if (v.out === undefined) throw new UsageError('--out FILE is required');
  if (v.namespace !== undefined && !isNamespace(v.namespace))
    throw new UsageError(`--namespace '${v.namespace}': expected one of ${Object.keys(NAMESPACES).join(', ')}`);
  if (!v.urn && v.search === undefined && !v.browse)
    throw new UsageError('nothing selected: give --urn, --search or --browse');
  const entities = v.entity ?? [];
  if ((v.search !== undefined || v.browse) && !entities.length)
    throw new UsageError(`--${v.search !== undefined ? 'search' : 'browse'} needs --entity TYPE`);
  let filter: unknown;
  if (v.filter !== undefined) {
    if (v.search === undefined) throw new UsageError('--filter applies to --search; give --search too');
    try {
      filter = JSON.parse(v.filter);
    } catch (error) {
      throw new UsageError(`--filter: not JSON: ${(error as Error).message}`);
    }
  }
  if (v.hops !== undefined && v.follow === undefined)
    throw new UsageError('--hops applies to --follow; give --follow too');
  const graphqlUrl = v['graphql-url'];
  if (graphqlUrl !== undefined) {
    if (v['no-schema'])
      throw new UsageError('--graphql-url is where the schema is asked for; --no-schema asks for none');
    if (!URL.canParse(graphqlUrl) || !/^https?:$/.test(new URL(graphqlUrl).protocol))
      throw new UsageError(`--graphql-url '${graphqlUrl}': expected an http or https URL`);
  }
  const options: PullCommandOptions = {
    from: v.from,
    out: v.out,
    selection: {},
    namespace: (v.namespace as PullOptions['namespace']) ?? 'svc',
  };
  if (v.token !== undefined) options.token = v.token;
  if (graphqlUrl !== undefined) options.graphqlUrl = graphqlUrl;
  if (v['no-schema']) options.schema = false;
  if (v.urn) options.selection.urns = v.urn;
  if (v.search !== undefined) {
    options.selection.search = { query: v.search, entities, ...(filter !== undefined ? { filter } : {}) };
    if (v.limit !== undefined)
      options.selection.search.limit = wholeNumberOption('--limit', v.limit, 'a whole number of hits');
  } else if (v.limit !== undefined) throw new UsageError('--limit applies to --search; give --search too');
  if (v.browse) options.selection.browse = { paths: v.browse, entities };
  if (v.follow !== undefined) {
    const types = v.follow
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (!types.length) throw new UsageError("--follow '': expected relationship types such as DownstreamOf");
    options.selection.follow = {
      types,
      hops: v.hops !== undefined ? wholeNumberOption('--hops', v.hops, 'a whole number of hops') : 1,
    };
  }
  options.window = {
    ...(v.since !== undefined ? { since: timeOption('--since', v.since) } : {}),
    ...(v.until !== undefined ? { until: timeOption('--until', v.until) } : {}),
  };
  if (v.redact) options.redact = redactOption(v.redact);
  if (v.concurrency !== undefined)
    options.concurrency = Math.max(1, wholeNumberOption('--concurrency', v.concurrency, 'a whole number of requests'));
  if (v.rate !== undefined)
    options.rate = Math.max(1, wholeNumberOption('--rate', v.rate, 'a whole number of requests per second'));
  const timeoutMs = timeoutOption(v['timeout-ms']);
  if (timeoutMs !== undefined) options.timeoutMs = timeoutMs;
  return options;
}

const PULL_COMMAND: Subcommand<PullCommandOptions> = { definition: PULL_COMMAND_DEFINITION, parse: parsePullArgs };

export function runPull(argv: string[]): Promise<number> {
  return runSubcommand(PULL_COMMAND, argv, async (options) => {
    const progress = (line: string): void => void process.stderr.write(`pull: ${line}\n`);
    try {
      const result = await pullSlice({ ...options, onProgress: progress });
      writeSeedFile(options.out, result.entries);
      progress(
        `wrote ${counted(result.entries.length, 'aspect')} of ${counted(result.urns.length, 'entity', 'entities')} to ${options.out} (${counted(result.requests, 'request')}${result.skipped.length ? `, ${counted(result.skipped.length, 'entity', 'entities')} skipped` : ''}${options.redact ? `, ${counted(result.redacted, 'text')} redacted` : ''})`,
      );
      const schema = writeSchemaFile(options.out, result.schema);
      if (schema !== undefined) progress(schema);
      return 0;
    } catch (error) {
      console.error(`catalog-contract pull: ${(error as Error).message}`);
      return 1;
    }
  });
}
