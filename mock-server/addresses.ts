/**
 * Every path the mock serves from, in one place that imports nothing of the mock: the three address
 * forms of the metadata-store API, behind the gateway (`/api/gms/…`), the frontend's proxy (`/gms/…`)
 * and direct (`/…`); the GraphQL endpoint and its explorer; the admin endpoints and the docs site under
 * them; and a session's header and path prefix. A prefix counts case-insensitively and at a segment
 * boundary, as it did when the API was an express mount.
 */

/** The gateway prefixes and the direct form (''). */
export const ADDRESS_FORMS = ['/api/gms', '/gms', ''];

/**
 * What upstream GMS serves: the bare prefix only (metadata-service/war/.../ServletConfig.java maps the
 * resources at `/aspects/*`, `/entities/*`, ...; `/api/gms` is the frontend's proxy, datahub-frontend/conf/routes).
 */
export const UPSTREAM_ADDRESS_FORMS = [''];

/** The resource path below the address form: `/api/gms/entitiesV2/x` → `/entitiesV2/x`, `/gms` → `/`. */
export function resourcePath(pathname: string, forms: readonly string[] = ADDRESS_FORMS): string {
  for (const prefix of forms) {
    if (!prefix) continue;
    const end = prefix.length;
    if (pathname.length < end || (pathname.length > end && pathname[end] !== '/')) continue;
    if (pathname.slice(0, end).toLowerCase() === prefix) return pathname.slice(end) || '/';
  }
  return pathname;
}

/** Where the GraphQL endpoint and its explorer live (document §4.1). */
export const GRAPHQL_PATH = '/api/graphql';
/**
 * The frontend's address of the same endpoint: DataHub's web app and its smoke tests post to it, and
 * the frontend's proxy rewrites it to /api/graphql (datahub-frontend/conf/routes).
 */
export const GRAPHQL_V2_PATH = '/api/v2/graphql';
export const GRAPHIQL_PATH = '/api/graphiql';

/**
 * datahub-frontend's routes that DataHub's web app calls besides GraphQL (datahub-frontend/conf/routes,
 * v1.3.0.1; the app's dev server proxies all but /logOut, datahub-web-react/vite.config.ts), served by the
 * frontend gateway (gateway/). Play matches them case-sensitively. A request to one is journaled as the
 * operation `frontend:<key>`.
 */
export const FRONTEND_ROUTES = {
  logIn: '/logIn',
  authenticate: '/authenticate',
  logOut: '/logOut',
  track: '/openapi/v1/tracking/track',
} as const;
export type FrontendRoute = keyof typeof FRONTEND_ROUTES;
/** The operation name of a frontend route in the journal and the faults. */
export const frontendOperation = (route: FrontendRoute): string => `frontend:${route}`;

/** The app's own sign-in page, where /authenticate and /logOut send a visitor (AuthUtils.LOGIN_ROUTE). */
export const LOGIN_PAGE_PATH = '/login';

/** What datahub-frontend proxies to GMS with the session's access token (Application.proxy): `/api/*` and `/openapi/*`. */
export const FRONTEND_PROXY_PREFIXES = ['/api', '/openapi'];

/** The mock's own endpoints (admin/). */
export const ADMIN_PATH = '/__mock';

/** The docs site's path under the admin path, served in both profiles (upstream GMS routes no docs path). */
export const MOCK_DOCS_PATH = `${ADMIN_PATH}/docs`;

/** How a request names its session (controls/sessions.ts): this header, or this path prefix followed by the id. */
export const SESSION_HEADER = 'x-mock-session';
export const SESSION_PREFIX = '/__session/';
