/**
 * `catalog-contract --help` and every subcommand's help agree with the CLI reference of docs/cli.md
 * (the guide the README links to): it has one `### catalog-contract <command>` subsection per command the top-level help lists,
 * each subsection's option table is the one the command's option definitions give (the definitions
 * that its parsing and --help use; `npx tsx scripts/readme-options.ts` rewrites the tables), and
 * `<command> -h` prints those options.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { CLI_GUIDE, COMMAND_DEFINITIONS, withOptionTables } from '../readme-options.js';
import { longOptions, readmeSection } from './readme-sections.js';

function help(command?: string, flag = '--help'): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), ...(command ? [command] : []), flag],
    { cwd: fromRoot(), encoding: 'utf8' },
  );
}

const topLevel = help();
const commands = [...(/^Commands:\n([\s\S]*?)\n\n/m.exec(topLevel)?.[1] ?? '').matchAll(/^\s+([a-z][a-z-]*)\s/gm)].map(
  (m) => m[1] ?? '',
);
const reference = readmeSection(readFileSync(fromRoot(CLI_GUIDE), 'utf8'), '## CLI reference') ?? '';

describe('the CLI reference in docs/cli.md', () => {
  it('exists and covers every command of `catalog-contract --help`', () => {
    expect(reference, 'docs/cli.md has no "## CLI reference" section').not.toBe('');
    expect(commands.length).toBeGreaterThan(0);
    const documented = [...reference.matchAll(/^### `?catalog-contract ([a-z][a-z-]*)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...commands].sort());
  });

  it('has the option table of every command as its option definitions give it (npx tsx scripts/readme-options.ts writes them)', () => {
    const guide = readFileSync(fromRoot(CLI_GUIDE), 'utf8');
    expect(withOptionTables(guide)).toBe(guide);
    expect(COMMAND_DEFINITIONS.map((c) => c.name).sort()).toEqual([...commands].sort());
  });

  it.each(commands)('`catalog-contract %s -h` prints exactly the options of its docs/cli.md table', (command) => {
    const section = readmeSection(reference, `### \`catalog-contract ${command}\``) ?? '';
    expect([...longOptions(section)].sort()).toEqual([...longOptions(help(command, '-h'))].sort());
  });
});
