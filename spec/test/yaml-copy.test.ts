import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromRoot } from '../index.js';
import { parseYaml, readStartupYaml, STARTUP_YAML_FILES, writeStartupYamlCopies } from '../yaml-copy.js';

/** A package folder of its own holding the spec's start-up YAML files, so that the build's copies can be written and edited. */
function packageCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'catalog-contract-yaml-copy-'));
  for (const file of STARTUP_YAML_FILES) cpSync(fromRoot('spec', file), join(root, 'spec', file));
  return root;
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("the JSON copies of the spec's start-up YAML files", () => {
  it.each(STARTUP_YAML_FILES)('%s reads the same with and without its copy', (file) => {
    const root = packageCopy();
    roots.push(root);
    const parsed = readStartupYaml(file, root);
    expect(parsed).toEqual(parseYaml(readFileSync(fromRoot('spec', file), 'utf8')));
    expect(writeStartupYamlCopies(root)).toEqual([...STARTUP_YAML_FILES]);
    expect(existsSync(join(root, 'dist', 'spec', 'yaml', file.replace('.yaml', '.json')))).toBe(true);
    expect(readStartupYaml(file, root)).toEqual(parsed);
    expect(writeStartupYamlCopies(root), 'a current copy is not written again').toEqual([]);
  });

  it('never answers from a copy made from another text: an edited YAML file is read as edited', () => {
    const root = packageCopy();
    roots.push(root);
    writeStartupYamlCopies(root);
    const path = join(root, 'spec', 'upstream-differences.yaml');
    writeFileSync(path, 'differences: []\n');
    expect(readStartupYaml('upstream-differences.yaml', root)).toEqual({ differences: [] });
    expect(writeStartupYamlCopies(root)).toEqual(['upstream-differences.yaml']);
    expect(readStartupYaml('upstream-differences.yaml', root)).toEqual({ differences: [] });
  });

  it('refuses to copy a value JSON would change', () => {
    const root = packageCopy();
    roots.push(root);
    writeFileSync(join(root, 'spec', 'entities.yaml'), 'entities: .inf\n');
    expect(() => writeStartupYamlCopies(root)).toThrow(/spec\/entities\.yaml: holds a value JSON does not keep/);
  });
});
