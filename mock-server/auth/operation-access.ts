/**
 * What the auth decision needs to know about an operation, read from the contract: whether the spec
 * requires a token (every security alternative names a scheme, no anonymous `{}`), whether it is never
 * guarded (an empty security list: the reference page, upstream's excluded paths), and whether it writes (ingest and delete actions, operations, test evaluate).
 */
import type { OperationSpec } from '../../spec/index.js';
import type { AccessKind } from './bearer-auth.js';

export function tokenRequiredBySpec(op: OperationSpec): boolean {
  const security = op.raw.security;
  return op.security && !(Array.isArray(security) && security.some((s) => Object.keys(s as object).length === 0));
}

/** An operation whose security is an empty list is never guarded (the reference page; upstream's excluded paths such as `/config`). */
export function accessKind(op: OperationSpec): AccessKind {
  if (Array.isArray(op.raw.security) && op.raw.security.length === 0) return 'exempt';
  return tokenRequiredBySpec(op) ? 'protected' : 'open';
}

const WRITING_TAGS = new Set(['operations', 'test']);

export function isWrite(op: OperationSpec): boolean {
  if (op.method === 'get') return false;
  return /^(ingest|batchIngest|delete)/.test(op.action ?? '') || op.tags.some((t) => WRITING_TAGS.has(t.toLowerCase()));
}
