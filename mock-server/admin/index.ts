/**
 * The mock's own endpoints under /__mock, for the tests that drive it: health, a snapshot (row counts
 * and a digest that proves whether anything changed), reset, the request journal, sessions, faults,
 * settings and scenarios. Each works on the session the request names (header or path prefix); the
 * listener has checked that the caller may use them (../auth/admin-access.ts).
 */
import type { IncomingMessage } from 'node:http';
import express, { Router, type Request } from 'express';
import { notFound } from '../errors.js';
import { listRequests } from './journal-query.js';
import type { ScenarioCatalog } from './scenarios.js';
import type { MockSession, SessionRegistry } from './sessions.js';
import { updatedSettings } from './settings.js';

export const ADMIN_PATH = '/__mock';

export { SESSION_HEADER, SESSION_PREFIX, SessionRegistry, sessionScope, type MockSession } from './sessions.js';
export { ScenarioCatalog } from './scenarios.js';
export { checkAdminAccess, isLoopback } from '../auth/admin-access.js';
export { parseLatency, DEFAULT_SETTINGS, type SessionSettings } from './settings.js';

/** The session of each admin request, set by the listener before express sees the request. */
export const adminSessions = new WeakMap<IncomingMessage, MockSession>();

export interface AdminSettings {
  sessions: SessionRegistry;
  scenarios: ScenarioCatalog;
}

export function adminRouter({ sessions, scenarios }: AdminSettings): Router {
  const router = Router();
  const sessionOf = (req: Request): MockSession => adminSessions.get(req) ?? sessions.defaultSession;
  const snapshot = (session: MockSession) => session.context.store.snapshot();
  // Only the endpoints that take a body read it: what the router does not answer goes on, body unread, to the metadata store's 404.
  const json = express.json({ limit: '1mb', type: () => true, strict: false });

  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/snapshot', (req, res) => {
    res.json(snapshot(sessionOf(req)));
  });
  router.post('/reset', (req, res) => {
    const session = sessionOf(req);
    session.context.store.reset();
    res.json(snapshot(session));
  });

  router.get('/requests', (req, res) => {
    const session = sessionOf(req);
    const journals = session.id === undefined ? sessions.journals() : [session.journal];
    res.json(listRequests(journals, new URL(req.originalUrl, 'http://mock').searchParams, session.context.contract.names.urnPrefix));
  });
  router.delete('/requests', (req, res) => {
    sessionOf(req).journal.clear();
    res.json({ requests: [], total: 0 });
  });

  router.get('/sessions', (_req, res) => {
    res.json({ sessions: sessions.list().map((s) => ({ id: s.id, scenario: s.scenario ?? null, requests: s.journal.count, faults: s.faults.list().length })), maxSessions: sessions.maxSessions });
  });
  router.delete('/sessions/:id', (req, res) => {
    sessions.discard(String(req.params.id));
    res.json({ id: req.params.id });
  });

  router.get('/faults', (req, res) => {
    res.json({ faults: sessionOf(req).faults.list() });
  });
  router.post('/faults', json, (req, res) => {
    res.json({ id: sessionOf(req).faults.add(req.body).id });
  });
  router.delete('/faults', (req, res) => {
    sessionOf(req).faults.clear();
    res.json({ faults: [] });
  });
  router.delete('/faults/:id', (req, res) => {
    const session = sessionOf(req);
    if (!session.faults.remove(String(req.params.id))) throw notFound(`fault '${req.params.id}' does not exist in this session`);
    res.json({ faults: session.faults.list() });
  });

  router.get('/settings', (req, res) => {
    res.json(sessionOf(req).settings);
  });
  router.put('/settings', json, (req, res) => {
    const session = sessionOf(req);
    session.settings = updatedSettings(session.settings, req.body);
    session.context.store.indexLagMs = session.settings.indexLagMs;
    res.json(session.settings);
  });

  router.get('/scenarios', (_req, res) => {
    res.json({ scenarios: scenarios.names() });
  });
  router.post('/scenarios/:name', (req, res) => {
    const session = sessionOf(req);
    // Sessions copy the server's start-up state: it is taken before the default session replaces it.
    if (session.id === undefined) sessions.startupImage();
    scenarios.load(session.context.store, String(req.params.name));
    session.scenario = String(req.params.name);
    res.json({ scenario: session.scenario, ...snapshot(session) });
  });
  return router;
}
