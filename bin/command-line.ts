/**
 * What the subcommands of `catalog-contract` share about reading a command line: strict option
 * parsing whose complaints become a UsageError, the options several commands take (--port, --host,
 * --namespace, --timeout-ms, whole numbers), the exit-2-with-usage / exit-0-for-help convention, and serving
 * until a signal. It lives here, beside the command's entry, because the mock and the conformance
 * suite may not import each other.
 */
import { accessSync, constants, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_TIMEOUT_MS, MAX_RESPONSE_BYTES } from '../deployment/index.js';
import { isNamespace, NAMESPACES, type Namespace } from '../spec/index.js';
import { nearest } from './nearest.js';

/** A command line the command cannot run: the message is printed below the usage, exit code 2. */
export class UsageError extends Error {}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type StrictConfig<O extends OptionsConfig> = { args: string[]; strict: true; allowPositionals: false; options: O };
export type OptionValues<O extends OptionsConfig> = ReturnType<typeof parseArgs<StrictConfig<O>>>['values'];

/**
 * One option of a command, the single source of its parsing, its line in --help and its row in the
 * option table in docs/cli.md: node's parseArgs settings plus the name of its value and what it does.
 */
export type OptionDefinition = OptionsConfig[string] & {
  /** The value's placeholder in the help (`URL`, `N`); absent for a flag. */
  value?: string;
  help: string;
};

export type OptionDefinitions = Record<string, OptionDefinition>;

/** -h and --help, which every command takes. */
export const HELP_OPTION = {
  help: { type: 'boolean', short: 'h', help: 'print this help' },
} as const satisfies OptionDefinitions;

/** A command: its synopsis (what follows `catalog-contract <name>`), what it does, its options. */
export interface CommandDefinition {
  name: string;
  synopsis: string;
  description: string;
  options: OptionDefinitions;
}

/** `--name VALUE` (and `-h` for an option with a short form), as the help and docs/cli.md write it. */
export function optionLabel(name: string, option: OptionDefinition): string {
  return `--${name}${option.value ? ` ${option.value}` : ''}${option.short ? `, -${option.short}` : ''}`;
}

const HELP_WIDTH = 100;
const LABEL_WIDTH = 22;

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** The --help text of a command. */
export function usageOf(command: CommandDefinition): string {
  const rows = Object.entries(command.options).flatMap(([name, option]) => {
    const label = `  ${optionLabel(name, option)}`;
    const [first = '', ...rest] = wrap(option.help, HELP_WIDTH - LABEL_WIDTH - 2);
    const head =
      label.length < LABEL_WIDTH
        ? [`${label.padEnd(LABEL_WIDTH)}  ${first}`]
        : [label, `${' '.repeat(LABEL_WIDTH)}  ${first}`];
    return [...head, ...rest.map((line) => `${' '.repeat(LABEL_WIDTH)}  ${line}`)];
  });
  return [
    `Usage: catalog-contract ${command.name} ${command.synopsis}`,
    '',
    ...wrap(command.description, HELP_WIDTH),
    '',
    'Options:',
    ...rows,
    '',
  ].join('\n');
}

/** The option table of a command in docs/cli.md (scripts/readme-options.ts writes it, a test compares it). */
export function optionsTable(command: CommandDefinition): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = Object.entries(command.options).map(
    ([name, option]) => `| \`${cell(optionLabel(name, option))}\` | ${cell(option.help)} |`,
  );
  return ['| option | meaning |', '|---|---|', ...rows].join('\n');
}

/** The parseArgs settings of the definitions (without the help texts). */
function parseArgsOptions<O extends OptionDefinitions>(options: O): O {
  return Object.fromEntries(
    Object.entries(options).map(([name, { type, multiple, short }]) => [
      name,
      { type, ...(multiple ? { multiple } : {}), ...(short ? { short } : {}) },
    ]),
  ) as O;
}

/**
 * The values of `options` in `argv`; an unknown option (with the nearest known one), a missing value
 * or a positional argument is a UsageError.
 */
export function parseOptions<const O extends OptionDefinitions>(argv: string[], options: O): OptionValues<O> {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options: parseArgsOptions(options) }).values;
  } catch (error) {
    const unknown = /^Unknown option '([^']+)'/.exec((error as Error).message)?.[1];
    if (unknown === undefined) throw new UsageError((error as Error).message);
    const [guess] = nearest(
      unknown,
      Object.keys(options).map((name) => `--${name}`),
      1,
      3,
    );
    throw new UsageError(`unknown option '${unknown}'${guess ? `; did you mean ${guess}?` : ''}`);
  }
}

/**
 * The value of a whole-number option (digits only, so no sign, fraction or exponent), at most `max`:
 * by default the largest whole number a JavaScript number holds exactly.
 */
export function wholeNumberOption(
  option: string,
  text: string,
  expected: string,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${option} '${text}': expected ${expected}`);
  if (Number(text) > max) throw new UsageError(`${option} '${text}': expected ${expected}, at most ${max}`);
  return Number(text);
}

/** The longest delay a timer holds (2^31 - 1 ms); a longer one fires at once. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * --timeout-ms, which every command that reads a live service takes (pull, proxy, conformance): one limit
 * on each response, from connecting to its last byte, applied by deployment/.
 */
export const TIMEOUT_OPTION = {
  'timeout-ms': {
    type: 'string',
    value: 'N',
    help: `milliseconds a response of the live service may take, from connecting to its last byte (default ${DEFAULT_TIMEOUT_MS}); a body over ${MAX_RESPONSE_BYTES / (1024 * 1024)} MiB is refused, and a redirect to another origin is not followed`,
  },
} as const satisfies OptionDefinitions;

/** A limit or a timeout: a whole number from 1 to what a timer (and an int) holds, else a UsageError saying `expected`. */
export function positiveWholeNumberOption(option: string, text: string, expected: string): number {
  const value = wholeNumberOption(option, text, expected, LONGEST_TIMER_MS);
  if (value < 1) throw new UsageError(`${option} '${text}': expected ${expected}`);
  return value;
}

/** The value of --timeout-ms, undefined when not given: at least 1, at most what a timer holds. */
export function timeoutOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return positiveWholeNumberOption(
    '--timeout-ms',
    text,
    `a whole number of milliseconds from 1 to ${LONGEST_TIMER_MS}`,
  );
}

/** What is at `path`, or undefined when nothing is (or a file stands where a folder of the path should). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * A file a command writes at its end (a report): checked before the run, so that a path it cannot write
 * is a bad command line, not a failure after the work is done. The file may not be a folder; the nearest
 * folder on its path that exists must be one the process may write in (the missing ones are created).
 */
export function outputFileOption(option: string, file: string): string {
  const path = resolve(file);
  const existing = statOf(path);
  if (existing?.isDirectory()) throw new UsageError(`${option} '${file}' is a folder, not a file`);
  let folder = dirname(path);
  let stats = statOf(folder);
  while (!stats && dirname(folder) !== folder) {
    folder = dirname(folder);
    stats = statOf(folder);
  }
  if (!stats?.isDirectory()) throw new UsageError(`${option} '${file}': ${folder} is not a folder`);
  try {
    accessSync(folder, constants.W_OK);
    if (existing) accessSync(path, constants.W_OK);
  } catch {
    throw new UsageError(`${option} '${file}': no permission to write ${existing ? path : `in ${folder}`}`);
  }
  return file;
}

/** The value of --port: 0 asks the system for any free port. */
function portOption(text: string): number {
  return wholeNumberOption('--port', text, 'a port number 0-65535', 65535);
}

/** The value of --namespace, one of the contract's built-in namespaces. */
function namespaceOption(text: string): Namespace {
  if (!isNamespace(text))
    throw new UsageError(`--namespace '${text}': expected one of ${Object.keys(NAMESPACES).join(', ')}`);
  return text;
}

/** The options of a command that serves HTTP (mock, proxy): where it listens and the contract's namespace. */
export function serverOptionDefinitions(defaultPort: number, defaultHost: string) {
  return {
    port: { type: 'string', value: 'N', help: `TCP port, 0 for any free port (default ${defaultPort})` },
    host: { type: 'string', value: 'HOST', help: `interface to listen on (default ${defaultHost})` },
    namespace: {
      type: 'string',
      value: 'NS',
      help: "svc (the document's names) or li (a real deployment's names) (default svc)",
    },
  } as const satisfies OptionDefinitions;
}
type ServerOptionDefinitions = ReturnType<typeof serverOptionDefinitions>;

/** The --port, --host and --namespace given, checked; the ones not given are left out, for the command's defaults. */
export function serverOptions(values: OptionValues<ServerOptionDefinitions>): {
  port?: number;
  host?: string;
  namespace?: Namespace;
} {
  return {
    ...(values.port !== undefined ? { port: portOption(values.port) } : {}),
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.namespace !== undefined ? { namespace: namespaceOption(values.namespace) } : {}),
  };
}

export interface Subcommand<Options> {
  definition: CommandDefinition;
  /** The options of a command line, 'help' for --help, or a UsageError. */
  parse: (argv: string[]) => Options | 'help';
}

/**
 * Parses `argv` for `command` and hands the options to `start`: a bad command line prints the usage
 * and then the message on stderr (last, so it is what stays on screen) and gives 2; --help prints
 * the usage on stdout and gives 0.
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
    console.error(`${usageOf(command.definition)}\ncatalog-contract ${command.definition.name}: ${error.message}`);
    return 2;
  }
  if (options === 'help') {
    console.log(usageOf(command.definition));
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
