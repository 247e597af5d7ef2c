/**
 * A PATCH as upstream applies it (Template.applyPatch, CompoundKeyTemplate.applyPatch and
 * TemplateUtil.populateTopLevelKeys under entity-registry/src/main/java/com/linkedin/metadata/aspect/patch/template/
 * of datahub-project/datahub): the stored value, or the template's initial value when the aspect is
 * absent, has its keyed arrays turned into maps; the objects on each operation's path are created
 * when missing (all of them for a remove, so removing an absent key does nothing); the JSON Patch
 * (RFC 6902, applied by fast-json-patch) runs; the maps become arrays again. The caller validates
 * the result against the aspect's schema and writes it as a new version. A path, and the patched
 * value, may nest no deeper than the JSON depth limit (`../wire/json-depth.ts`): a 400 names them.
 */
import fastJsonPatch from 'fast-json-patch';
import { badRequest, unprocessable } from '../errors.js';
import { MAX_JSON_DEPTH, tooDeep, valueNestsTooDeep } from '../wire/json-depth.js';
import { fineGrainedLineagesToArray, fineGrainedLineagesToMap } from './fine-grained-lineage.js';
import { arraysToMaps, isObject, mapsToArrays } from './keyed-array.js';
import { PATCH_TEMPLATES, type AuditStamp } from './templates.js';

const { applyOperation, JsonPatchError } = fastJsonPatch;

export interface AspectPatch {
  aspect: string;
  /** The latest stored value, undefined when the aspect is absent. */
  current: Record<string, unknown> | undefined;
  /** The JSON Patch as sent: an array of operations. */
  operations: unknown;
  /** The system actor and the time, for the audit stamps of a template's initial value. */
  stamp: AuditStamp;
  /** How messages name the patch, e.g. `body.proposal.aspect.value`. */
  where: string;
}

/** Why an operation does not apply, by fast-json-patch's error name. */
const REASONS: Record<string, string> = {
  OPERATION_PATH_UNRESOLVABLE: 'nothing at that path',
  OPERATION_FROM_UNRESOLVABLE: 'nothing at its from path',
  OPERATION_PATH_CANNOT_ADD: 'its parent is not an object or array',
  OPERATION_PATH_ILLEGAL_ARRAY_INDEX: 'not a valid array index',
  OPERATION_VALUE_OUT_OF_BOUNDS: 'array index out of bounds',
  OPERATION_OP_INVALID: 'op must be add, remove, replace, move, copy or test',
  OPERATION_PATH_INVALID: 'path must be a JSON pointer (a string starting with /)',
  OPERATION_VALUE_REQUIRED: 'value is required',
  OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED: 'value is required',
  OPERATION_NOT_AN_OBJECT: 'an operation must be an object',
  TEST_OPERATION_FAILED: 'the test failed',
};

/** The unescaped reference tokens of a JSON pointer (RFC 6901). */
function tokens(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Upstream's populateTopLevelKeys: JSON Patch cannot add below a key that does not exist yet. */
function createPathObjects(document: Record<string, unknown>, operations: readonly Record<string, unknown>[]): void {
  for (const operation of operations) {
    if (typeof operation.path !== 'string' || !operation.path.startsWith('/')) continue;
    const parts = tokens(operation.path);
    const end = operation.op === 'remove' ? parts.length : parts.length - 1;
    let node: unknown = document;
    for (const part of parts.slice(0, end)) {
      if (!isObject(node)) break;
      if (node[part] === undefined) node[part] = {};
      node = node[part];
    }
  }
}

function checkedOperations(operations: unknown, where: string): Record<string, unknown>[] {
  if (!Array.isArray(operations))
    throw badRequest(`${where}: a PATCH takes a JSON Patch, an array of operations (RFC 6902)`);
  operations.forEach((operation, index) => {
    if (!isObject(operation)) throw badRequest(`${where}[${index}]: an operation must be an object {op, path, value}`);
    if (typeof operation.path !== 'string') throw badRequest(`${where}[${index}].path: must be a JSON pointer string`);
    for (const field of ['path', 'from'] as const) {
      const pointer = operation[field];
      // A pointer's tokens are levels of the document it makes (createPathObjects), counted before any is made.
      if (typeof pointer === 'string' && pointer.split('/').length - 1 > MAX_JSON_DEPTH)
        throw tooDeep(`${where}[${index}].${field}`);
    }
  });
  return operations as Record<string, unknown>[];
}

/** Names the templates, for the answer to a PATCH on an aspect without one. */
export function patchableAspects(): string[] {
  return [...PATCH_TEMPLATES.keys()].sort();
}

/** The patched value; a 4xx naming the operation index and path when the patch does not apply. */
export function applyAspectPatch({ aspect, current, operations, stamp, where }: AspectPatch): Record<string, unknown> {
  const template = PATCH_TEMPLATES.get(aspect);
  if (!template) {
    throw unprocessable(
      `${where}: aspect ${aspect} has no patch template, so it cannot be patched (PATCH applies to ${patchableAspects().join(', ')}); send it whole with UPSERT`,
    );
  }
  const patch = checkedOperations(operations, where);
  const prepared = structuredClone(current ?? template.initial(stamp));
  arraysToMaps(prepared, template.arrays);
  // Upstream maps the field even when it is absent, and writes it back as an array.
  if (template.fineGrainedLineages)
    prepared.fineGrainedLineages = fineGrainedLineagesToMap(prepared.fineGrainedLineages, where);
  createPathObjects(prepared, patch);
  let document = prepared;
  // One operation at a time: fast-json-patch reports some failures with index 0 whatever the operation.
  patch.forEach((operation, index) => {
    try {
      document = applyOperation(document, structuredClone(operation) as never, true, true, true, index)
        .newDocument as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof JsonPatchError)) throw error;
      const reason = REASONS[error.name] ?? error.message.split('\n')[0];
      throw unprocessable(
        `${where}[${index}]: ${String(operation.op)} ${String(operation.path)} does not apply: ${reason}`,
      );
    }
  });
  if (!isObject(document)) throw unprocessable(`${where}: the patched ${aspect} is not a JSON object`);
  if (valueNestsTooDeep(document)) throw tooDeep(where);
  mapsToArrays(document, template.arrays);
  if (template.fineGrainedLineages)
    document.fineGrainedLineages = fineGrainedLineagesToArray(document.fineGrainedLineages);
  const required = template.required?.(stamp) ?? {};
  for (const [field, value] of Object.entries(required)) if (document[field] === undefined) document[field] = value;
  return document;
}
