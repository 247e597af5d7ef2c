/**
 * `catalog-contract --help` and every subcommand's help agree with the README's CLI reference: the
 * README has one `### catalog-contract <command>` subsection per command the top-level help lists,
 * and each subsection names exactly the options its command's help prints.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';
import { longOptions, readmeSection } from './readme-sections.js';

function help(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', fromRoot('bin', 'catalog-contract.ts'), ...args, '--help'], { cwd: fromRoot(), encoding: 'utf8' });
}

const topLevel = help();
const commands = [...(/^Commands:\n([\s\S]*?)\n\n/m.exec(topLevel)?.[1] ?? '').matchAll(/^\s+([a-z][a-z-]*)\s/gm)].map((m) => m[1] ?? '');
const reference = readmeSection(readFileSync(fromRoot('README.md'), 'utf8'), '## CLI reference') ?? '';

describe('the CLI reference in README.md', () => {
  it('exists and covers every command of `catalog-contract --help`', () => {
    expect(reference, 'README.md has no "## CLI reference" section').not.toBe('');
    expect(commands.length).toBeGreaterThan(0);
    const documented = [...reference.matchAll(/^### `?catalog-contract ([a-z][a-z-]*)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...commands].sort());
  });

  it.each(commands)('lists exactly the options of `catalog-contract %s --help`', (command) => {
    const section = readmeSection(reference, `### \`catalog-contract ${command}\``) ?? readmeSection(reference, `### catalog-contract ${command}`) ?? '';
    expect([...longOptions(section)].sort()).toEqual([...longOptions(help(command))].sort());
  });
});
