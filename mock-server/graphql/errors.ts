/**
 * GraphQL errors as the real service reports them (graphql-facts §2): HTTP 200, and per error
 * `extensions {code, type}` with upstream's codes. This is the vocabulary resolvers raise; the
 * formatter that maps every error of a response onto it is `transport/error-formatter.ts`.
 */

export const GRAPHQL_ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVER_ERROR: 500,
} as const;

export type GraphqlErrorType = keyof typeof GRAPHQL_ERROR_CODES;

/** Upstream's wording; clients match on it, so it is kept exactly. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred.';

/** An error a resolver raises on purpose, with the upstream error type it maps to. */
export class CatalogGraphqlError extends Error {
  constructor(
    readonly type: GraphqlErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'CatalogGraphqlError';
  }
}

export const badRequestError = (message: string): CatalogGraphqlError =>
  new CatalogGraphqlError('BAD_REQUEST', message);
