/**
 * What the fuzz phase aims at: every operation of the OpenAPI document (operations tagged
 * `upstream-only` or `admin` excepted), each with a valid baseline request that a case then breaks in
 * one place, the clause of the document it belongs to, and how much harm a deployment that wrongly
 * accepted a broken request could do (read, write, destructive).
 */
import {
  makeUrn,
  tryParseUrn,
  type Contract,
  type JsonSchema,
  type OperationSpec,
  type ParameterSpec,
} from '../../spec/index.js';
import { documentClauses } from '../clauses.js';

export type Harm = 'read' | 'write' | 'destructive';

export interface FuzzTarget {
  op: OperationSpec;
  harm: Harm;
  /** The clause of the operation (`4.6 Browse, search, autocomplete: search`). */
  clause: string;
  /** A valid request: path and query parameters as text, the JSON body. */
  baseline: { path: Record<string, string>; query: Record<string, string>; body?: unknown };
}

const SKIPPED_TAGS = new Set(['upstream-only', 'admin']);
/** Actions that read, by upstream's naming; any other action is taken to write (the safe guess). */
const READ_ACTION = /^(get|batchGet|search|browse|autocomplete|scroll|list)/;
/** Actions whose harm is beyond the run's own entities: they act on whole indices. */
const DESTRUCTIVE_ACTIONS = new Set(['truncateTimeseriesAspect', 'restoreIndices']);
/** Resources whose every action needs --allow-writes: an operations or test action a deployment wrongly accepted could write. */
const WRITING_TAGS = new Set(['operations', 'test']);

function harmOf(op: OperationSpec): Harm {
  if (op.action && DESTRUCTIVE_ACTIONS.has(op.action)) return 'destructive';
  if (op.tags.some((t) => WRITING_TAGS.has(t))) return 'write';
  if (op.method === 'get') return 'read';
  return op.action && READ_ACTION.test(op.action) ? 'read' : 'write';
}

/** The document's clause of an operation: the row or bold item naming its action or its `METHOD /path`. */
export function operationClause(op: OperationSpec): string {
  const clauses = documentClauses();
  const label = (c: string): string => c.slice(c.indexOf(': ') + 2);
  const resource = op.path.split('/')[1] ?? '';
  const found = op.action
    ? clauses.find((c) => c.includes(': ') && (label(c) === op.action || label(c).includes(`action=${op.action}`)))
    : clauses.find((c) => c.includes(': ') && label(c).startsWith(`${op.method.toUpperCase()} /${resource}`));
  return found ?? clauses.find((c) => op.tags.some((t) => c.toLowerCase().includes(`metadata ${t}s`))) ?? '4 Endpoints';
}

/** A URN of the run's own, never written: the fuzz phase writes nothing else, and nothing valid there. */
export function runUrn(contract: Contract, runId: string, entityType = 'dataset'): string {
  const { urnPrefix } = contract.names;
  const name = `conformance_${runId}.fuzz`;
  if (entityType === 'dataset')
    return makeUrn(urnPrefix, 'dataset', [makeUrn(urnPrefix, 'dataPlatform', ['hive']), name, 'PROD']);
  const entity = contract.entity(entityType);
  const parts =
    entity && entity.urnKey.length > 1 ? [...entity.urnKey.slice(1).map(() => 'conformance'), name] : [name];
  return makeUrn(urnPrefix, entityType, parts);
}

/** A baseline value with every URN of an entity (platforms aside) replaced by the run's own of the same type, reads included: a wrong method may turn a read into a write. */
function ownUrns(value: unknown, contract: Contract, runId: string): unknown {
  if (typeof value === 'string') {
    const parsed = tryParseUrn(value);
    return parsed && parsed.entityType !== 'dataPlatform' && contract.entity(parsed.entityType)
      ? runUrn(contract, runId, parsed.entityType)
      : value;
  }
  if (Array.isArray(value)) return value.map((v) => ownUrns(v, contract, runId));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ownUrns(v, contract, runId)]));
  return value;
}

function parameterValue(p: ParameterSpec, contract: Contract, runId: string): string {
  const schema = p.schema;
  const given =
    schema.example ??
    (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ??
    (Array.isArray(schema.enum) ? schema.enum[0] : undefined) ??
    schema.default;
  if (given !== undefined) return String(given);
  if (/urn$/i.test(p.name)) return runUrn(contract, runId);
  if (p.name === 'aspect') return 'status';
  return schema.type === 'integer' ? '0' : 'x';
}

function firstExample(op: OperationSpec): unknown {
  const content = (op.raw.requestBody as JsonSchema | undefined)?.content as Record<string, JsonSchema> | undefined;
  const examples = content?.['application/json']?.examples as Record<string, { value?: unknown }> | undefined;
  return examples ? Object.values(examples)[0]?.value : undefined;
}

export function fuzzTargets(contract: Contract, runId: string): FuzzTarget[] {
  return contract.operations
    .filter((op) => !op.tags.some((t) => SKIPPED_TAGS.has(t)))
    .map((op) => {
      const harm = harmOf(op);
      const path: Record<string, string> = {};
      const query: Record<string, string> = {};
      for (const p of op.parameters) {
        const value = ownUrns(parameterValue(p, contract, runId), contract, runId) as string;
        if (p.in === 'path') path[p.name] = value;
        else if (p.in === 'query' && p.name !== 'action' && p.required) query[p.name] = value;
      }
      const example = firstExample(op);
      const body = example === undefined ? (op.requestSchema ? {} : undefined) : ownUrns(example, contract, runId);
      return {
        op,
        harm,
        clause: operationClause(op),
        baseline: { path, query, ...(body !== undefined ? { body } : {}) },
      };
    });
}
