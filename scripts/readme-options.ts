/**
 * Writes the option tables of the CLI reference (docs/cli.md, the guide the README links to) from the
 * commands' option definitions (the same ones their parsing and --help use):
 * `npx tsx scripts/readme-options.ts`. A test fails when the guide differs from what this would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { optionsTable, type CommandDefinition } from '../bin/command-line.js';
import { CONFORMANCE_COMMAND_DEFINITION } from '../bin/conformance.js';
import { PROXY_COMMAND_DEFINITION } from '../bin/proxy.js';
import { MOCK_COMMAND_DEFINITION } from '../bin/mock.js';
import { PULL_COMMAND_DEFINITION } from '../bin/pull.js';
import { OPERATIONS_COMMAND_DEFINITION } from '../bin/operations.js';
import { WAIT_INDEXED_COMMAND_DEFINITION } from '../bin/wait-indexed.js';
import { fromRoot } from '../spec/index.js';

/** The guide holding the CLI reference, from the repository's root. */
export const CLI_GUIDE = 'docs/cli.md';

export const COMMAND_DEFINITIONS: readonly CommandDefinition[] = [
  MOCK_COMMAND_DEFINITION,
  CONFORMANCE_COMMAND_DEFINITION,
  PROXY_COMMAND_DEFINITION,
  PULL_COMMAND_DEFINITION,
  OPERATIONS_COMMAND_DEFINITION,
  WAIT_INDEXED_COMMAND_DEFINITION,
];

/** `guide` with the first table under each `### \`catalog-contract <command>\`` heading rewritten. */
export function withOptionTables(guide: string): string {
  const lines = guide.split('\n');
  for (const command of COMMAND_DEFINITIONS) {
    const heading = lines.indexOf(`### \`catalog-contract ${command.name}\``);
    if (heading < 0) throw new Error(`${CLI_GUIDE} has no "### \`catalog-contract ${command.name}\`" heading`);
    const start = lines.findIndex((line, i) => i > heading && line.startsWith('| option |'));
    const next = lines.findIndex((line, i) => i > heading && line.startsWith('#'));
    if (start < 0 || (next >= 0 && start > next))
      throw new Error(
        `the ${CLI_GUIDE} section of catalog-contract ${command.name} has no "| option | meaning |" table`,
      );
    let end = start;
    while (lines[end]?.startsWith('|')) end++;
    lines.splice(start, end - start, ...optionsTable(command).split('\n'));
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = fromRoot(CLI_GUIDE);
  writeFileSync(file, withOptionTables(readFileSync(file, 'utf8')));
}
