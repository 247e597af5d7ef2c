#!/usr/bin/env node
/** The `catalog-contract` command: dispatches to its subcommands. */
import './production-mode.js';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../spec/index.js';
import { nearest } from './nearest.js';

const USAGE = `Usage: catalog-contract <command> [options]

Commands:
  mock      run the stateful mock server of the metadata catalog service
  conformance  check a deployment against the interface document
  proxy     forward traffic to a deployment and report every contract violation in it
  pull      read a slice of a deployment into a seed file the mock loads
  operations  check a frontend's GraphQL operations against the contract, the mock and deployments
  wait-indexed  wait until a written entity is indexed (the mock's answer, or polling a deployment)

Options:
  --help, -h   print this help
  --version    print the version

Run \`catalog-contract <command> --help\` for the options of a command.
`;

/** The version in the package's package.json (beside dist/ when installed, at the root in a checkout). */
function packageVersion(): string {
  return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string }).version;
}

type Command = (argv: string[]) => Promise<number | undefined>;

// Loaded on demand: the proxy pulls in Prism (and its fake-data generator), about a second of start-up the mock does not need.
const commands: Record<string, () => Promise<Command>> = {
  mock: async () => (await import('./mock.js')).runMock,
  proxy: async () => (await import('./proxy.js')).runProxy,
  conformance: async () => (await import('./conformance.js')).runConformanceCli,
  pull: async () => (await import('./pull.js')).runPull,
  operations: async () => (await import('./operations.js')).runOperationsCli,
  'wait-indexed': async () => (await import('./wait-indexed.js')).runWaitIndexed,
};

async function main(argv: string[]): Promise<number | undefined> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    console.error(USAGE);
    return 2;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (name === '--version') {
    console.log(packageVersion());
    return 0;
  }
  const command = commands[name];
  if (!command) {
    // The error last, so that it is what stays on screen.
    const [guess] = nearest(name, Object.keys(commands), 1, 3);
    console.error(`${USAGE}\ncatalog-contract: unknown command '${name}'${guess ? `; did you mean ${guess}?` : ''}`);
    return 2;
  }
  return (await command())(rest);
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
