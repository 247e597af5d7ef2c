/**
 * `catalog-contract proxy`: runs the validation proxy in front of a deployment, prints one line per
 * contract violation as it happens and a summary when stopped (SIGINT/SIGTERM). Bad options print
 * a message and give exit code 2.
 */
import { HELP_OPTION, parseOptions, runSubcommand, serveUntilSignal, serverOptionDefinitions, serverOptions, UsageError, type CommandDefinition, type Subcommand } from './command-line.js';
import { createValidationProxy, formatViolation, summarizeViolations, type ValidationProxyOptions } from '../proxy/index.js';

export const DEFAULT_PROXY_PORT = 4010;

/** The options of `catalog-contract proxy`: parsing, --help and the README's table come from here. */
export const PROXY_COMMAND_DEFINITION = {
  name: 'proxy',
  synopsis: '--upstream URL [options]',
  description:
    'Forwards every request to URL unchanged and reports each request and response that breaks the contract: one line per violation as it happens, a summary on exit (exit code 1 when there was any violation).',
  options: {
    upstream: { type: 'string', value: 'URL', help: 'base address of the deployment to check (required)' },
    ...serverOptionDefinitions(DEFAULT_PROXY_PORT, '127.0.0.1'),
    ...HELP_OPTION,
  },
} as const satisfies CommandDefinition;

// Callers of parseProxyArgs catch the UsageError it throws from here.
export { UsageError };

export function parseProxyArgs(argv: string[]): ValidationProxyOptions | 'help' {
  const v = parseOptions(argv, PROXY_COMMAND_DEFINITION.options);
  if (v.help) return 'help';
  if (v.upstream === undefined) throw new UsageError('--upstream URL is required');
  if (!URL.canParse(v.upstream) || !/^https?:$/.test(new URL(v.upstream).protocol)) throw new UsageError(`--upstream '${v.upstream}': expected an http or https URL`);
  return { upstream: v.upstream, port: DEFAULT_PROXY_PORT, ...serverOptions(v) };
}

const PROXY_COMMAND: Subcommand<ValidationProxyOptions> = { definition: PROXY_COMMAND_DEFINITION, parse: parseProxyArgs };

/** Runs the proxy until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runProxy(argv: string[]): Promise<number | undefined> {
  return runSubcommand(PROXY_COMMAND, argv, start);
}

function start(options: ValidationProxyOptions): Promise<number | undefined> {
  return serveUntilSignal(
    'proxy',
    () => createValidationProxy({ ...options, onViolation: (v) => console.log(formatViolation(v)) }),
    (proxy) => `catalog-contract proxy listening on ${proxy.url}, checking traffic to ${options.upstream} (namespace ${options.namespace ?? 'svc'})`,
    async (proxy) => {
      console.log(summarizeViolations(proxy.violations, proxy.exchanges()));
      await proxy.close();
      return proxy.violations.length ? 1 : 0;
    },
  );
}
