/**
 * A team's GraphQL schema, read at start-up (`--graphql-schema PATH`, `createMockServer({graphqlSchema})`):
 * a folder of `.graphql` files (a DataHub checkout's `datahub-graphql-core/src/main/resources/`), one
 * `.graphql` file, or an introspection result (`{data: {__schema}}` or `{__schema}`). The files are parsed
 * one by one, so that every definition keeps its file; a definition repeated word for word in another file
 * is kept once. A schema that does not parse or build refuses the start with an error naming the file and
 * the line. The result is the served schema's document and how its signatures differ from the built-in one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { DefinitionNode, DocumentNode, GraphQLError as GraphQLErrorType, GraphQLSchema } from 'graphql';
import { signatureDifferences } from './differences.js';

// The graphql instance @graphql-tools builds the served schema with (CommonJS; see ../transport/document-cache.ts).
const require = createRequire(import.meta.url);
const {
  buildASTSchema,
  buildClientSchema,
  buildSchema,
  getLocation,
  GraphQLError,
  Kind,
  parse,
  print,
  printSchema,
  Source,
  validateSchema,
} = require('graphql') as typeof import('graphql');
const { validateSDL } = require('graphql/validation/validate') as {
  validateSDL: (document: DocumentNode) => readonly GraphQLErrorType[];
};

/** The schema a team serves in place of the built-in SDL, as read at start-up. */
export interface TeamSchema {
  /** The path given: a folder, a `.graphql` file or an introspection JSON. */
  path: string;
  /** The `.graphql` files read (one for a file or an introspection result), in the order merged. */
  files: string[];
  /** The served schema's definitions, identical duplicates merged. */
  document: DocumentNode;
  /** Definitions left out because another file holds the same text. */
  duplicatesMerged: number;
  /** Object, interface, input, enum, union and scalar types the served schema declares. */
  types: number;
  /**
   * Each field, argument, type or enum value of the built-in schema the served one lacks or declares with
   * another type, one line each (`Dataset.name: String! built in, String served`).
   */
  differences: string[];
}

/** A schema that does not parse or build: the message names the file and the line. */
export class TeamSchemaError extends Error {}

/** The `.graphql` files of a folder and its subfolders, in path order, so that every start merges them alike. */
function graphqlFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...graphqlFiles(path));
    else if (entry.name.endsWith('.graphql') || entry.name.endsWith('.graphqls')) found.push(path);
  }
  return found;
}

/** `file:line:column: message` for each place the error points at, or the message alone. */
function located(error: GraphQLErrorType, fallback: string): string {
  const places = (error.nodes ?? [])
    .map((node) => node.loc)
    .filter((loc) => loc !== undefined)
    .map((loc) => {
      const { line, column } = getLocation(loc.source, loc.start);
      return `${loc.source.name}:${line}:${column}`;
    });
  if (places.length === 0 && error.source && error.locations?.[0])
    places.push(`${error.source.name}:${error.locations[0].line}:${error.locations[0].column}`);
  return `${places.length ? places.join(', ') : fallback}: ${error.message}`;
}

/** The document of an introspection result: the schema it describes, printed and parsed again under the file's name. */
function introspectionDocument(path: string, label: string): DocumentNode {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new TeamSchemaError(`${label}: not JSON: ${(error as Error).message}`);
  }
  const root = json as { data?: { __schema?: unknown }; __schema?: unknown } | null;
  const schema = root?.data?.__schema ?? root?.__schema;
  if (schema === undefined)
    throw new TeamSchemaError(`${label}: expected an introspection result, {data: {__schema}} or {__schema}`);
  let built: GraphQLSchema;
  try {
    built = buildClientSchema({ __schema: schema } as never);
  } catch (error) {
    throw new TeamSchemaError(`${label}: not a schema's introspection: ${(error as Error).message}`);
  }
  return parse(new Source(printSchema(built), label));
}

/** Each file parsed under its own name; a syntax error names the file, the line and the column. */
function parsedFiles(files: readonly string[]): DocumentNode[] {
  return files.map((file) => {
    const label = file;
    try {
      return parse(new Source(readFileSync(file, 'utf8'), label));
    } catch (error) {
      if (error instanceof GraphQLError) throw new TeamSchemaError(located(error, label));
      throw error;
    }
  });
}

/** The definitions of every file, a definition whose text an earlier file already holds left out. */
function merged(documents: readonly DocumentNode[]): { document: DocumentNode; duplicates: number } {
  const seen = new Set<string>();
  const definitions: DefinitionNode[] = [];
  let duplicates = 0;
  for (const document of documents) {
    for (const definition of document.definitions) {
      const text = print(definition);
      if (seen.has(text)) {
        duplicates += 1;
        continue;
      }
      seen.add(text);
      definitions.push(definition);
    }
  }
  return { document: { kind: Kind.DOCUMENT, definitions }, duplicates };
}

/** The schema the document builds, or a TeamSchemaError naming the file and line of each fault. */
function built(document: DocumentNode, label: string): GraphQLSchema {
  const sdlErrors = validateSDL(document);
  if (sdlErrors.length > 0)
    throw new TeamSchemaError(`the schema does not build:\n  ${sdlErrors.map((e) => located(e, label)).join('\n  ')}`);
  const schema = buildASTSchema(document, { assumeValidSDL: true });
  const errors = validateSchema(schema);
  if (errors.length > 0)
    throw new TeamSchemaError(`the schema does not build:\n  ${errors.map((e) => located(e, label)).join('\n  ')}`);
  if (!schema.getQueryType()) throw new TeamSchemaError(`${label}: the schema has no Query type`);
  return schema;
}

/**
 * Reads the team's schema at `path` and compares it with the built-in SDL (`builtInSdl`). Throws a
 * TeamSchemaError, naming the file and line, when it does not parse or build.
 */
export function loadTeamSchema(path: string, builtInSdl: string): TeamSchema {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    throw new TeamSchemaError(`${path}: no such file or folder`);
  }
  let files: string[];
  let documents: DocumentNode[];
  if (isFolder) {
    files = graphqlFiles(path);
    if (files.length === 0) throw new TeamSchemaError(`${path}: the folder holds no .graphql file`);
    documents = parsedFiles(files);
  } else if (path.endsWith('.json')) {
    files = [path];
    documents = [introspectionDocument(path, path)];
  } else {
    files = [path];
    documents = parsedFiles(files);
  }
  const { document, duplicates } = merged(documents);
  const schema = built(document, path);
  const types = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith('__')).length;
  return {
    path,
    files,
    document,
    duplicatesMerged: duplicates,
    types,
    differences: signatureDifferences(buildSchema(builtInSdl), schema),
  };
}

/** `FILE.schema.json` beside a seed file `FILE.json` (what `pull` records beside its output), or undefined for another name. */
export function seedSchemaSibling(seedFile: string): string | undefined {
  return seedFile.endsWith('.json') && !seedFile.endsWith('.schema.json')
    ? `${seedFile.slice(0, -'.json'.length)}.schema.json`
    : undefined;
}
