/**
 * The boundaries the READMEs draw, enforced on every file's imports (static, `export … from` and
 * dynamic, read with TypeScript's own pre-processor, so an import in a comment does not count):
 * the mock, the suite and the proxy stand on `spec/` and `generated/` and never import each other (the
 * suite and the pull share the answer readers of `shapes/`, a leaf);
 * `spec/` imports nothing of the package but `generated/`; no library imports `bin/` (so none knows
 * argv); the mock's store never reaches its search index, handlers or GraphQL, and its error
 * vocabulary (`mock-server/errors.ts`) stays a leaf; inside the mock every folder and root file
 * stands on a floor and imports only downward (MOCK_FLOORS); the inner rooms of the search index and of
 * GraphQL import one another only as their READMEs say (ROOMS); no files import one another in a circle.
 * Tests (any file under a `test/` folder) may cross every boundary: they drive one component with another.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../spec/index.js';

/**
 * What each top-level folder may import of the package, besides itself. A new component is one
 * line here; a folder holding TypeScript that has no line fails the test until it is given one.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  'generated/': [],
  'spec/': ['generated/'],
  'mock-server/': ['spec/', 'generated/'],
  'conformance/': ['spec/', 'generated/', 'shapes/'],
  'proxy/': ['spec/', 'generated/'],
  // The readers of either answer shape: a leaf the suite and the pull share.
  'shapes/': [],
  'pull/': ['spec/', 'generated/', 'shapes/'],
  'bin/': ['spec/', 'generated/', 'mock-server/', 'conformance/', 'proxy/', 'pull/'],
  'scripts/': ['spec/', 'generated/', 'mock-server/', 'conformance/', 'proxy/', 'pull/', 'bin/', './'],
};

/** Folders (or files) that must never reach, directly or through other files, the listed ones (`''`: anything of the package). */
const NEVER_REACHES: readonly { from: string; never: readonly string[]; why: string }[] = [
  {
    from: 'mock-server/store/',
    never: ['mock-server/search/', 'mock-server/handlers/', 'mock-server/graphql/'],
    why: 'the store knows its derived indices only through DerivedIndex (store/README.md)',
  },
  { from: 'mock-server/errors.ts', never: [''], why: 'the error vocabulary of every folder, store and search included, is a leaf' },
  { from: 'conformance/check-failure.ts', never: [''], why: 'how a check fails is a leaf' },
  { from: 'conformance/client.ts', never: ['conformance/check.ts'], why: 'the check context names the client: no cycle back' },
  { from: 'conformance/fixture.ts', never: ['conformance/check.ts'], why: 'the check context names the fixture: no cycle back' },
];

/**
 * Where files may import one another in a circle: nowhere. A cycle, even of types only, makes the
 * order in which modules load matter and hides which file owns a name. GraphQL's entity types return
 * one another, as the SDL's do, yet hold no circle: the registry of every type
 * (graphql/entities/mappers.ts) is handed to EntityView by graphql/schema.ts, not imported by it.
 */
const CYCLES_ALLOWED_UNDER: readonly string[] = [];

/**
 * The inner rooms of a folder and which of their siblings each may import. The folder's own root
 * files (its face, its wiring, the vocabulary the rooms share) are open to every room; a subfolder
 * without a line here fails until it is given one.
 */
const ROOMS: readonly { folder: string; may: Readonly<Record<string, readonly string[]>> }[] = [
  // search/README.md: memory at the bottom, the write side on it, the query side on both.
  { folder: 'mock-server/search/', may: { 'memory/': [], 'write/': ['memory/'], 'query/': ['memory/', 'write/'] } },
  // graphql/README.md: the transport reaches the type families only through schema.ts; families never import the transport.
  {
    folder: 'mock-server/graphql/',
    may: {
      'transport/': [],
      'entities/': ['discovery/'],
      'discovery/': ['entities/'],
      'edits/': ['entities/'],
      'views/': ['entities/', 'discovery/'],
      'caller/': ['entities/'],
    },
  },
];

/** The room (`name/`) of a file inside `folder`, or undefined for the folder's root files and files elsewhere. */
const roomOf = (file: string, folder: string): string | undefined => {
  if (!file.startsWith(folder)) return undefined;
  const rest = file.slice(folder.length);
  return rest.includes('/') ? `${rest.split('/')[0]}/` : undefined;
};

type Files = ReadonlyMap<string, string>;

const isTest = (file: string): boolean => file.split('/').includes('test');
/** A file's top-level folder; `./` for the files at the package root (codegen.ts, vitest.config.ts). */
const folderOf = (file: string): string => (file.includes('/') ? `${file.split('/')[0]}/` : './');

/** The package files a file imports (relative specifiers only: packages and node's modules are not the package's). */
function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts'));
}

// ---- The mock's floors -------------------------------------------------------------------------

/**
 * The mock's rooms (a folder, or a file at its root) floor by floor, bottom up (mock-server/README.md).
 * A non-test file may import its own room and the rooms of the floors below; rooms on one floor never
 * import each other. So no two rooms import each other, `import type` included: a lean between two
 * rooms means one of them holds two floors (as `http/` and `admin/` did) or a shared name sits too
 * high. A room on no floor fails until it is given one.
 */
const MOCK_FLOORS: readonly (readonly string[])[] = [
  // Every path the mock serves; the error every bad input gets; the two profiles.
  ['addresses.ts', 'errors.ts', 'profile.ts'],
  ['auth/'],
  ['options.ts'],
  // JSON bodies, responses and error responses, Rest.li query syntax, request validation, the handler interface.
  ['wire/'],
  ['store/', 'patch/'],
  ['search/', 'ingest/', 'operations/'],
  ['metadata-tests/', 'sample/', 'seed/'],
  // The per-session state every request uses: sessions, journal, faults, settings.
  ['controls/'],
  ['handlers/'],
  ['graphql/', 'admin/'],
  // The request listener, the API exchange, the router, and the listener assembled.
  ['transport/'],
  ['in-process/'],
  // The two faces: the library's entry and the MSW handlers.
  ['msw/', 'index.ts'],
];

const MOCK = 'mock-server/';

/** The room of a file of the mock: its folder below `mock-server/`, or the root file itself; undefined outside the mock. */
function mockRoomOf(file: string): string | undefined {
  if (!file.startsWith(MOCK)) return undefined;
  const [first, ...rest] = file.slice(MOCK.length).split('/');
  return rest.length ? `${first}/` : first;
}

/** A room's floor, counted from 1 at the ground as the README counts them; 0 for a room on no floor. */
const floorOf = (room: string): number => MOCK_FLOORS.findIndex((rooms) => rooms.includes(room)) + 1;

/** Every import of a non-test file of the mock that is not downward, each room on no floor, and each pair of rooms that import each other. */
export function mockFloorViolations(files: Files): string[] {
  const found: string[] = [];
  const arrows = new Map<string, string>();
  const unplaced = new Set<string>();
  for (const [file, text] of files) {
    const room = mockRoomOf(file);
    if (room === undefined || isTest(file)) continue;
    if (floorOf(room) === 0) {
      if (!unplaced.has(room)) found.push(`${file}: ${MOCK}${room} stands on no floor of MOCK_FLOORS`);
      unplaced.add(room);
      continue;
    }
    for (const target of importsOf(file, text)) {
      const to = mockRoomOf(target);
      if (to === undefined || to === room || isTest(target)) continue;
      if (!arrows.has(`${room} → ${to}`)) arrows.set(`${room} → ${to}`, `${file} imports ${target}`);
      const [from, onto] = [floorOf(room), floorOf(to)];
      if (onto === 0 || onto >= from) found.push(`${file} imports ${target}: ${MOCK}${room} (floor ${from}) may import only the mock's floors below it, not ${MOCK}${to} (${onto === 0 ? 'on no floor' : `floor ${onto}`})`);
    }
  }
  for (const [arrow, example] of arrows) {
    const [from, to] = arrow.split(' → ') as [string, string];
    if (from < to && arrows.has(`${to} → ${from}`)) found.push(`${MOCK}${from} and ${MOCK}${to} import each other: ${example}; ${arrows.get(`${to} → ${from}`)}`);
  }
  return found;
}

/** Every broken boundary among `files` (path relative to the package root → source text), one line each. */
export function boundaryViolations(files: Files): string[] {
  const graph = new Map([...files].map(([file, text]) => [file, importsOf(file, text)]));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (isTest(file)) continue;
    const allowed = MAY_IMPORT[folderOf(file)];
    if (!allowed) {
      found.push(`${file}: its folder ${folderOf(file)} has no line in MAY_IMPORT`);
      continue;
    }
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== folderOf(file) && !allowed.includes(to)) found.push(`${file} imports ${target}: ${folderOf(file)} may import only ${allowed.join(', ') || 'itself'}`);
    }
  }
  for (const { folder, may } of ROOMS) {
    for (const [file, targets] of graph) {
      const room = roomOf(file, folder);
      if (room === undefined || isTest(file)) continue;
      const allowed = may[room];
      if (!allowed) {
        found.push(`${file}: its room ${folder}${room} has no line in ROOMS`);
        continue;
      }
      for (const target of targets) {
        const to = roomOf(target, folder);
        if (to !== undefined && to !== room && !allowed.includes(to)) {
          found.push(`${file} imports ${target}: ${folder}${room} may import only ${allowed.map((r) => folder + r).join(', ') || 'its own files'} of ${folder}'s rooms`);
        }
      }
    }
  }
  for (const rule of NEVER_REACHES) {
    for (const file of graph.keys()) {
      if (!file.startsWith(rule.from) || isTest(file)) continue;
      const seen = new Set<string>();
      const path = new Map<string, string>([[file, file]]);
      const queue = [file];
      while (queue.length) {
        const at = queue.shift() as string;
        for (const next of graph.get(at) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          path.set(next, `${path.get(at)} → ${next}`);
          const banned = rule.never.find((prefix) => next.startsWith(prefix));
          if (banned !== undefined) found.push(`${path.get(next)}: ${rule.from} never reaches ${banned || 'anything of the package'} (${rule.why})`);
          else queue.push(next);
        }
      }
    }
  }
  for (const cycle of importCycles(graph)) {
    if (!cycle.every((file) => CYCLES_ALLOWED_UNDER.some((prefix) => file.startsWith(prefix)))) found.push(`import cycle among ${cycle.join(', ')}`);
  }
  return found;
}

/** The files that import one another in a circle (strongly connected components of two files or more, tests left out), each sorted. */
function importCycles(graph: ReadonlyMap<string, string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next) || isTest(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, order.get(next) as number));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!isTest(file) && !order.has(file)) visit(file);
  return cycles;
}

/** The package's TypeScript files, by path relative to its root (no dependencies, no build output). */
function packageFiles(): Map<string, string> {
  const root = fromRoot();
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && dirname(path) !== root) files.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(root);
  return files;
}

describe('import boundaries', () => {
  it('every file of the package keeps them', () => {
    const files = packageFiles();
    expect(files.size).toBeGreaterThan(100);
    expect(boundaryViolations(files)).toEqual([]);
  });

  it.each([
    ['the mock importing the suite', 'mock-server/transport/router.ts', "import { runChecks } from '../../conformance/runner.js';", 'mock-server/transport/router.ts imports conformance/runner.ts'],
    ['the suite importing the proxy', 'conformance/runner.ts', "export { createValidationProxy } from '../proxy/index.js';", 'conformance/runner.ts imports proxy/index.ts'],
    ['the proxy importing the mock, dynamically', 'proxy/index.ts', "const mock = await import('../mock-server/index.js');", 'proxy/index.ts imports mock-server/index.ts'],
    ['a library importing bin/', 'mock-server/index.ts', "import type { Subcommand } from '../bin/command-line.js';", 'mock-server/index.ts imports bin/command-line.ts'],
    ['spec/ importing the mock', 'spec/index.ts', "import { RestliError } from '../mock-server/errors.js';", 'spec/index.ts imports mock-server/errors.ts'],
  ])('catches %s', (_, file, line, message) => {
    expect(boundaryViolations(new Map([[file, line]]))).toEqual([expect.stringContaining(message)]);
  });

  it('catches the store reaching the search index through another file, naming the path', () => {
    const files = new Map([
      ['mock-server/store/catalog-store.ts', "import { keyOf } from './keys.js';"],
      ['mock-server/store/keys.ts', "import { SearchIndex } from '../search/index.js';"],
      ['mock-server/search/index.ts', ''],
    ]);
    const found = boundaryViolations(files);
    expect(found).toContain('mock-server/store/catalog-store.ts → mock-server/store/keys.ts → mock-server/search/index.ts: mock-server/store/ never reaches mock-server/search/ (the store knows its derived indices only through DerivedIndex (store/README.md))');
  });

  it('catches the error vocabulary importing anything', () => {
    expect(boundaryViolations(new Map([['mock-server/errors.ts', "import { NAMESPACES } from '../spec/index.js';"]]))).toEqual([
      'mock-server/errors.ts → spec/index.ts: mock-server/errors.ts never reaches anything of the package (the error vocabulary of every folder, store and search included, is a leaf)',
    ]);
  });

  it('catches an import cycle, of types only too, GraphQL types included', () => {
    const cycle = new Map([
      ['mock-server/sample/common-aspects.ts', "import type { TagName } from './glossary-and-tags.js';"],
      ['mock-server/sample/glossary-and-tags.ts', "import { ownership } from './common-aspects.js';"],
    ]);
    expect(boundaryViolations(cycle)).toEqual(['import cycle among mock-server/sample/common-aspects.ts, mock-server/sample/glossary-and-tags.ts']);
    const graphqlTypes = new Map([
      ['mock-server/graphql/entities/dataset.ts', "import type { EntityView } from './entity-view.js';"],
      ['mock-server/graphql/entities/entity-view.ts', "import { ENTITY_MAPPERS } from './mappers.js';"],
      ['mock-server/graphql/entities/mappers.ts', "import { datasetRecord } from './dataset.js';"],
    ]);
    expect(boundaryViolations(graphqlTypes)).toEqual([
      'import cycle among mock-server/graphql/entities/dataset.ts, mock-server/graphql/entities/entity-view.ts, mock-server/graphql/entities/mappers.ts',
    ]);
  });

  it.each([
    ['the search write side importing the query side', 'mock-server/search/write/document-rows.ts', "import { search } from '../query/search.js';", 'mock-server/search/write/document-rows.ts imports mock-server/search/query/search.ts: mock-server/search/write/ may import only mock-server/search/memory/'],
    ['search memory importing the write side', 'mock-server/search/memory/term-lists.ts', "import type { TermIndex } from '../write/term-index.js';", 'mock-server/search/memory/ may import only its own files'],
    ['a GraphQL type family importing the transport', 'mock-server/graphql/edits/create-tag.ts', "import { graphqlEndpoint } from '../transport/endpoint.js';", 'mock-server/graphql/edits/create-tag.ts imports mock-server/graphql/transport/endpoint.ts'],
    ['a room without a line', 'mock-server/search/cache/pages.ts', "import { integers } from '../memory/integer-list.js';", 'mock-server/search/cache/pages.ts: its room mock-server/search/cache/ has no line in ROOMS'],
  ])('catches %s', (_, file, line, message) => {
    expect(boundaryViolations(new Map([[file, line]]))).toEqual([expect.stringContaining(message)]);
  });

  it('lets tests cross boundaries, ignores imports in comments and names a folder without a rule', () => {
    expect(boundaryViolations(new Map([['mock-server/test/suite.test.ts', "import { runChecks } from '../../conformance/runner.js';"]]))).toEqual([]);
    expect(boundaryViolations(new Map([['mock-server/index.ts', "// never: import x from '../conformance/runner.js';"]]))).toEqual([]);
    expect(boundaryViolations(new Map([['replay/index.ts', '']]))).toEqual(['replay/index.ts: its folder replay/ has no line in MAY_IMPORT']);
  });
});

describe("the mock's floors", () => {
  it('every room of the mock stands on a floor and imports only downward', () => {
    expect(mockFloorViolations(packageFiles())).toEqual([]);
  });

  it('catches an upward import, naming both floors', () => {
    const files = new Map([['mock-server/store/catalog-store.ts', "import { HANDLERS } from '../handlers/index.js';"]]);
    expect(mockFloorViolations(files)).toEqual([
      "mock-server/store/catalog-store.ts imports mock-server/handlers/index.ts: mock-server/store/ (floor 5) may import only the mock's floors below it, not mock-server/handlers/ (floor 9)",
    ]);
  });

  it('catches two rooms that import each other through types only', () => {
    const files = new Map([
      ['mock-server/seed/har-replay.ts', "import type { MockFetch } from '../in-process/injected-fetch.js';"],
      ['mock-server/in-process/create-mock.ts', "import type { HarReplay } from '../seed/index.js';"],
    ]);
    const found = mockFloorViolations(files);
    expect(found).toContain(
      "mock-server/seed/har-replay.ts imports mock-server/in-process/injected-fetch.ts: mock-server/seed/ (floor 7) may import only the mock's floors below it, not mock-server/in-process/ (floor 12)",
    );
    expect(found).toContain(
      'mock-server/in-process/ and mock-server/seed/ import each other: mock-server/in-process/create-mock.ts imports mock-server/seed/index.ts; mock-server/seed/har-replay.ts imports mock-server/in-process/injected-fetch.ts',
    );
  });

  it('catches two rooms of one floor importing each other, and a room on no floor', () => {
    expect(mockFloorViolations(new Map([['mock-server/admin/index.ts', "import { graphqlEndpoint } from '../graphql/index.js';"]]))).toEqual([
      "mock-server/admin/index.ts imports mock-server/graphql/index.ts: mock-server/admin/ (floor 10) may import only the mock's floors below it, not mock-server/graphql/ (floor 10)",
    ]);
    expect(mockFloorViolations(new Map([['mock-server/http/router.ts', "import { badRequest } from '../errors.js';"], ['mock-server/http/raw-json.ts', '']]))).toEqual([
      'mock-server/http/router.ts: mock-server/http/ stands on no floor of MOCK_FLOORS',
    ]);
    expect(mockFloorViolations(new Map([['mock-server/handlers/aspects.ts', "import { stringifyResponse } from '../http/raw-json.js';"]]))).toEqual([
      "mock-server/handlers/aspects.ts imports mock-server/http/raw-json.ts: mock-server/handlers/ (floor 9) may import only the mock's floors below it, not mock-server/http/ (on no floor)",
    ]);
  });

  it('lets tests of the mock import any room, and a room import itself and the floors below', () => {
    expect(mockFloorViolations(new Map([['mock-server/test/store/aspects.test.ts', "import { createMock } from '../../in-process/create-mock.js';"]]))).toEqual([]);
    expect(mockFloorViolations(new Map([['mock-server/transport/router.ts', "import { HANDLERS } from '../handlers/index.js';\nimport { decodeComponent } from '../wire/restli-query.js';\nimport type { StoreRoute } from './router-types.js';"]]))).toEqual([]);
  });
});
