/** Where the GraphQL endpoint and its explorer live (document §4.1). */
export const GRAPHQL_PATH = '/api/graphql';
export const GRAPHIQL_PATH = '/api/graphiql';
