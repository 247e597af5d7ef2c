/**
 * What the subcommands of `catalog-contract` share about reading a command line: strict option
 * parsing whose complaints become a UsageError, the options several commands take (--port, --host,
 * --namespace, whole numbers), the exit-2-with-usage / exit-0-for-help convention, and serving
 * until a signal. It lives here, beside the command's entry, because the mock and the conformance
 * suite may not import each other.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isNamespace, NAMESPACES, type Namespace } from '../spec/index.js';

/** A command line the command cannot run: the message is printed above the usage, exit code 2. */
export class UsageError extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type StrictConfig<O extends OptionsConfig> = { args: string[]; strict: true; allowPositionals: false; options: O };
export type OptionValues<O extends OptionsConfig> = ReturnType<typeof parseArgs<StrictConfig<O>>>['values'];

/** The values of `options` in `argv`; an unknown option, a missing value or a positional argument is a UsageError. */
export function parseOptions<const O extends OptionsConfig>(argv: string[], options: O): OptionValues<O> {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The value of a whole-number option (digits only, so no sign, fraction or exponent), at most `max`. */
export function wholeNumberOption(option: string, text: string, expected: string, max = Infinity): number {
  if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`${option} '${text}': expected ${expected}`);
  return Number(text);
}

/** The value of --port: 0 asks the system for any free port. */
function portOption(text: string): number {
  return wholeNumberOption('--port', text, 'a port number 0-65535', 65535);
}

/** The value of --namespace, one of the contract's built-in namespaces. */
function namespaceOption(text: string): Namespace {
  if (!isNamespace(text)) throw new UsageError(`--namespace '${text}': expected one of ${Object.keys(NAMESPACES).join(', ')}`);
  return text;
}

/** The options of a command that serves HTTP (mock, proxy): where it listens and the contract's namespace. */
export const SERVER_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  namespace: { type: 'string' },
} as const;

/** The --port, --host and --namespace given, checked; the ones not given are left out, for the command's defaults. */
export function serverOptions(values: OptionValues<typeof SERVER_OPTIONS>): { port?: number; host?: string; namespace?: Namespace } {
  return {
    ...(values.port !== undefined ? { port: portOption(values.port) } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.namespace !== undefined ? { namespace: namespaceOption(values.namespace) } : {}),
  };
}

export interface Subcommand<Options> {
  /** The word after `catalog-contract`, used to prefix error messages. */
  name: string;
  usage: string;
  /** The options of a command line, 'help' for --help, or a UsageError. */
  parse: (argv: string[]) => Options | 'help';
}

/**
 * Parses `argv` for `command` and hands the options to `start`: a bad command line prints the
 * message and the usage on stderr and gives 2, --help prints the usage on stdout and gives 0.
 */
export async function runSubcommand<Options, Code extends number | undefined>(
  command: Subcommand<Options>,
  argv: string[],
  start: (options: Options) => Promise<Code>,
): Promise<Code | 0 | 2> {
  let options;
  try {
    options = command.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`catalog-contract ${command.name}: ${error.message}\n\n${command.usage}`);
    return 2;
  }
  if (options === 'help') {
    console.log(command.usage);
    return 0;
  }
  return start(options);
}

/**
 * Keeps a serving command (mock, proxy) running until SIGINT or SIGTERM. What cannot start (a bad
 * seed or data file, a port in use) is said without a stack trace and gives 1; once it serves,
 * `started` is printed; on a signal `stop` winds it down and its exit code ends the process.
 */
export async function serveUntilSignal<Server>(
  name: string,
  open: () => Promise<Server>,
  started: (server: Server) => string,
  stop: (server: Server) => Promise<number>,
): Promise<1 | undefined> {
  let server: Server;
  try {
    server = await open();
  } catch (error) {
    console.error(`catalog-contract ${name}: cannot start: ${(error as Error).message}`);
    return 1;
  }
  console.log(started(server));
  let stopping = false;
  const onSignal = (): void => {
    if (stopping) return;
    stopping = true;
    void stop(server).then((code) => process.exit(code));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  stopWhenOrphanedUnderNpm(onSignal);
  return undefined;
}

/**
 * `npx catalog-contract …` runs the command through a shell (`sh -c`) that npm starts: npm passes a
 * SIGTERM on to that shell, which dies of it without passing it on, and this process would go on
 * serving, re-parented to PID 1. Started by npm, being re-parented means whoever started it is gone:
 * it stops as on a signal. Started any other way (nohup, a service manager) it keeps running.
 */
function stopWhenOrphanedUnderNpm(stop: () => void): void {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 250).unref();
}
