/**
 * `catalog-contract proxy`: runs the validation proxy in front of a deployment, prints one line per
 * contract violation as it happens and a summary when stopped (SIGINT/SIGTERM). Bad options print
 * a message and give exit code 2.
 */
import { parseArgs } from 'node:util';
import { isNamespace, NAMESPACES, type Namespace } from '../spec/index.js';
import { createValidationProxy, formatViolation, summarizeViolations, type ValidationProxy, type ValidationProxyOptions } from './proxy.js';

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

export class UsageError extends Error {}

export function parseProxyArgs(argv: string[]): ValidationProxyOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        namespace: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (v.upstream === undefined) throw new UsageError('--upstream URL is required');
  if (!URL.canParse(v.upstream) || !/^https?:$/.test(new URL(v.upstream).protocol)) throw new UsageError(`--upstream '${v.upstream}': expected an http or https URL`);
  const options: ValidationProxyOptions = { upstream: v.upstream, port: DEFAULT_PROXY_PORT };
  if (v.port !== undefined) {
    if (!/^\d+$/.test(v.port) || Number(v.port) > 65535) throw new UsageError(`--port '${v.port}': expected a port number 0-65535`);
    options.port = Number(v.port);
  }
  if (v.host !== undefined) options.host = v.host;
  if (v.namespace !== undefined) {
    if (!isNamespace(v.namespace)) throw new UsageError(`--namespace '${v.namespace}': expected one of ${Object.keys(NAMESPACES).join(', ')}`);
    options.namespace = v.namespace as Namespace;
  }
  return options;
}

/** Runs the proxy until SIGINT/SIGTERM; resolves with the exit code when it cannot start. */
export async function runProxy(argv: string[]): Promise<number | undefined> {
  let options;
  try {
    options = parseProxyArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`catalog-contract proxy: ${error.message}\n\n${PROXY_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(PROXY_USAGE);
    return 0;
  }
  let proxy: ValidationProxy;
  try {
    proxy = await createValidationProxy({ ...options, onViolation: (v) => console.log(formatViolation(v)) });
  } catch (error) {
    console.error(`catalog-contract proxy: cannot start: ${(error as Error).message}`);
    return 1;
  }
  console.log(`catalog-contract proxy listening on ${proxy.url}, checking traffic to ${options.upstream} (namespace ${options.namespace ?? 'svc'})`);
  const stop = (): void => {
    console.log(summarizeViolations(proxy.violations, proxy.exchanges()));
    void proxy.close().then(() => process.exit(proxy.violations.length ? 1 : 0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return undefined;
}
