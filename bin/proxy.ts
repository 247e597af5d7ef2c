/**
 * `catalog-contract proxy`: runs the validation proxy in front of a deployment, prints one line per
 * contract violation as it happens and a summary when stopped (SIGINT/SIGTERM). Bad options print
 * a message and give exit code 2. An upstream that does not answer within --timeout-ms gets its client a
 * 504, one that answers too much or not at all a 502; `--record` writes its seed file whole, and the
 * deployment's GraphQL schema beside it as a pull does (`--no-schema` skips it).
 */
import {
  HELP_OPTION,
  parseOptions,
  runSubcommand,
  serveUntilSignal,
  serverOptionDefinitions,
  serverOptions,
  TIMEOUT_OPTION,
  timeoutOption,
  UsageError,
  type CommandDefinition,
  type Subcommand,
} from './command-line.js';
import {
  createValidationProxy,
  formatViolation,
  summarizeViolations,
  type ValidationProxyOptions,
} from '../proxy/index.js';
import { createRecording, writeSchemaFile, writeSeedFile } from '../pull/index.js';
import { counted } from '../spec/index.js';
import { REDACT_OPTION, redactOption } from './redact-option.js';

export const DEFAULT_PROXY_PORT = 4010;

/** The options of `catalog-contract proxy`: parsing, --help and the table in docs/cli.md come from here. */
export const PROXY_COMMAND_DEFINITION = {
  name: 'proxy',
  synopsis: '--upstream URL [options]',
  description:
    'Forwards every request to URL unchanged and reports each request and response that breaks the contract: one line per violation as it happens, a summary on exit (exit code 1 when there was any violation).',
  options: {
    upstream: { type: 'string', value: 'URL', help: 'base address of the deployment to check (required)' },
    ...serverOptionDefinitions(DEFAULT_PROXY_PORT, '127.0.0.1'),
    record: {
      type: 'string',
      value: 'FILE',
      help: 'keep every write the deployment accepts (ingest, batch, legacy ingest, GraphQL mutations) and every read answered; on exit pull the entities they touched and returned into this seed file',
    },
    token: {
      type: 'string',
      value: 'T',
      help: 'bearer token of the pull at the end of --record (default: the last one the traffic carried); never written to any file',
    },
    ...REDACT_OPTION,
    'no-schema': {
      type: 'boolean',
      help: "with --record, pull the state alone: without it, the deployment's GraphQL schema goes beside FILE.json in FILE.schema.json, asked for at the GraphQL path the traffic used",
    },
    ...TIMEOUT_OPTION,
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

// Callers of parseProxyArgs catch the UsageError it throws from here.
export { UsageError };

/** The proxy's options and, with --record, where the recording goes and how it is pulled. */
export type ProxyCommandOptions = ValidationProxyOptions & {
  record?: { file: string; token?: string; redact?: RegExp[]; schema?: false };
};

export function parseProxyArgs(argv: string[]): ProxyCommandOptions | 'help' {
  const v = parseOptions(argv, PROXY_COMMAND_DEFINITION.options);
  if (v.help) return 'help';
  if (v.upstream === undefined) throw new UsageError('--upstream URL is required');
  if (!URL.canParse(v.upstream) || !/^https?:$/.test(new URL(v.upstream).protocol))
    throw new UsageError(`--upstream '${v.upstream}': expected an http or https URL`);
  const options: ProxyCommandOptions = { upstream: v.upstream, port: DEFAULT_PROXY_PORT, ...serverOptions(v) };
  const timeoutMs = timeoutOption(v['timeout-ms']);
  if (timeoutMs !== undefined) options.timeoutMs = timeoutMs;
  if (v.record !== undefined) {
    options.record = {
      file: v.record,
      ...(v.token !== undefined ? { token: v.token } : {}),
      ...(v.redact ? { redact: redactOption(v.redact) } : {}),
      ...(v['no-schema'] ? { schema: false as const } : {}),
    };
  } else if (v.token !== undefined || v.redact || v['no-schema'])
    throw new UsageError(
      `--${v.token !== undefined ? 'token' : v.redact ? 'redact' : 'no-schema'} applies to --record; give --record FILE too`,
    );
  return options;
}

const PROXY_COMMAND: Subcommand<ProxyCommandOptions> = { definition: PROXY_COMMAND_DEFINITION, parse: parseProxyArgs };

/** Runs the proxy until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runProxy(argv: string[]): Promise<number | undefined> {
  return runSubcommand(PROXY_COMMAND, argv, start);
}

function start(options: ProxyCommandOptions): Promise<number | undefined> {
  const { record, ...proxyOptions } = options;
  const recording = record ? createRecording(options.namespace) : undefined;
  return serveUntilSignal(
    'proxy',
    () =>
      createValidationProxy({
        ...proxyOptions,
        onViolation: (v) => console.log(formatViolation(v)),
        ...(recording ? { onExchange: recording.observe } : {}),
      }),
    (proxy) =>
      `catalog-contract proxy listening on ${proxy.url}, checking traffic to ${options.upstream} (namespace ${options.namespace ?? 'svc'})${record ? `, recording into ${record.file}` : ''}`,
    async (proxy) => {
      console.log(summarizeViolations(proxy.violations, proxy.exchanges()));
      await proxy.close();
      let failed = false;
      if (record && recording) {
        const progress = (line: string): void => void process.stderr.write(`record: ${line}\n`);
        try {
          const result = await recording.pull({
            from: options.upstream,
            ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
            ...(record.token !== undefined ? { token: record.token } : {}),
            ...(record.redact ? { redact: record.redact } : {}),
            ...(record.schema === false ? { schema: false } : {}),
            onProgress: progress,
          });
          writeSeedFile(record.file, result.entries);
          progress(
            `wrote ${counted(result.entries.length, 'aspect')} of ${counted(result.urns.length, 'entity', 'entities')} (${recording.touched().length} written, ${recording.returned().length} read) to ${record.file}`,
          );
          const schema = writeSchemaFile(record.file, result.schema);
          if (schema !== undefined) progress(schema);
        } catch (error) {
          console.error(`catalog-contract proxy: the recording could not be pulled: ${(error as Error).message}`);
          failed = true;
        }
      }
      return proxy.violations.length || failed ? 1 : 0;
    },
  );
}
