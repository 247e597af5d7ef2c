import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/package-root.js';
import { generatedFiles } from '../generate.js';

describe('generated/', () => {
  it('is what `npm run generate` writes from the current spec (run it after changing spec/)', async () => {
    const files = await generatedFiles();
    expect(files.size).toBeGreaterThanOrEqual(5);
    for (const [path, content] of files) {
      expect(existsSync(fromRoot(path)), `${path} is missing: run npm run generate`).toBe(true);
      expect(readFileSync(fromRoot(path), 'utf8') === content, `${path} is stale: run npm run generate`).toBe(true);
    }
  });
});
