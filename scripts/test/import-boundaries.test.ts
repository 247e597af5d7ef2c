/**
 * The boundaries the READMEs draw, enforced on every file's imports (static, `export … from` and
 * dynamic, read with TypeScript's own pre-processor, so an import in a comment does not count):
 * the mock, the suite and the proxy stand on `spec/` and `generated/` and never import each other (the
 * suite, the pull and the proxy reach live services through `deployment/`, which stands on `spec/`);
 * `spec/` imports nothing of the package but `generated/`; no library imports `bin/` (so none knows
 * argv); the mock's store never reaches its search index, handlers or GraphQL, and its error
 * vocabulary (`mock-server/errors.ts`) stays a leaf; inside the mock every folder and root file
 * stands on a floor and imports only downward (MOCK_FLOORS); the inner rooms of the search index and of
 * GraphQL import one another only as their READMEs say (ROOMS); no files import one another in a circle.
 * `bin/` imports each library only through its face, its `index.ts`; and only `deployment/` and the
 * proxy's exchange (`proxy/upstream.ts`) open connections to a live service (the global `fetch`, or a
 * client of node's network modules or undici, read from the TypeScript syntax tree; the mock listens
 * rather than connects); and only `spec/whole-file.ts` writes files, whole (the names of node's file
 * modules that write in place, read the same way; the maintenance scripts are exempt). Tests (any file under a `test/` folder) may cross every boundary: they drive one
 * component with another.
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
  'conformance/': ['spec/', 'generated/', 'deployment/'],
  'proxy/': ['spec/', 'generated/', 'deployment/'],
  // The one client for live services (target, transport, response readers), shared by the suite, the pull and the proxy.
  'deployment/': ['spec/', 'generated/'],
  'pull/': ['spec/', 'generated/', 'deployment/'],
  'bin/': ['spec/', 'generated/', 'deployment/', 'mock-server/', 'conformance/', 'proxy/', 'pull/'],
  'scripts/': ['spec/', 'generated/', 'mock-server/', 'conformance/', 'proxy/', 'pull/', 'bin/', './'],
};

/** Folders (or files) that must never reach, directly or through other files, the listed ones (`''`: anything of the package). */
const NEVER_REACHES: readonly { from: string; never: readonly string[]; why: string }[] = [
  {
    from: 'mock-server/store/',
    never: ['mock-server/search/', 'mock-server/handlers/', 'mock-server/graphql/'],
    why: 'the store knows its derived indices only through DerivedIndex (store/README.md)',
  },
  {
    from: 'mock-server/errors.ts',
    never: [''],
    why: 'the error vocabulary of every folder, store and search included, is a leaf',
  },
  { from: 'conformance/check-failure.ts', never: [''], why: 'how a check fails is a leaf' },
  {
    from: 'conformance/client.ts',
    never: ['conformance/check.ts'],
    why: 'the check context names the client: no cycle back',
  },
  {
    from: 'conformance/fixture.ts',
    never: ['conformance/check.ts'],
    why: 'the check context names the fixture: no cycle back',
  },
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
      // The app shell and the home page: the caller's privileges, entity records, searches.
      'shell/': ['caller/', 'entities/', 'discovery/'],
      'home/': ['caller/', 'entities/', 'discovery/', 'shell/'],
      // Creating, moving and deleting entities: the entity records returned, the creator made an owner.
      'lifecycle/': ['entities/', 'edits/'],
      // The timeline: change transactions computed from an entity's stored aspect versions.
      'timeline/': ['entities/'],
      // The management screens: entity records, the list paging of searches, a user's or group's references removed.
      'management/': ['entities/', 'discovery/', 'lifecycle/'],
      // A team's schema: read, compared and filled on its own; schema.ts and the face use it.
      'overlay/': [],
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
  // The two APIs' handlers above the store's, the frontend gateway (sign-in, tracking), the admin endpoints.
  ['graphql/', 'gateway/', 'admin/'],
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
      if (onto === 0 || onto >= from)
        found.push(
          `${file} imports ${target}: ${MOCK}${room} (floor ${from}) may import only the mock's floors below it, not ${MOCK}${to} (${onto === 0 ? 'on no floor' : `floor ${onto}`})`,
        );
    }
  }
  for (const [arrow, example] of arrows) {
    const [from, to] = arrow.split(' → ') as [string, string];
    if (from < to && arrows.has(`${to} → ${from}`))
      found.push(`${MOCK}${from} and ${MOCK}${to} import each other: ${example}; ${arrows.get(`${to} → ${from}`)}`);
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
      if (to !== folderOf(file) && !allowed.includes(to))
        found.push(`${file} imports ${target}: ${folderOf(file)} may import only ${allowed.join(', ') || 'itself'}`);
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
          found.push(
            `${file} imports ${target}: ${folder}${room} may import only ${allowed.map((r) => folder + r).join(', ') || 'its own files'} of ${folder}'s rooms`,
          );
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
          if (banned !== undefined)
            found.push(
              `${path.get(next)}: ${rule.from} never reaches ${banned || 'anything of the package'} (${rule.why})`,
            );
          else queue.push(next);
        }
      }
    }
  }
  for (const cycle of importCycles(graph)) {
    if (!cycle.every((file) => CYCLES_ALLOWED_UNDER.some((prefix) => file.startsWith(prefix))))
      found.push(`import cycle among ${cycle.join(', ')}`);
  }
  found.push(...oneFaceViolations(graph), ...oneClientViolations(files), ...oneWriterViolations(files));
  return found;
}

// ---- One face per library, one client for live services ----

/** Folders whose files may import another folder of the package only through that folder's face, its `index.ts`. */
const ONE_FACE_FOR = ['bin/'];

/** Imports past a library's face: a file of ONE_FACE_FOR importing a module of another folder that is not its `index.ts`. */
function oneFaceViolations(graph: ReadonlyMap<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const folder = folderOf(file);
    if (isTest(file) || !ONE_FACE_FOR.includes(folder)) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== folder && target !== `${to}index.ts`)
        found.push(
          `${file} imports ${target}: ${folder} may import another library only through its face, ${to}index.ts`,
        );
    }
  }
  return found;
}

/**
 * Where a connection to a live service may be opened: the one client (`deployment/`) and the proxy's
 * byte-for-byte exchange with its upstream. Outside them, in any folder but the exempt ones, a file may
 * neither use the global `fetch` nor import a client of node's network modules or undici.
 */
const CLIENTS = ['deployment/', 'proxy/upstream.ts'];
const CLIENT_EXEMPT: Record<string, string> = {
  'mock-server/': 'the mock listens rather than connects (and its in-process fetch answers without a socket)',
  'scripts/': 'benchmarks and tools drive a mock they started',
  './': 'the package root holds configuration only',
};

/** Names of node's network modules that connect; `undefined` for a module of which every value import is a client. */
const CLIENT_MODULES: Record<string, readonly string[] | undefined> = {
  http: ['request', 'get', 'Agent', 'globalAgent', 'ClientRequest'],
  https: ['request', 'get', 'Agent', 'globalAgent'],
  http2: ['connect'],
  net: ['connect', 'createConnection', 'Socket'],
  tls: ['connect', 'TLSSocket'],
  undici: undefined,
};

/** The client-module entry for a module specifier (`node:http` and `http` alike), or null when it is none. */
function clientModule(specifier: string): WatchedModule | null {
  const name = specifier.replace(/^node:/, '');
  return name in CLIENT_MODULES ? { name, names: CLIENT_MODULES[name] } : null;
}

const GLOBAL_OBJECTS = ['globalThis', 'global', 'window', 'self'];

/**
 * What an identifier named `fetch` is: `global` (`globalThis.fetch` and the like), `binding` (the file's
 * own fetch: a parameter, variable, function or import), `bare` (a value read, the global unless the file
 * binds its own), or undefined (a property of something else, a property's name, a type).
 */
function fetchUse(node: ts.Identifier): 'global' | 'binding' | 'bare' | undefined {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node)
    return ts.isIdentifier(parent.expression) && GLOBAL_OBJECTS.includes(parent.expression.text) ? 'global' : undefined;
  if (ts.isQualifiedName(parent) || ts.isTypeQueryNode(parent) || ts.isTypeReferenceNode(parent)) return undefined;
  if (
    (ts.isBindingElement(parent) || ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) &&
    parent.propertyName === node
  )
    return undefined;
  const binds =
    ts.isVariableDeclaration(parent) ||
    ts.isParameter(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isBindingElement(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent);
  if (binds && parent.name === node) return 'binding';
  const names =
    ts.isPropertyAssignment(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isMethodSignature(parent);
  if (names && parent.name === node) return undefined;
  return 'bare';
}

/** A module some of whose names a rule watches: its name, and the watched names (`undefined`: every value import). */
interface WatchedModule {
  name: string;
  names: readonly string[] | undefined;
}

/**
 * Each import of a watched name of the modules `watched` recognises (static, re-exported, dynamic or
 * required); a default or namespace import hands over the whole module, its watched names included.
 */
function watchedImports(
  source: ts.SourceFile,
  watched: (specifier: string) => WatchedModule | null,
  visitOther: (node: ts.Node) => void = () => {},
): string[] {
  const uses: string[] = [];
  const line = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const named = (
    module: WatchedModule,
    elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[],
    node: ts.Node,
  ): void => {
    for (const element of elements) {
      if (element.isTypeOnly) continue;
      const imported = (element.propertyName ?? element.name).text;
      if (module.names === undefined || module.names.includes(imported))
        uses.push(`imports ${imported} from ${module.name} (line ${line(node)})`);
    }
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const module = watched(node.moduleSpecifier.text);
      if (module) {
        if (ts.isImportDeclaration(node)) {
          const clause = node.importClause;
          if (!clause) {
            if (module.names === undefined) uses.push(`imports ${module.name} (line ${line(node)})`);
          } else if (!clause.isTypeOnly) {
            if (clause.name || (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)))
              uses.push(`imports the whole of ${module.name} (line ${line(node)})`);
            else if (clause.namedBindings) named(module, clause.namedBindings.elements, node);
          }
        } else if (!node.isTypeOnly) {
          if (!node.exportClause || ts.isNamespaceExport(node.exportClause))
            uses.push(`re-exports the whole of ${module.name} (line ${line(node)})`);
          else named(module, node.exportClause.elements, node);
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      const [argument] = node.arguments;
      const module = argument && ts.isStringLiteralLike(argument) ? watched(argument.text) : null;
      if (module) uses.push(`loads ${module.name} dynamically (line ${line(node)})`);
    } else visitOther(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

/** Each way the file opens a connection: the global fetch, an import of a connecting name (static, re-exported, dynamic or required). */
function clientUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const fetches: { node: ts.Identifier; use: 'global' | 'binding' | 'bare' }[] = [];
  const uses = watchedImports(source, clientModule, (node) => {
    if (!ts.isIdentifier(node) || node.text !== 'fetch') return;
    const use = fetchUse(node);
    if (use) fetches.push({ node, use });
  });
  // A bare `fetch` is the global one unless the file binds its own (an injected fetch, say).
  const ownFetch = fetches.some((f) => f.use === 'binding');
  for (const { node, use } of fetches)
    if (use === 'global' || (use === 'bare' && !ownFetch)) uses.push(`uses the global fetch (line ${line(node)})`);
  return uses;
}

/** Connections to a live service opened outside the one client. */
function oneClientViolations(files: Files): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (
      isTest(file) ||
      folderOf(file) in CLIENT_EXEMPT ||
      CLIENTS.some((client) => file === client || (client.endsWith('/') && file.startsWith(client)))
    )
      continue;
    for (const use of clientUses(file, text))
      found.push(`${file} ${use}: only ${CLIENTS.join(' and ')} open connections to a live service (the one client)`);
  }
  return found;
}

// ---- Files written whole ----

/**
 * Where a file may be written: only the helper that writes it whole (a temporary file in the same
 * folder, renamed into place), so a run killed mid-write leaves the previous file or none. Outside it,
 * in any folder but the exempt ones, a file may not import a name of node's file modules that writes
 * a file in place.
 */
const WRITER = 'spec/whole-file.ts';
const WRITER_EXEMPT: Record<string, string> = {
  'scripts/': "the maintenance tools write the repository's own generated files, docs and benchmark tables",
  './': 'the package root holds configuration only',
};
const WRITING_NAMES = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'write',
  'writeSync',
  'writev',
  'writevSync',
  'truncate',
  'truncateSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
];

/** The file-module entry for a module specifier (`node:fs`, `fs/promises` and the like), or null when it is none. */
function fileModule(specifier: string): WatchedModule | null {
  const name = specifier.replace(/^node:/, '');
  return name === 'fs' || name === 'fs/promises' ? { name, names: WRITING_NAMES } : null;
}

/** Files written in place outside the one writer. */
function oneWriterViolations(files: Files): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (isTest(file) || folderOf(file) in WRITER_EXEMPT || file === WRITER) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const use of watchedImports(source, fileModule))
      found.push(`${file} ${use}: only ${WRITER} writes files (whole: a temporary file renamed into place)`);
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
      else if (name.endsWith('.ts') && dirname(path) !== root)
        files.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
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
    [
      'the mock importing the suite',
      'mock-server/transport/router.ts',
      "import { runChecks } from '../../conformance/runner.js';",
      'mock-server/transport/router.ts imports conformance/runner.ts',
    ],
    [
      'the suite importing the proxy',
      'conformance/runner.ts',
      "export { createValidationProxy } from '../proxy/index.js';",
      'conformance/runner.ts imports proxy/index.ts',
    ],
    [
      'the proxy importing the mock, dynamically',
      'proxy/index.ts',
      "const mock = await import('../mock-server/index.js');",
      'proxy/index.ts imports mock-server/index.ts',
    ],
    [
      'a library importing bin/',
      'mock-server/index.ts',
      "import type { Subcommand } from '../bin/command-line.js';",
      'mock-server/index.ts imports bin/command-line.ts',
    ],
    [
      'spec/ importing the mock',
      'spec/index.ts',
      "import { RestliError } from '../mock-server/errors.js';",
      'spec/index.ts imports mock-server/errors.ts',
    ],
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
    expect(found).toContain(
      'mock-server/store/catalog-store.ts → mock-server/store/keys.ts → mock-server/search/index.ts: mock-server/store/ never reaches mock-server/search/ (the store knows its derived indices only through DerivedIndex (store/README.md))',
    );
  });

  it('catches the error vocabulary importing anything', () => {
    expect(
      boundaryViolations(new Map([['mock-server/errors.ts', "import { NAMESPACES } from '../spec/index.js';"]])),
    ).toEqual([
      'mock-server/errors.ts → spec/index.ts: mock-server/errors.ts never reaches anything of the package (the error vocabulary of every folder, store and search included, is a leaf)',
    ]);
  });

  it('catches an import cycle, of types only too, GraphQL types included', () => {
    const cycle = new Map([
      ['mock-server/sample/common-aspects.ts', "import type { TagName } from './glossary-and-tags.js';"],
      ['mock-server/sample/glossary-and-tags.ts', "import { ownership } from './common-aspects.js';"],
    ]);
    expect(boundaryViolations(cycle)).toEqual([
      'import cycle among mock-server/sample/common-aspects.ts, mock-server/sample/glossary-and-tags.ts',
    ]);
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
    [
      'the search write side importing the query side',
      'mock-server/search/write/document-rows.ts',
      "import { search } from '../query/search.js';",
      'mock-server/search/write/document-rows.ts imports mock-server/search/query/search.ts: mock-server/search/write/ may import only mock-server/search/memory/',
    ],
    [
      'search memory importing the write side',
      'mock-server/search/memory/term-lists.ts',
      "import type { TermIndex } from '../write/term-index.js';",
      'mock-server/search/memory/ may import only its own files',
    ],
    [
      'a GraphQL type family importing the transport',
      'mock-server/graphql/edits/create-tag.ts',
      "import { graphqlEndpoint } from '../transport/endpoint.js';",
      'mock-server/graphql/edits/create-tag.ts imports mock-server/graphql/transport/endpoint.ts',
    ],
    [
      'a room without a line',
      'mock-server/search/cache/pages.ts',
      "import { integers } from '../memory/integer-list.js';",
      'mock-server/search/cache/pages.ts: its room mock-server/search/cache/ has no line in ROOMS',
    ],
  ])('catches %s', (_, file, line, message) => {
    expect(boundaryViolations(new Map([[file, line]]))).toEqual([expect.stringContaining(message)]);
  });

  it('lets tests cross boundaries, ignores imports in comments and names a folder without a rule', () => {
    expect(
      boundaryViolations(
        new Map([['mock-server/test/suite.test.ts', "import { runChecks } from '../../conformance/runner.js';"]]),
      ),
    ).toEqual([]);
    expect(
      boundaryViolations(new Map([['mock-server/index.ts', "// never: import x from '../conformance/runner.js';"]])),
    ).toEqual([]);
    expect(boundaryViolations(new Map([['replay/index.ts', '']]))).toEqual([
      'replay/index.ts: its folder replay/ has no line in MAY_IMPORT',
    ]);
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
    expect(
      mockFloorViolations(
        new Map([['mock-server/admin/index.ts', "import { graphqlEndpoint } from '../graphql/index.js';"]]),
      ),
    ).toEqual([
      "mock-server/admin/index.ts imports mock-server/graphql/index.ts: mock-server/admin/ (floor 10) may import only the mock's floors below it, not mock-server/graphql/ (floor 10)",
    ]);
    expect(
      mockFloorViolations(
        new Map([
          ['mock-server/http/router.ts', "import { badRequest } from '../errors.js';"],
          ['mock-server/http/raw-json.ts', ''],
        ]),
      ),
    ).toEqual(['mock-server/http/router.ts: mock-server/http/ stands on no floor of MOCK_FLOORS']);
    expect(
      mockFloorViolations(
        new Map([['mock-server/handlers/aspects.ts', "import { stringifyResponse } from '../http/raw-json.js';"]]),
      ),
    ).toEqual([
      "mock-server/handlers/aspects.ts imports mock-server/http/raw-json.ts: mock-server/handlers/ (floor 9) may import only the mock's floors below it, not mock-server/http/ (on no floor)",
    ]);
  });

  it('lets tests of the mock import any room, and a room import itself and the floors below', () => {
    expect(
      mockFloorViolations(
        new Map([
          ['mock-server/test/store/aspects.test.ts', "import { createMock } from '../../in-process/create-mock.js';"],
        ]),
      ),
    ).toEqual([]);
    expect(
      mockFloorViolations(
        new Map([
          [
            'mock-server/transport/router.ts',
            "import { HANDLERS } from '../handlers/index.js';\nimport { decodeComponent } from '../wire/restli-query.js';\nimport type { StoreRoute } from './router-types.js';",
          ],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('one face per library, one client for live services, one writer of files', () => {
  const ONLY_CLIENTS = 'only deployment/ and proxy/upstream.ts open connections to a live service (the one client)';

  it.each([
    [
      'a bin file importing a deep module of the suite',
      'bin/conformance.ts',
      "import { preflight } from '../conformance/preflight.js';",
      'bin/conformance.ts imports conformance/preflight.ts: bin/ may import another library only through its face, conformance/index.ts',
    ],
    [
      'a bin file importing a deep module of the spec, for a type only',
      'bin/pull.ts',
      "import type { Contract } from '../spec/contract.js';",
      'bin/pull.ts imports spec/contract.ts: bin/ may import another library only through its face, spec/index.ts',
    ],
    [
      'a bin file importing the index of a sub-folder',
      'bin/proxy.ts',
      "export { fuzzTargets } from '../conformance/fuzz/index.js';",
      'bin/proxy.ts imports conformance/fuzz/index.ts',
    ],
    [
      'a conformance file calling fetch',
      'conformance/client.ts',
      'const response = await fetch(url);',
      `conformance/client.ts uses the global fetch (line 1): ${ONLY_CLIENTS}`,
    ],
    [
      'a pull file calling fetch through globalThis',
      'pull/index.ts',
      'await globalThis.fetch(url);',
      'pull/index.ts uses the global fetch (line 1)',
    ],
    [
      'a file handing the global fetch on',
      'pull/selection.ts',
      'const get = { fetch };',
      'pull/selection.ts uses the global fetch (line 1)',
    ],
    [
      'a library requesting with node:http',
      'proxy/index.ts',
      "import { request } from 'node:http';",
      `proxy/index.ts imports request from http (line 1): ${ONLY_CLIENTS}`,
    ],
    [
      'a whole network module imported',
      'conformance/preflight.ts',
      "import * as https from 'node:https';",
      'conformance/preflight.ts imports the whole of https (line 1)',
    ],
    [
      'a socket of node:net',
      'proxy/violation.ts',
      "import { Socket as Raw } from 'net';",
      'proxy/violation.ts imports Socket from net (line 1)',
    ],
    [
      'undici',
      'pull/deployment-reader.ts',
      "import { request } from 'undici';",
      'pull/deployment-reader.ts imports request from undici (line 1)',
    ],
    [
      'a network module loaded dynamically',
      'spec/index.ts',
      "const http = await import('node:http');",
      'spec/index.ts loads http dynamically (line 1)',
    ],
    [
      'a client re-exported',
      'conformance/index.ts',
      "export { request } from 'node:https';",
      'conformance/index.ts imports request from https (line 1)',
    ],
  ])('catches %s', (_, file, line, message) => {
    expect(boundaryViolations(new Map([[file, line]]))).toEqual([expect.stringContaining(message)]);
  });

  it.each([
    [
      'the pull writing its seed file in place',
      'pull/slice.ts',
      "import { writeFileSync } from 'node:fs';",
      'imports writeFileSync from fs (line 1)',
    ],
    [
      'a report streamed in place',
      'bin/conformance.ts',
      "import { createWriteStream as open } from 'fs';",
      'imports createWriteStream from fs',
    ],
    [
      'the promises API',
      'proxy/index.ts',
      "import { writeFile } from 'node:fs/promises';",
      'imports writeFile from fs/promises',
    ],
    [
      'the whole file module',
      'mock-server/admin/journal.ts',
      "import * as fs from 'node:fs';",
      'imports the whole of fs',
    ],
    [
      'the file module loaded dynamically',
      'deployment/target.ts',
      "const fs = await import('node:fs');",
      'loads fs dynamically',
    ],
  ])('catches %s', (_, file, line, message) => {
    expect(boundaryViolations(new Map([[file, line]]))).toEqual([expect.stringContaining(`${file} ${message}`)]);
    expect(boundaryViolations(new Map([[file, line]]))[0]).toContain('only spec/whole-file.ts writes files');
  });

  it('lets the one writer write, files read and make folders, scripts and tests write', () => {
    const allowed = new Map([
      ['spec/whole-file.ts', "import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';"],
      ['bin/conformance.ts', "import { mkdirSync } from 'node:fs';\nimport type { WriteStream } from 'node:fs';"],
      ['spec/index.ts', "import { readFileSync, readdirSync } from 'node:fs';"],
      ['scripts/generate.ts', "import { mkdirSync, writeFileSync } from 'node:fs';"],
      ['pull/test/pull-cli.test.ts', "import { writeFileSync } from 'node:fs';"],
    ]);
    expect(boundaryViolations(allowed)).toEqual([]);
  });

  it('lets bin/ use the faces, the one client connect, the mock listen and tests fetch; ignores fetch that is not the global one', () => {
    const allowed = new Map([
      [
        'bin/conformance.ts',
        "import { preflight } from '../conformance/index.js';\nimport { nearest } from './nearest.js';\nimport { isNamespace } from '../spec/index.js';",
      ],
      ['deployment/transport.ts', 'const response = await fetch(url);'],
      [
        'proxy/upstream.ts',
        "import { request as httpRequest } from 'node:http';\nimport { request as httpsRequest } from 'node:https';",
      ],
      [
        'proxy/index.ts',
        "import { createServer, type IncomingMessage } from 'node:http';\nimport type { AddressInfo } from 'node:net';",
      ],
      ['mock-server/msw/index.ts', 'const response = await fetch(url);'],
      ['scripts/bench/load.ts', 'const response = await fetch(url);'],
      ['conformance/test/suite.test.ts', "import { request } from 'node:http';\nawait fetch(url);"],
      [
        'pull/index.ts',
        'export function read(fetch: typeof globalThis.fetch): Promise<Response> {\n  return fetch(url);\n}',
      ],
      [
        'conformance/client.ts',
        '// await fetch(url), in a comment\nconst options = { fetch: 1 };\nawait other.fetch(url);\ntype F = typeof fetch;',
      ],
    ]);
    expect(boundaryViolations(allowed)).toEqual([]);
  });
});
