import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

describe('GraphQLOperations (catalog-contract/types)', () => {
  it("types every operation of the documented operations and of the screens' example documents", () => {
    const generated = readFileSync(fromRoot('generated', 'graphql', 'operations.ts'), 'utf8');
    const operations = ['operations', 'screens'].flatMap((folder) =>
      readdirSync(fromRoot('spec', 'graphql', folder))
        .filter((file) => file.endsWith('.graphql'))
        .flatMap((file) => [
          ...readFileSync(fromRoot('spec', 'graphql', folder, file), 'utf8').matchAll(
            /^(query|mutation)\s+([A-Za-z_]\w*)/gm,
          ),
        ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(14);
    const untyped = operations
      .map(
        ([, kind = '', name = '']) =>
          `${name[0]?.toUpperCase()}${name.slice(1)}${kind === 'query' ? 'Query' : 'Mutation'}`,
      )
      .filter((type) => !generated.includes(`export type ${type} = `));
    expect(untyped).toEqual([]);
  });
});
