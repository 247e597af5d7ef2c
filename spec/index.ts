/**
 * The one loader of the contract. Everything that consumes the spec (validation, the mock, the
 * conformance suite, the proxy, the docs) asks it for a namespace and gets the documents with the
 * four prefixes rewritten (see namespace.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { aspectSpec, type AspectSpec, type JsonSchema } from './aspect-spec.js';
import { entityRegistry, type EntitySpec, type RawEntityRegistry } from './entity-registry.js';
import { NAMESPACES, inNamespace, rewriteNamespace, type Namespace, type NamespaceNames } from './namespace.js';
import { contractOperations, isAdminOperation, type OperationSpec } from './operations.js';
import { fromRoot } from './package-root.js';
import { parseYaml, readStartupYaml } from './yaml-copy.js';

export * from './namespace.js';
export * from './aspect-spec.js';
export * from './entity-registry.js';
export * from './operations.js';
export * from './urn.js';
export * from './interface-document.js';
export { packageRoot, fromRoot } from './package-root.js';
export { writeFileWhole } from './whole-file.js';
export { documentHash } from './graphql-document-hash.js';

/**
 * How the conformance suite recognises a difference in a failed check: every condition given must
 * hold. `status`: the response the check failed on had one of these statuses; `message`: the failure
 * message matches this regular expression (case-insensitive); `shape`: the check read a response in
 * the difference's upstream shape.
 */
export interface DifferenceMatcher {
  status?: number[];
  message?: string;
  shape?: boolean;
}

/** A response shape upstream answers where the document's differs, accepted from a `li` deployment. */
export interface UpstreamShape {
  operation: string;
  /** The status it answers with (default 200). */
  status?: number;
  schema: JsonSchema;
}

export interface UpstreamDifference {
  id: string;
  clause: string;
  document: string;
  upstream: string;
  mock: string;
  /** Upstream's source the `upstream` text comes from. */
  source: string;
  /** The mock setting that reproduces upstream's behaviour, e.g. `--profile upstream`. */
  profile: string;
  /** One matcher, or alternatives of which one must match. */
  matcher: DifferenceMatcher | DifferenceMatcher[];
  shape?: UpstreamShape;
  /** Conformance checks the difference affects; empty for a surface the suite does not check. */
  checks: string[];
  /** The mock's own test files proving its side, for a difference no check covers (paths from the package root). */
  tests?: string[];
}

export interface Contract {
  namespace: Namespace;
  names: NamespaceNames;
  /** The bundled, dereferenced OpenAPI document (generated/openapi.json) in this namespace. */
  openapi: JsonSchema;
  /** The service's operations (the admin endpoints of the mock are not among them). */
  operations: OperationSpec[];
  /** The mock's own admin endpoints, tag `admin`. */
  adminOperations: OperationSpec[];
  /** Aspect schemas by aspect name. */
  aspects: ReadonlyMap<string, AspectSpec>;
  /** Aspect schemas by fully qualified record name. */
  aspectsByRecord: ReadonlyMap<string, AspectSpec>;
  /** The entity registry by entity name. */
  entities: ReadonlyMap<string, EntitySpec>;
  /** Entity lookup as upstream does it: case-insensitive. */
  entity(name: string): EntitySpec | undefined;
  /** Fully qualified record name of an aspect, with or without a schema. */
  recordOfAspect(aspectName: string): string | undefined;
  /** Aspect name of a fully qualified record name, with or without a schema. */
  aspectOfRecord(record: string): string | undefined;
  graphqlSdl: string;
  differences: UpstreamDifference[];
}

export function readYaml<T>(path: string): T {
  return parseYaml(readFileSync(path, 'utf8')) as T;
}

/** The folder of the GraphQL SDL under spec/. */
export const GRAPHQL_SCHEMA_FOLDER = 'graphql/schema';

function buildContract(ns: Namespace): Contract {
  const openapi = inNamespace(JSON.parse(readFileSync(fromRoot('generated', 'openapi.json'), 'utf8')) as JsonSchema, ns);
  const schemas = ((openapi.components as JsonSchema | undefined)?.schemas ?? {}) as Record<string, JsonSchema>;
  const aspects = new Map<string, AspectSpec>();
  const aspectsByRecord = new Map<string, AspectSpec>();
  for (const schema of Object.values(schemas)) {
    if (!schema['x-aspect']) continue;
    const spec = aspectSpec(schema);
    aspects.set(spec.name, spec);
    aspectsByRecord.set(spec.record, spec);
  }
  const rawRegistry = inNamespace(readStartupYaml<RawEntityRegistry>('entities.yaml'), ns);
  const entities = entityRegistry(rawRegistry);
  const records = new Map<string, string>(Object.entries(rawRegistry.aspectRecords ?? {}));
  for (const spec of aspects.values()) records.set(spec.name, spec.record);
  const recordToAspect = new Map([...records].map(([name, record]) => [record, name]));
  const lowerCase = new Map([...entities.values()].map((e) => [e.name.toLowerCase(), e]));
  const differences = readStartupYaml<{ differences: UpstreamDifference[] }>('upstream-differences.yaml').differences;
  const allOperations = contractOperations(openapi);
  return {
    namespace: ns,
    names: NAMESPACES[ns],
    openapi,
    operations: allOperations.filter((op) => !isAdminOperation(op)),
    adminOperations: allOperations.filter(isAdminOperation),
    aspects,
    aspectsByRecord,
    entities,
    entity: (name) => entities.get(name) ?? lowerCase.get(name.toLowerCase()),
    recordOfAspect: (name) => records.get(name),
    aspectOfRecord: (record) => recordToAspect.get(record),
    graphqlSdl: rewriteNamespace(graphqlSchemaSource(), ns),
    differences: inNamespace(differences, ns),
  };
}

const contracts = new Map<Namespace, Contract>();

/** The contract in a namespace, read once per process. */
export function loadContract(ns: Namespace = 'svc'): Contract {
  let contract = contracts.get(ns);
  if (!contract) {
    contract = buildContract(ns);
    contracts.set(ns, contract);
  }
  return contract;
}

/** The files of the GraphQL SDL, one per area of the schema, `root.graphql` (the root types) first. */
export function graphqlSchemaFiles(): string[] {
  const files = specFiles(GRAPHQL_SCHEMA_FOLDER, '.graphql');
  return [...files.filter((f) => f === 'root.graphql'), ...files.filter((f) => f !== 'root.graphql')];
}

/** The GraphQL SDL in the spec's notation: its files joined, in `graphqlSchemaFiles()` order. */
export function graphqlSchemaSource(): string {
  return graphqlSchemaFiles()
    .map((f) => readFileSync(fromRoot('spec', GRAPHQL_SCHEMA_FOLDER, f), 'utf8'))
    .join('\n');
}

/** Names of the files in a spec folder, e.g. the aspect schemas. */
export function specFiles(folder: string, extension = '.yaml'): string[] {
  return readdirSync(fromRoot('spec', folder)).filter((f) => f.endsWith(extension)).sort();
}
