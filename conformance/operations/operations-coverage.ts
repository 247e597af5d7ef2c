/**
 * Coverage of a team's operations by a test run against the mock (`--coverage-from MOCK_URL`): the mock's
 * per-operation counts (`GET /__mock/operations`, kept apart from its capped journal) matched to the
 * documents' operations by name. For each operation: how many requests sent it, under how many document
 * hashes (the app's client may add `__typename` and so send another text than the file's), with which
 * variable shapes, and how many answered errors; then the share of the documents' operations sent at all.
 */
import { deploymentTarget, send, whyNoResponse, type DeploymentTarget } from '../../deployment/index.js';
import type { OperationDocuments } from './operation-documents.js';
import { CannotCheckError } from './check-operations.js';

export interface OperationCoverage {
  operation: string;
  requests: number;
  errors: number;
  documentHashes: string[];
  /** Whether one of the hashes sent is the document's own. */
  sameDocument: boolean;
  variableShapes: Record<string, number>;
}

export interface OperationsCoverage {
  mockUrl: string;
  /** Every operation of the documents, sent or not (requests 0). */
  operations: OperationCoverage[];
  /** Operations the mock counted that no document defines (another client, or a document left out). */
  unknown: string[];
  /** Share of the documents' operations sent at least once, in percent. */
  percent: number;
  /** Requests the mock could not count (its limit of keys reached): coverage may miss them. */
  dropped: number;
}

interface CountsBody {
  operations: {
    operation: string;
    documentHash: string;
    requests: number;
    errors: number;
    variableShapes: Record<string, number>;
  }[];
  dropped: number;
}

function isCounts(json: unknown): json is CountsBody {
  const body = json as Partial<CountsBody> | null;
  return (
    typeof body === 'object' && body !== null && Array.isArray(body.operations) && typeof body.dropped === 'number'
  );
}

export async function operationsCoverage(
  mockUrl: string,
  documents: OperationDocuments,
  options: { token?: string; timeoutMs?: number } = {},
): Promise<OperationsCoverage> {
  const target: DeploymentTarget = deploymentTarget({
    baseUrl: mockUrl,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const url = `${target.baseUrl}/__mock/operations`;
  let json: unknown;
  let status: number;
  try {
    const response = await send(target, {
      url,
      headers: { Accept: 'application/json' },
      bearer: options.token ?? null,
    });
    ({ json, status } = response);
  } catch (error) {
    throw new CannotCheckError(`cannot read coverage: GET ${url} failed: ${whyNoResponse(error)}`);
  }
  if (status !== 200 || !isCounts(json))
    throw new CannotCheckError(
      `cannot read coverage: GET ${url} answered ${status} without per-operation counts (is --coverage-from the mock's base URL?)`,
    );
  const byName = new Map<string, CountsBody['operations']>();
  for (const count of json.operations) byName.set(count.operation, [...(byName.get(count.operation) ?? []), count]);
  const operations = documents.operations.map((operation): OperationCoverage => {
    const counts = byName.get(operation.name) ?? [];
    const variableShapes: Record<string, number> = {};
    for (const count of counts)
      for (const [shape, n] of Object.entries(count.variableShapes))
        variableShapes[shape] = (variableShapes[shape] ?? 0) + n;
    const hashes = [...new Set(counts.map((c) => c.documentHash))];
    return {
      operation: operation.name,
      requests: counts.reduce((sum, c) => sum + c.requests, 0),
      errors: counts.reduce((sum, c) => sum + c.errors, 0),
      documentHashes: hashes,
      sameDocument: hashes.includes(operation.hash),
      variableShapes,
    };
  });
  const names = new Set(documents.operations.map((o) => o.name));
  const sent = operations.filter((o) => o.requests > 0).length;
  return {
    mockUrl,
    operations,
    unknown: [...byName.keys()].filter((name) => !names.has(name)).sort(),
    percent: operations.length ? Math.round((sent / operations.length) * 1000) / 10 : 0,
    dropped: json.dropped,
  };
}

/** The coverage on the console: the operations sent (with their shapes and errors), those never sent, the share. */
export function coverageSummary(coverage: OperationsCoverage, minPercent?: number): string {
  const sent = coverage.operations.filter((o) => o.requests > 0);
  const unsent = coverage.operations.filter((o) => o.requests === 0);
  const shapes = (o: OperationCoverage): string =>
    Object.entries(o.variableShapes)
      .map(([shape, n]) => `${shape} x${n}`)
      .join('; ');
  return [
    `coverage from ${coverage.mockUrl}: ${sent.length} of ${coverage.operations.length} operations sent (${coverage.percent}%)` +
      (minPercent === undefined
        ? ''
        : `, at least ${minPercent}% wanted${coverage.percent < minPercent ? ': TOO LOW' : ''}`),
    ...sent.map(
      (o) =>
        `  sent      ${o.operation}: ${o.requests} requests${o.errors ? `, ${o.errors} answered errors` : ''}; variables ${shapes(o)}`,
    ),
    ...unsent.map((o) => `  not sent  ${o.operation}`),
    ...(coverage.unknown.length ? [`  sent, in no document: ${coverage.unknown.join(', ')}`] : []),
    ...(coverage.dropped ? [`  ${coverage.dropped} requests the mock could not count (its limit of operations)`] : []),
  ].join('\n');
}
