/**
 * The frontend gateway: the routes of datahub-frontend that DataHub's web app calls besides GraphQL
 * (sign-in, the authenticate redirect, sign-out, analytics events), and the proxy's step that turns a
 * session cookie into the bearer token of the request it forwards. The request listener
 * (../transport/request-listener.ts) sends the routes through the API exchange, so the journal, the faults
 * and the latency of the request's session apply to them as to the rest of the API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FRONTEND_ROUTES, frontendOperation, type FrontendRoute } from '../addresses.js';
import type { AuthConfig } from '../auth/bearer-auth.js';
import type { UserAccount } from '../auth/users.js';
import type { MockContext } from '../controls/mock-context.js';
import type { ApiHandler, BodyRead, PreparedCall } from '../wire/api-handler.js';
import { protocolHeaderNow } from '../wire/json-response.js';
import { authenticate } from './authenticate.js';
import { forwardCredential } from './forwarded-credential.js';
import { FrontendSessions } from './frontend-session.js';
import { sendMessage } from './frontend-response.js';
import { logIn } from './log-in.js';
import { logOut } from './log-out.js';
import { track } from './tracking.js';

export interface GatewaySettings {
  auth: AuthConfig;
  /** Who may sign in (../auth/users.ts). */
  users: readonly UserAccount[];
  urnPrefix: string;
}

export interface FrontendGateway {
  /** The route of an exact path (query left off), undefined for any other path. */
  routeOf(path: string): FrontendRoute | undefined;
  /** The routes' handler for a request of the mock session `mockSession` (undefined: the default one). */
  handler(mockSession: string | undefined): ApiHandler<MockContext>;
  /** The proxy's step for a request under `/api/` or `/openapi/` (./forwarded-credential.ts); a 401 RestliError when it refuses. */
  forward(req: IncomingMessage, mockSession: string | undefined): void;
}

const METHODS: Readonly<Record<FrontendRoute, string>> = {
  logIn: 'POST',
  authenticate: 'GET',
  logOut: 'GET',
  track: 'POST',
};

const ROUTES = new Map(
  Object.entries(FRONTEND_ROUTES).map(([route, path]) => [path as string, route as FrontendRoute]),
);

export function frontendGateway({ auth, users, urnPrefix }: GatewaySettings): FrontendGateway {
  const sessions = new FrontendSessions(auth, urnPrefix);
  const accounts = new Map(users.map((account) => [account.name, account]));

  const respond = (
    route: FrontendRoute,
    req: IncomingMessage,
    read: BodyRead,
    mockSession: string | undefined,
    res: ServerResponse,
  ): void => {
    if (route === 'logIn') return logIn({ users: accounts, sessions }, read, mockSession, res);
    if (route === 'authenticate') return authenticate(req, sessions.read(req, mockSession), res);
    if (route === 'logOut') return logOut(res);
    track(auth, req, read, res);
  };

  const handler = (mockSession: string | undefined): ApiHandler<MockContext> => ({
    prepare(req: IncomingMessage, read: BodyRead): PreparedCall<MockContext> {
      const route = ROUTES.get((req.url ?? '/').split('?')[0] as string) as FrontendRoute;
      const method = METHODS[route];
      // HEAD is GET without the body, as node writes it.
      if (req.method !== method && !(method === 'GET' && req.method === 'HEAD')) {
        return {
          operation: undefined,
          respond: (res) => {
            protocolHeaderNow(res);
            res.setHeader('Allow', method);
            sendMessage(res, 405, `Only ${method} is supported on ${FRONTEND_ROUTES[route]}`);
          },
        };
      }
      return { operation: frontendOperation(route), respond: (res) => respond(route, req, read, mockSession, res) };
    },
    fail: (res, status, message) => sendMessage(res, status, message),
  });

  return {
    routeOf: (path) => ROUTES.get(path),
    handler,
    forward: (req, mockSession) => forwardCredential(sessions, req, mockSession),
  };
}
