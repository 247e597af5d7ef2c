/**
 * `catalog-contract/msw`: Mock Service Worker handlers that answer a frontend's requests from a mock
 * made by `createMock` (or `createMockServer`), in the test's process. The only module of the package
 * that imports msw, an optional peer dependency: the main entry never loads it.
 */
import { graphql, http, type RequestHandler } from 'msw';
import type { OperationSpec } from '../../spec/operations.js';
import { ADDRESS_FORMS, GRAPHQL_PATH, GRAPHQL_V2_PATH } from '../addresses.js';
import type { Mock } from '../in-process/create-mock.js';

export interface MswHandlerOptions {
  /** Where the frontend sends the service's requests, e.g. `http://localhost:8080` or `https://catalog.example/api`. */
  baseUrl: string;
}

/** An OpenAPI path (`/entitiesV2/{urn}`) as msw writes it (`/entitiesV2/:urn`). */
const mswPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The handlers, in the order msw tries them: one per operation of the metadata-store API in each
 * address form (an action's handler leaves another action of its path to the next one), one for each
 * GraphQL endpoint, and last everything else under `baseUrl` (the test controls under `/__mock`,
 * `/__session/<id>/…`, the docs site, an unknown path), which the mock answers as it does over HTTP.
 * Each answers with `mock.fetch`: the same store, sessions, journal and faults.
 */
export function mswHandlers(mock: Pick<Mock, 'fetch' | 'store'>, { baseUrl }: MswHandlerOptions): RequestHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  const answer = ({ request }: { request: Request }): Promise<Response> => mock.fetch(request);
  const operationHandler = (op: OperationSpec, form: string): RequestHandler =>
    http[op.method](`${base}${form}${mswPath(op.path)}`, ({ request }) => {
      if (op.action !== undefined && new URL(request.url).searchParams.get('action') !== op.action) return undefined;
      return mock.fetch(request);
    });
  return [
    ...mock.store.contract.operations.flatMap((op) => ADDRESS_FORMS.map((form) => operationHandler(op, form))),
    ...[GRAPHQL_PATH, GRAPHQL_V2_PATH].map((path) => graphql.link(`${base}${path}`).operation(answer)),
    http.all(`${base}/*`, answer),
  ];
}
