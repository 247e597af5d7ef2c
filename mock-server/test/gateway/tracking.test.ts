/**
 * `POST /openapi/v1/tracking/track`, where the app posts its analytics events
 * (datahub-web-react/src/app/analytics/plugin/datahub.ts, v1.3.0.1), as upstream's TrackingController
 * answers (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/analytics/
 * TrackingController.java, v1.3.0.1): a signed-in visitor's event with a `type` is a 200 without a body,
 * kept in the session's request journal as the operation `frontend:track`; an event without a type is a
 * 400 and a caller without credentials a 401, each naming what is missing; in both namespaces.
 */
import { describe, expect, it } from 'vitest';
import { Visitor } from '../frontend-harness.js';
import { call, serverForTests } from '../http-harness.js';

/** The shape the app's analytics sends for a page view (src/app/analytics/analytics.ts). */
const pageView = (actorUrn: string) => ({
  type: 'PageViewEvent',
  actorUrn,
  timestamp: 1_700_000_000_000,
  date: 'Tue Nov 14 2023 22:13:20 GMT+0000',
  userAgent: 'Mozilla/5.0',
  browserId: 'b7c4d2e0-0000-4000-8000-000000000001',
  origin: 'http://localhost:3000',
  isThemeV2Enabled: true,
  userPersona: 'urn:li:dataHubPersona:technicalUser',
  serverVersion: 'v1.3.0.1',
  url: 'http://localhost:3000/',
  path: '/',
  hash: '',
  search: '',
  width: 1280,
  height: 800,
  prevPathname: '',
});

describe.each(['svc', 'li'] as const)('tracking, namespace %s', (namespace) => {
  const server = serverForTests({ namespace });
  const actor = `urn:${namespace}:corpuser:datahub`;

  it("accepts a signed-in visitor's event with 200 and no body, and the journal keeps it", async () => {
    const visitor = new Visitor(server());
    await visitor.logIn('datahub', 'datahub');
    const event = pageView(actor);
    const reply = await visitor.send('POST', '/openapi/v1/tracking/track', { body: event });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    const journal = await call(server(), 'GET', '/__mock/requests?operation=frontend:track');
    const entries = journal.json.requests as { status: number; path: string; request: unknown }[];
    expect(entries.at(-1)).toMatchObject({
      status: 200,
      path: '/openapi/v1/tracking/track',
      // The session cookie is a credential: elided as the Authorization header is.
      request: { body: event, headers: { cookie: '[elided]' } },
    });
  });

  it('accepts an event sent with a bearer token instead of the cookie', async () => {
    const reply = await call(server(), 'POST', '/openapi/v1/tracking/track', {
      body: { type: 'SearchEvent', query: 'orders' },
      token: 'reader-token',
    });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['no type', { actorUrn: 'x' }, /body\.type/],
    ['an array', [{ type: 'PageViewEvent' }], /body: expected a JSON object/],
  ])('answers an event with %s with a 400 naming it', async (_name, body, message) => {
    const reply = await call(server(), 'POST', '/openapi/v1/tracking/track', { body, token: 'admin-token' });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(message);
  });

  it('answers an event without credentials with a 401, and keeps it in the journal as refused', async () => {
    const reply = await call(server(), 'POST', '/openapi/v1/tracking/track', { body: { type: 'PageViewEvent' } });
    expect(reply.status).toBe(401);
    expect(reply.json.message).toMatch(/Authentication required/);
    const journal = await call(server(), 'GET', '/__mock/requests?operation=frontend:track&status=401');
    expect(journal.json.total).toBeGreaterThan(0);
  });

  it('lets a fault be injected on the tracking route by its operation name', async () => {
    const fault = await call(server(), 'POST', '/__mock/faults', {
      body: { operation: 'frontend:track', kind: 'error', status: 503, times: 1 },
    });
    expect(fault.status).toBe(200);
    const reply = await call(server(), 'POST', '/openapi/v1/tracking/track', {
      body: { type: 'PageViewEvent' },
      token: 'admin-token',
    });
    expect(reply.status).toBe(503);
  });
});
