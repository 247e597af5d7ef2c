/**
 * The cases of a fuzz run: each a request that breaks the contract in exactly one place (one field,
 * one header, the method, the action, the body's encoding), drawn from the seed in order, under an
 * address form drawn too. A case knows the field it breaks, the clause that field belongs to, the
 * words an error message naming it contains, and the harm a deployment that accepted it could do.
 */
import { gzipSync } from 'node:zlib';
import type { Contract } from '../../spec/index.js';
import { bodyFields, fieldName, isUrnField, parameterFields } from './fields.js';
import { graphqlCases, type GraphqlCaseSource } from './graphql-cases.js';
import { deepValue, hostileParameterTexts, hostileValues, malformedUrns } from './hostile-values.js';
import { jsonText } from './json-text.js';
import type { Random } from './random.js';
import type { FuzzCase } from './fuzz-case.js';
import type { FuzzTarget, Harm } from './targets.js';

/** Every kind of break a case can be; `fuzz.<kind>` is the check id of its failures (upstream-differences.yaml may list it). */
export const FUZZ_KINDS = [
  'required.missing',
  'type.wrong',
  'integer.huge',
  'integer.fraction',
  'integer.below-minimum',
  'integer.above-maximum',
  'integer.beyond-int32',
  'integer.beyond-safe',
  'enum.unknown',
  'string.oversized',
  'urn.malformed',
  'nesting.deep',
  'json.malformed',
  'json.not-an-object',
  'encoding.unsupported',
  'encoding.unsupported-charset',
  'encoding.corrupt',
  'encoding.bad-percent',
  'method.wrong',
  'action.unknown',
] as const;

type Draft = Omit<FuzzCase, 'index' | 'clause' | 'harm' | 'graphql' | 'target' | 'headers' | 'method'> & {
  method?: string;
  path?: Record<string, string>;
  query?: Record<string, string>;
  action?: string;
  headers?: Record<string, string>;
};

const JSON_TYPE = { 'content-type': 'application/json' };

function setAt(root: unknown, path: readonly (string | number)[], value: unknown, remove = false): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** The last named key of a field path: what a message names (`entityUrn` of proposal.entityUrn, `owners` of owners[0]). */
function lastName(path: readonly (string | number)[]): string {
  return String([...path].reverse().find((k) => typeof k === 'string') ?? 'body');
}

function bodyDrafts(target: FuzzTarget, urnPrefix: string, random: Random): (() => Draft)[] {
  const { body } = target.baseline;
  if (body === undefined) return [];
  const fields = bodyFields(target.op.requestSchema, body);
  const drafts: (() => Draft)[] = [];
  for (const field of fields) {
    const name = lastName(field.path);
    if (field.required)
      drafts.push(() => ({
        kind: 'required.missing',
        field: fieldName(field.path),
        names: [name],
        body: Buffer.from(jsonText(setAt(body, field.path, undefined, true))),
      }));
    drafts.push(() => {
      const hostile = random.pick(hostileValues(field.schema, isUrnField(name, field.schema), urnPrefix, random));
      const names = hostile.kind === 'nesting.deep' ? [name, 'nesting'] : [name];
      return {
        kind: hostile.kind,
        field: fieldName(field.path),
        names,
        body: Buffer.from(jsonText(setAt(body, field.path, hostile.value))),
      };
    });
  }
  const proposal = (body as { proposal?: { aspect?: { value?: unknown } } }).proposal;
  if (typeof proposal?.aspect?.value === 'string') drafts.push(() => aspectValueDraft(body, urnPrefix, random));
  return drafts;
}

/** A proposal whose serialised aspect is broken: nested too deep, not JSON, not an object, or owned by a malformed URN. */
function aspectValueDraft(body: unknown, urnPrefix: string, random: Random): Draft {
  const path = ['proposal', 'aspect', 'value'];
  const choice = random.int(4);
  if (choice === 0)
    return {
      kind: 'nesting.deep',
      field: 'body.proposal.aspect.value',
      names: ['value', 'nesting'],
      body: Buffer.from(jsonText(setAt(body, path, `{"description":${deepValue(random).text}}`))),
    };
  if (choice === 1)
    return {
      kind: 'json.malformed',
      field: 'body.proposal.aspect.value',
      names: ['value'],
      body: Buffer.from(jsonText(setAt(body, path, '{"removed": tru'))),
    };
  if (choice === 2)
    return {
      kind: 'type.wrong',
      field: 'body.proposal.aspect.value',
      names: ['value'],
      body: Buffer.from(jsonText(setAt(body, path, '[1, 2]'))),
    };
  const owner = random.pick(malformedUrns(urnPrefix));
  const owned = setAt(
    setAt(body, path, JSON.stringify({ owners: [{ owner, type: 'DATAOWNER' }] })),
    ['proposal', 'aspectName'],
    'ownership',
  );
  return {
    kind: 'urn.malformed',
    field: 'body.proposal.aspect.value.owners[0].owner',
    names: ['owner'],
    body: Buffer.from(jsonText(owned)),
  };
}

function parameterDrafts(target: FuzzTarget, urnPrefix: string, random: Random): (() => Draft)[] {
  const drafts: (() => Draft)[] = [];
  for (const p of parameterFields(target.op.parameters)) {
    const where = p.in === 'path' ? 'path' : 'query';
    const texts = hostileParameterTexts(p.schema, isUrnField(p.name, p.schema), urnPrefix);
    if (texts.length) {
      drafts.push(() => {
        const hostile = random.pick(texts);
        return {
          kind: hostile.kind,
          field: `${where}.${p.name}`,
          names: [p.name],
          [where]: { ...target.baseline[where], [p.name]: String(hostile.value) },
        };
      });
    }
    if (p.in === 'query' && p.required) {
      drafts.push(() => {
        const query = { ...target.baseline.query };
        delete query[p.name];
        return { kind: 'required.missing', field: `query.${p.name}`, names: [p.name], query };
      });
    }
    if (p.in === 'path')
      drafts.push(() => ({
        kind: 'encoding.bad-percent',
        field: `path.${p.name}`,
        names: [p.name],
        path: { ...target.baseline.path, [p.name]: '\u0000%ZZ' },
      }));
  }
  return drafts;
}

/** Breaks of the request around the fields: its method, its action, the encoding of its body. */
function transportDrafts(target: FuzzTarget, allowWrites: boolean): (() => Draft)[] {
  const { op, baseline } = target;
  const body = baseline.body === undefined ? undefined : Buffer.from(jsonText(baseline.body));
  const drafts: (() => Draft)[] = [];
  if (op.method === 'post') {
    drafts.push(
      () => ({ kind: 'json.malformed', field: 'body', names: ['body'], body: Buffer.from('{"input": ') }),
      () => ({ kind: 'json.not-an-object', field: 'body', names: ['body'], body: Buffer.from('42') }),
      () => ({
        kind: 'encoding.unsupported',
        field: 'header Content-Encoding',
        names: ['encoding'],
        headers: { ...JSON_TYPE, 'content-encoding': 'compress' },
        ...(body ? { body } : {}),
      }),
      () => ({
        kind: 'encoding.corrupt',
        field: 'body',
        names: ['body'],
        headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
        body: gzipSync(body ?? Buffer.from('{}')).subarray(0, 12),
      }),
      () => ({
        kind: 'encoding.unsupported-charset',
        field: 'header Content-Type',
        names: ['charset'],
        headers: { 'content-type': 'application/json; charset=ebcdic-cp-us' },
        ...(body ? { body } : {}),
      }),
      () => ({ kind: 'method.wrong', field: 'method', names: ['POST', 'method', 'GET'], method: 'GET' }),
    );
    if (op.action)
      drafts.push(() => ({
        kind: 'action.unknown',
        field: 'query.action',
        names: ['action'],
        action: `${op.action}Nope\u00e9`,
        ...(body ? { body } : {}),
      }));
  } else if (allowWrites) {
    drafts.push(() => ({
      kind: 'method.wrong',
      field: 'method',
      names: ['method', 'supported', 'GET'],
      method: 'DELETE',
    }));
  }
  return drafts;
}

function pathOf(target: FuzzTarget, draft: Draft, prefix: string): string {
  const params = draft.path ?? target.baseline.path;
  const path = target.op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name] ?? '';
    // A broken percent-encoding is sent as it is; every other value encoded as a client would.
    return value.startsWith('\u0000') ? value.slice(1) : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  const action = draft.action ?? target.op.action;
  if (action) query.set('action', action);
  for (const [name, value] of Object.entries(draft.query ?? target.baseline.query)) query.set(name, value);
  const text = query.toString();
  return `${prefix}${path}${text ? `?${text}` : ''}`;
}

export interface CaseOptions {
  count: number;
  contract: Contract;
  targets: FuzzTarget[];
  graphql: GraphqlCaseSource;
  prefixes: string[];
  allowWrites: boolean;
  allowDestructive: boolean;
  random: Random;
}

function allowed(harm: Harm, options: Pick<CaseOptions, 'allowWrites' | 'allowDestructive'>): boolean {
  return (
    harm === 'read' || (harm === 'write' && options.allowWrites) || (harm === 'destructive' && options.allowDestructive)
  );
}

export function fuzzCases(options: CaseOptions): FuzzCase[] {
  const { contract, random } = options;
  const urnPrefix = contract.names.urnPrefix;
  const targets = options.targets.filter((t) => allowed(t.harm, options));
  const restDrafts = targets.map((target) => ({
    target,
    drafts: [
      ...bodyDrafts(target, urnPrefix, random),
      ...parameterDrafts(target, urnPrefix, random),
      ...transportDrafts(target, options.allowWrites),
    ],
  }));
  const eligible = restDrafts.filter((t) => t.drafts.length > 0);
  const graphql = graphqlCases(options.graphql, random, options.allowWrites);
  const cases: FuzzCase[] = [];
  if (eligible.length === 0 && graphql.length === 0) return [];
  for (let index = 0; index < options.count; index++) {
    // One draw in (targets + 1) is a GraphQL case: the SDL is one more operation family.
    if (graphql.length > 0 && (eligible.length === 0 || random.int(eligible.length + 1) === 0)) {
      cases.push({ ...random.pick(graphql)(), index });
      continue;
    }
    const { target, drafts } = random.pick(eligible);
    const draft = random.pick(drafts)();
    const method = draft.method ?? target.op.method.toUpperCase();
    const body =
      method === 'GET' || method === 'DELETE'
        ? undefined
        : (draft.body ??
          (target.baseline.body === undefined ? undefined : Buffer.from(jsonText(target.baseline.body))));
    cases.push({
      index,
      kind: draft.kind,
      field: draft.field,
      clause: `${target.clause} ${draft.field}`,
      harm: method === 'DELETE' ? 'write' : target.harm,
      graphql: false,
      method,
      target: pathOf(target, draft, random.pick(options.prefixes)),
      headers: draft.headers ?? (body ? JSON_TYPE : {}),
      ...(body ? { body } : {}),
      names: draft.names,
    });
  }
  return cases;
}
