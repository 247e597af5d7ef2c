/**
 * The mock's own endpoints under /__mock, for the tests that drive it: health, a snapshot (row counts
 * and a digest that proves whether anything changed), reset, the request journal, sessions, faults,
 * settings, scenarios, an entity's stored state, and the inspector page for a person (`/ui`). Each
 * works on the session the request names (header or path prefix); the listener has checked that the
 * caller may use them (../auth/admin-access.ts).
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { OperationSpec } from '../../spec/index.js';
import type { SchemaValidators } from '../../spec/validation.js';
import { ADMIN_PATH } from '../addresses.js';
import { notFound, restliErrorBody, RestliError } from '../errors.js';
import { readJsonBody } from '../wire/json-body.js';
import type { CheckedRequest } from '../wire/request-validation.js';
import { adminRequestChecker } from './admin-request.js';
import { entityState } from './entity-state.js';
import { whenIndexed, type IndexedIn } from './index-wait.js';
import type { FaultRequest } from '../controls/faults.js';
import { renderInspector } from './inspector/inspector-page.js';
import { listRequests, type JournalFilters } from './journal-query.js';
import type { ScenarioCatalog } from './scenarios.js';
import { adminSessions, type MockSession, type SessionRegistry } from '../controls/sessions.js';
import { updatedSettings, type SettingsChange } from '../controls/settings.js';

/** The largest admin body read (a fault or settings body is a few hundred bytes). */
const ADMIN_BODY_LIMIT = 1024 * 1024;

export { ScenarioCatalog } from './scenarios.js';

export interface AdminSettings {
  sessions: SessionRegistry;
  scenarios: ScenarioCatalog;
  /** The contract's admin operations (tag admin): each is a route, its requests checked against it. */
  operations: readonly OperationSpec[];
  /** Validators that fill in the schemas' defaults: a fault's body is kept as checked, defaults and all. */
  validators: SchemaValidators;
}

/** One admin endpoint: its checked request, on the request's session, its response sent on `res`. */
type AdminEndpoint = (request: CheckedRequest, session: MockSession, res: Response) => void;

function adminEndpoints({ sessions, scenarios }: AdminSettings): Record<string, AdminEndpoint> {
  const snapshot = (session: MockSession) => session.context.store.snapshot();
  // The page is the same for every session: its script names the session it looks at.
  const inspector = renderInspector();
  return {
    getMockHealth: (_request, _session, res) => res.json({ status: 'ok' }),
    getMockSnapshot: (_request, session, res) => res.json(snapshot(session)),
    resetMock: (_request, session, res) => {
      session.context.store.reset();
      res.json(snapshot(session));
    },
    listMockRequests: ({ query }, session, res) => {
      const journals = session.id === undefined ? sessions.journals() : [session.journal];
      res.type('json').send(listRequests(journals, query as JournalFilters, session.context.contract.names.urnPrefix));
    },
    clearMockRequests: (_request, session, res) => {
      session.journal.clear();
      res.json({ requests: [], total: 0 });
    },
    listMockSessions: (_request, _session, res) => {
      res.json({
        sessions: sessions.list().map((s) => ({
          id: s.id,
          scenario: s.scenario ?? null,
          requests: s.journal.count,
          faults: s.faults.list().length,
        })),
        maxSessions: sessions.maxSessions,
      });
    },
    discardMockSession: ({ params }, _session, res) => {
      sessions.discard(params.id ?? '');
      res.json({ id: params.id });
    },
    listMockFaults: (_request, session, res) => res.json({ faults: session.faults.list() }),
    addMockFault: ({ body }, session, res) => res.json({ id: session.faults.add(body as FaultRequest).id }),
    clearMockFaults: (_request, session, res) => {
      session.faults.clear();
      res.json({ faults: [] });
    },
    removeMockFault: ({ params }, session, res) => {
      if (!session.faults.remove(params.id ?? ''))
        throw notFound(`fault '${params.id}' does not exist in this session`);
      res.json({ faults: session.faults.list() });
    },
    getMockSettings: (_request, session, res) => res.json(session.settings),
    putMockSettings: ({ body }, session, res) => {
      session.settings = updatedSettings(session.settings, body as SettingsChange);
      session.context.store.indexLagMs = session.settings.indexLagMs;
      res.json(session.settings);
    },
    getMockEntityState: ({ params }, session, res) => res.json(entityState(session.context.store, params.urn ?? '')),
    listMockOperations: (_request, session, res) => {
      const counts = session.id === undefined ? sessions.operationCounts() : [session.operationCounts];
      res.json({
        operations: counts.flatMap((c) => c.list()),
        dropped: counts.reduce((sum, c) => sum + c.dropped, 0),
      });
    },
    clearMockOperations: (_request, session, res) => {
      session.operationCounts.clear();
      res.json({ operations: [], dropped: 0 });
    },
    getMockIndexed: ({ params, query }, session, res) => {
      const { in: kind = 'search', waitMs = 0 } = query as { in?: IndexedIn; waitMs?: number };
      const { store, contract } = session.context;
      const stop = whenIndexed(
        store,
        params.urn ?? '',
        kind,
        waitMs,
        () => session.closed,
        (state) => {
          if (state) return res.json(state);
          const gone = new RestliError(410, `session '${session.id}' was discarded while this request waited`);
          res.status(410).json(restliErrorBody(gone, contract.names.recordPrefix));
        },
      );
      res.on('close', stop);
    },
    getMockInspector: (_request, _session, res) => {
      res.type('html').send(inspector);
    },
    listMockScenarios: (_request, _session, res) => res.json({ scenarios: scenarios.names() }),
    loadMockScenario: ({ params }, session, res) => {
      const name = params.name ?? '';
      // Sessions copy the server's start-up state: it is taken before the default session replaces it.
      if (session.id === undefined) sessions.startupImage();
      scenarios.load(session.context.store, name);
      session.scenario = name;
      res.json({ scenario: session.scenario, ...snapshot(session) });
    },
  };
}

/** `/__mock/faults/{id}` as express writes it below the admin path: `/faults/:id`. */
function routePath(op: OperationSpec): string {
  if (!op.path.startsWith(`${ADMIN_PATH}/`))
    throw new Error(`${op.operationId}: an admin operation's path starts with ${ADMIN_PATH}/, not ${op.path}`);
  return op.path.slice(ADMIN_PATH.length).replace(/\{([^}]+)\}/g, ':$1');
}

export function adminRouter(settings: AdminSettings): Router {
  const router = Router();
  const endpoints = adminEndpoints(settings);
  const sessionOf = (req: Request): MockSession => adminSessions.get(req) ?? settings.sessions.defaultSession;
  // Only the endpoints that take a body read it, as the API's are read: what the router does not answer goes on, body unread, to the metadata store's 404.
  const readBody: RequestHandler = (req, _res, next) => {
    readJsonBody(req, ADMIN_BODY_LIMIT, (read) => {
      req.body = read.body;
      next(read.failure);
    });
  };
  for (const op of settings.operations) {
    const endpoint = endpoints[op.operationId];
    if (!endpoint)
      throw new Error(
        `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is an admin operation of the document the mock does not serve`,
      );
    const check = adminRequestChecker(op, settings.validators);
    const respond: RequestHandler = (req, res) => endpoint(check(req), sessionOf(req), res);
    router[op.method](routePath(op), ...(op.requestSchema ? [readBody, respond] : [respond]));
  }
  return router;
}
