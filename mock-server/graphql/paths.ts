/** Where the GraphQL endpoint and its explorer live (document §4.1). */
export const GRAPHQL_PATH = '/api/graphql';
/**
 * The frontend's address of the same endpoint: DataHub's web app and its smoke tests post to it, and
 * the frontend's proxy rewrites it to /api/graphql (datahub-frontend/conf/routes).
 */
export const GRAPHQL_V2_PATH = '/api/v2/graphql';
export const GRAPHIQL_PATH = '/api/graphiql';
