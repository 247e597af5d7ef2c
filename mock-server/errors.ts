/**
 * Errors the mock answers with. Every failure the mock reports is a RestliError carrying the HTTP
 * status and a message that names the offending field; the HTTP layer renders it as the Rest.li
 * error body `{status, message, exceptionClass}`.
 */
export class RestliError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RestliError';
  }
}

export const badRequest = (message: string): RestliError => new RestliError(400, message);
export const notFound = (message: string): RestliError => new RestliError(404, message);
export const unprocessable = (message: string): RestliError => new RestliError(422, message);

/** Runs a check whose RestliError names no request field, and names `field` in its message (a leading `urn: ` gives way to it). */
export function atField<T>(field: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof RestliError)) throw error;
    throw new RestliError(error.status, `${field}: ${error.message.replace(/^urn: /, '')}`);
  }
}

/** The Rest.li error body; `recordPrefix` is the namespace's record-name prefix (com.svc. or com.linkedin.). */
export function restliErrorBody(
  error: RestliError,
  recordPrefix: string,
): { status: number; message: string; exceptionClass: string } {
  return {
    status: error.status,
    message: error.message,
    exceptionClass: `${recordPrefix}restli.server.RestLiServiceException`,
  };
}
