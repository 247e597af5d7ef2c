/**
 * The shape both doors of the service's API (the metadata-store API and GraphQL) take towards the
 * request listener: the listener reads the body once, asks the door which operation the request
 * calls (for the request journal and the faults, before anything runs), and then lets it answer
 * on the store of the request's session, or answer an injected error in the door's own error body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RestliError } from '../errors.js';
import type { MockContext } from '../handlers/context.js';

/** The body as the listener read it; its JSON is parsed when `failure` or `body` is first asked for. */
export interface BodyRead {
  /** Why the body cannot be used: unreadable, too large, not JSON. */
  readonly failure: RestliError | undefined;
  /** Its JSON value; undefined when the request has none or it failed. */
  readonly body: unknown;
  /** The decoded text, when the body was read whole (the journal shows it). */
  readonly text: string | undefined;
}

export interface PreparedCall {
  /** The OpenAPI operationId, `graphql:<operation>`, or undefined when the request names none. */
  operation: string | undefined;
  answer(res: ServerResponse, context: MockContext): void;
}

export interface ApiDoor {
  prepare(req: IncomingMessage, read: BodyRead): PreparedCall;
  /** Answers with this status in the door's error body (an injected fault). */
  fail(res: ServerResponse, status: number, message: string): void;
}
