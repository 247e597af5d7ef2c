/**
 * `checkOperations(options)`: a team's operation documents checked against the contract's own schema and
 * each target. Every operation is validated against every column's schema; with `execute`, each query
 * valid on a target is sent to it (never a mutation or a subscription: a live target's data is not
 * changed by a check), with the team's variables or made-up ones. The rows, their findings and the
 * baseline's verdict make the report. A target whose schema cannot be read makes the whole run one the
 * caller cannot check (`CannotCheckError`, exit 3): a matrix with a hole in it would hide drift.
 */
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { loadContract, type Namespace } from '../../spec/index.js';
import { readOperationDocuments, type OperationDocument } from './operation-documents.js';
import { catalogUrnsOf, CATALOG_URNS_QUERY, synthesisedVariables, type CatalogUrn } from './operation-variables.js';
import { introspectedSchema, operationTarget, sendGraphql, type OperationTarget } from './operation-targets.js';
import {
  findingKey,
  findingsOf,
  type Execution,
  type OperationCell,
  type OperationColumn,
  type OperationsReport,
} from './operations-report.js';

export interface OperationsOptions {
  /** Files, folders or patterns of `.graphql` documents and code files with gql tagged templates. */
  documents: readonly string[];
  /** `[LABEL=]URL` of each deployment or mock: its GraphQL endpoint, or its base URL. */
  targets: readonly string[];
  /** The contract's schema as SDL; by default the built-in one of `namespace`. */
  schemaSdl?: string;
  namespace?: Namespace;
  token?: string;
  timeoutMs?: number;
  /** Send each valid query to each target. */
  execute?: boolean;
  /** Variables by operation name, used in place of made-up ones. */
  variables?: Readonly<Record<string, Record<string, unknown>>>;
  /** The finding keys of an earlier run (`baselineKeys`): these do not fail the run. */
  baseline?: ReadonlySet<string>;
}

/** A target the run cannot check (no answer, no schema): the message names it. Exit 3. */
export class CannotCheckError extends Error {}

/** Queries are sent this many at a time to one target. */
const CONCURRENCY = 4;

function validity(schema: GraphQLSchema, operation: OperationDocument): Pick<OperationCell, 'valid' | 'cause'> {
  const [first] = validate(schema, parse(operation.text));
  return first ? { valid: false, cause: first.message } : { valid: true };
}

async function executed(
  target: OperationTarget,
  schema: GraphQLSchema,
  operation: OperationDocument,
  options: OperationsOptions,
  urns: readonly CatalogUrn[],
): Promise<Execution> {
  if (operation.kind !== 'query') return { status: 'not-run', reason: `a ${operation.kind} is never sent to a target` };
  const given = options.variables?.[operation.name];
  const variables = given ?? synthesisedVariables(schema, operation.text, urns);
  const source = given ? 'given' : 'synthesised';
  let answer;
  try {
    answer = await sendGraphql(target, { query: operation.text, operationName: operation.name, variables });
  } catch (error) {
    return { status: 'errors', variables: source, error: `no answer: ${(error as Error).message}` };
  }
  const first = answer.body?.errors?.[0]?.message;
  if (answer.status === 200 && answer.body?.data && first === undefined) return { status: 'clean', variables: source };
  return {
    status: 'errors',
    variables: source,
    error: first !== undefined ? String(first) : `answered ${answer.status} without data`,
  };
}

/** Runs `work` over `items`, `limit` at a time, keeping their order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The cells of one target's column, in the operations' order. */
async function targetColumn(
  target: OperationTarget,
  schema: GraphQLSchema,
  operations: readonly OperationDocument[],
  options: OperationsOptions,
): Promise<OperationCell[]> {
  const cells = operations.map((operation) => ({ column: target.label, ...validity(schema, operation) }));
  if (!options.execute) return cells;
  let urns: CatalogUrn[] = [];
  try {
    urns = catalogUrnsOf((await sendGraphql(target, { query: CATALOG_URNS_QUERY })).body);
  } catch {
    // No URNs to offer: the made-up variables use placeholder text, and the answers say so.
  }
  return inBatches(
    operations.map((operation, i) => ({ operation, cell: cells[i]! })),
    CONCURRENCY,
    async ({ operation, cell }): Promise<OperationCell> =>
      cell.valid ? { ...cell, execution: await executed(target, schema, operation, options, urns) } : cell,
  );
}

export async function checkOperations(options: OperationsOptions): Promise<OperationsReport> {
  const started = Date.now();
  const documents = readOperationDocuments(options.documents);
  const targets = options.targets.map((given) => operationTarget(given, options));
  if (!targets.length) throw new Error('no target: give at least one --target');
  const contractSchema = buildSchema(options.schemaSdl ?? loadContract(options.namespace ?? 'svc').graphqlSdl, {
    assumeValidSDL: true,
  });
  const schemas = await Promise.all(targets.map((target) => introspectedSchema(target)));
  const unreadable = schemas.filter((schema): schema is string => typeof schema === 'string');
  if (unreadable.length) throw new CannotCheckError(`cannot check: ${unreadable.join('; ')}`);
  const contractLabel = 'contract';
  const columns: OperationColumn[] = [
    { label: contractLabel, kind: 'contract' },
    ...targets.map((t) => ({ label: t.label, kind: 'target' as const, url: t.deployment.graphqlUrl })),
  ];
  const labels = columns.map((c) => c.label);
  const twice = labels.find((label, i) => labels.indexOf(label) !== i);
  if (twice !== undefined) throw new Error(`two columns are labelled '${twice}': give each --target its own LABEL=`);
  const contractCells = documents.operations.map((operation) => ({
    column: contractLabel,
    ...validity(contractSchema, operation),
  }));
  const targetCells = await Promise.all(
    targets.map((target, i) => targetColumn(target, schemas[i] as GraphQLSchema, documents.operations, options)),
  );
  const operations = documents.operations.map((operation, i) => ({
    operation: operation.name,
    kind: operation.kind,
    file: operation.file,
    line: operation.line,
    hash: operation.hash,
    cells: [contractCells[i]!, ...targetCells.map((column) => column[i]!)],
  }));
  const findings = operations
    .flatMap(findingsOf)
    .map((finding) => ({ ...finding, known: options.baseline?.has(findingKey(finding)) ?? false }));
  return {
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    documents: {
      files: documents.files.length,
      operations: documents.operations.length,
      fragments: documents.fragments,
      duplicateFragmentsMerged: documents.duplicateFragmentsMerged,
      duplicateOperationsMerged: documents.duplicateOperationsMerged,
    },
    columns,
    execute: !!options.execute,
    operations,
    findings,
    ok: findings.every((finding) => finding.known),
  };
}
