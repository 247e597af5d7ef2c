#!/usr/bin/env node
/** The `catalog-contract` command: dispatches to its subcommands. */
import { MOCK_USAGE, runMock } from '../mock-server/cli.js';
import { PROXY_USAGE, runProxy } from '../conformance/proxy-cli.js';
import { CONFORMANCE_USAGE, runConformanceCli } from '../conformance/cli.js';

const USAGE = `Usage: catalog-contract <command> [options]

Commands:
  mock      run the stateful mock server of the metadata catalog service
  conformance  check a deployment against the interface document
  proxy     forward traffic to a deployment and report every contract violation in it

Run \`catalog-contract <command> --help\` for the options of a command.
`;

const commands: Record<string, { run: (argv: string[]) => Promise<number | undefined>; usage: string }> = {
  mock: { run: runMock, usage: MOCK_USAGE },
  proxy: { run: runProxy, usage: PROXY_USAGE },
  conformance: { run: runConformanceCli, usage: CONFORMANCE_USAGE },
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
  const command = commands[name];
  if (!command) {
    console.error(`catalog-contract: unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  return command.run(rest);
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
