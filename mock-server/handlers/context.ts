/**
 * What every metadata-store handler receives: the checked request with its caller, and the store,
 * contract and search index of the request's session (../controls/mock-context.ts). A handler runs
 * inside one store transaction.
 */
import type { Contract, OperationSpec } from '../../spec/index.js';
import type { Caller } from '../auth/bearer-auth.js';
import type { CheckedRequest } from '../wire/request-validation.js';
import type { RestliQuery } from '../wire/restli-query.js';
import type { WriteContext } from '../store/types.js';
import type { MockContext } from '../controls/mock-context.js';

export interface HandlerRequest extends CheckedRequest {
  op: OperationSpec;
  /** The query as sent, for list parameters (`List(a,b)`, repeated, or encoded). */
  rawQuery: RestliQuery;
  caller: Caller;
  /** The protocol version header the request carried, if any. */
  protocolVersion?: string | undefined;
}

/** `json` is sent as JSON (RawJson values spliced in as they are); without it, 200 with an empty body (void actions). */
export interface HandlerResult {
  json?: unknown;
}

export type Handler = (request: HandlerRequest, ctx: MockContext) => HandlerResult;

export function writeContext(caller: Caller, systemMetadata?: Record<string, unknown>): WriteContext {
  const ctx: WriteContext = { actor: caller.user, now: Date.now() };
  if (systemMetadata) ctx.systemMetadata = systemMetadata;
  return ctx;
}
