/**
 * The one place a failure becomes a response, for the metadata-store handler and the express app
 * alike: known failures (RestliError, a malformed URN, an HTTP error with a 4xx status) are answered
 * with their status in the Rest.li error body; anything else is a defect, logged with its stack and
 * answered 500.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { UrnSyntaxError } from '../../spec/index.js';
import { sendJson } from './json-response.js';
import { RestliError, restliErrorBody } from '../errors.js';
import type { MockLogger } from '../options.js';

export interface ErrorResponseSettings {
  logger: MockLogger;
  /** The namespace's record-name prefix, for the exceptionClass. */
  recordPrefix: string;
}

/** The RestliError a failure stands for, or undefined for a defect. */
export function asRestliError(error: unknown): RestliError | undefined {
  if (error instanceof RestliError) return error;
  if (error instanceof UrnSyntaxError) return new RestliError(400, error.message);
  const e = error as { status?: unknown; message?: unknown } | null | undefined;
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new RestliError(e.status, String(e.message));
  return undefined;
}

export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  { logger, recordPrefix }: ErrorResponseSettings,
): void {
  const known = asRestliError(error);
  if (!known) logger(`${req.method} ${req.url} failed: ${(error as Error)?.stack ?? String(error)}`, 'error');
  const failure = known ?? new RestliError(500, `Internal error: ${(error as Error)?.message ?? String(error)}`);
  // A defect after the response started cannot change it; the connection ends so the client sees it broken.
  if (res.headersSent) return void res.destroy();
  sendJson(res, failure.status, JSON.stringify(restliErrorBody(failure, recordPrefix)));
}
