/**
 * `writeFileWhole`, the package's one way to write a file: the new content replaces the old in one step
 * and leaves nothing beside it; a write that fails leaves the previous file as it was and no temporary
 * file. (A pull killed mid-write is pull/test/bad-upstream.test.ts.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileWhole } from '../index.js';

const dir = mkdtempSync(join(tmpdir(), 'whole-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileWhole', () => {
  it('writes a new file and replaces an old one, leaving no temporary file', () => {
    const file = join(dir, 'report.json');
    writeFileWhole(file, '{"run": 1}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"run": 1}\n');
    writeFileWhole(file, new TextEncoder().encode('{"run": 2}\n'));
    expect(readFileSync(file, 'utf8')).toBe('{"run": 2}\n');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });

  it('when the write fails, leaves what was at the path and no temporary file', () => {
    const folder = join(dir, 'failing');
    mkdirSync(folder);
    // A folder where the file should go: the rename into place fails.
    const target = join(folder, 'seed.json');
    mkdirSync(target);
    writeFileSync(join(target, 'inside.txt'), 'kept');
    expect(() => writeFileWhole(target, '[]\n')).toThrow();
    expect(readdirSync(folder)).toEqual(['seed.json']);
    expect(readFileSync(join(target, 'inside.txt'), 'utf8')).toBe('kept');
  });
});
