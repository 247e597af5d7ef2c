/**
 * The handler interface both APIs of the service (the metadata-store API and GraphQL) implement
 * towards the request listener: the listener reads the body once, asks the handler which operation
 * the request calls (for the request journal and the faults, before anything runs), and then lets it
 * respond on the state of the request's session, or respond with an injected error in the handler's
 * own error body. It names that state only as `Context` (the mock's is ../controls/mock-context.ts):
 * this floor knows nothing of the store.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestliError } from '../errors.js';

/** The body as the listener read it; its JSON is parsed when `failure` or `body` is first asked for. */
export interface BodyRead {
  /** Why the body cannot be used: unreadable, too large, not JSON. */
  readonly failure: RestliError | undefined;
  /** Its JSON value; undefined when the request has none or it failed. */
  readonly body: unknown;
  /** The decoded text, when the body was read whole (the journal shows it). */
  readonly text: string | undefined;
}

export interface PreparedCall<Context> {
  /** The OpenAPI operationId, `graphql:<operation>`, or undefined when the request names none. */
  operation: string | undefined;
  /** The call may change the session's state: it waits while a read that yields holds that state. */
  writes?: boolean;
  respond(res: ServerResponse, context: Context): void;
}

export interface ApiHandler<Context> {
  prepare(req: IncomingMessage, read: BodyRead): PreparedCall<Context>;
  /** Responds with this status in the handler's error body (an injected fault). */
  fail(res: ServerResponse, status: number, message: string): void;
}
