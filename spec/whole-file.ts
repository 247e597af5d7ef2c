/**
 * Files written whole: every file the package writes (a pull's seed file, a `proxy --record` recording,
 * the suite's JSON and JUnit reports, the start-up YAML copies) is written to a temporary file in the
 * same folder, flushed to disk and renamed into place. A rename within one folder replaces the file in
 * one step, so a reader sees the previous file or the new one, and a run killed mid-write leaves the
 * previous file (or none) at the path, never a truncated one; only the temporary file, named
 * `.<name>.<pid>.<random>.tmp`, can be left beside it. It lives in spec/, the floor every component
 * (the mock, deployment/, the suite, the pull, the proxy, bin/) may import, and spec/ writes a file itself.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Writes `data` to `path` through a temporary file in the same folder and a rename. */
export function writeFileWhole(path: string, data: string | Uint8Array): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
