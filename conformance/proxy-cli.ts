/**
 * `catalog-contract proxy`: runs the validation proxy in front of a deployment, prints one line per
 * contract violation as it happens and a summary when stopped (SIGINT/SIGTERM). Bad options print
 * a message and give exit code 2.
 */
import { parseOptions, runSubcommand, serveUntilSignal, SERVER_OPTIONS, serverOptions, UsageError, type Subcommand } from '../bin/command-line.js';
import { createValidationProxy, formatViolation, summarizeViolations, type ValidationProxyOptions } from './proxy.js';

export const DEFAULT_PROXY_PORT = 4010;

export const PROXY_USAGE = `Usage: catalog-contract proxy --upstream URL [options]

Forwards every request to URL unchanged and reports each request and response that breaks the
contract: one line per violation as it happens, a summary on exit (exit code 1 when
there was any violation).

Options:
  --upstream URL      base address of the deployment to check (required)
  --port N            TCP port, 0 for any free port (default ${DEFAULT_PROXY_PORT})
  --host HOST         interface to listen on (default 127.0.0.1)
  --namespace NS      svc (the document's names) or li (a real deployment's names) (default svc)
  --help              print this help
`;

// Callers of parseProxyArgs catch the UsageError it throws from here.
export { UsageError };

export function parseProxyArgs(argv: string[]): ValidationProxyOptions | 'help' {
  const v = parseOptions(argv, { upstream: { type: 'string' }, ...SERVER_OPTIONS, help: { type: 'boolean' } });
  if (v.help) return 'help';
  if (v.upstream === undefined) throw new UsageError('--upstream URL is required');
  if (!URL.canParse(v.upstream) || !/^https?:$/.test(new URL(v.upstream).protocol)) throw new UsageError(`--upstream '${v.upstream}': expected an http or https URL`);
  return { upstream: v.upstream, port: DEFAULT_PROXY_PORT, ...serverOptions(v) };
}

const PROXY_COMMAND: Subcommand<ValidationProxyOptions> = { name: 'proxy', usage: PROXY_USAGE, parse: parseProxyArgs };

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
