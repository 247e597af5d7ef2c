/**
 * The mock without a port: `createMock(options).fetch` answers as the HTTP mock does (the same
 * request listener), takes what WHATWG fetch takes (a string, a URL or a Request, with init) and
 * gives back a real Response, with sessions, the journal and faults working as over HTTP. It opens
 * no socket and never calls the global fetch. `createMockServer`'s result has the same fetch.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock, createMockServer, silentLogger, type Mock } from '../../index.js';
import { DATASET, proposal } from '../http-harness.js';

const read = `/entitiesV2/${encodeURIComponent(DATASET)}`;
const ingestBody = (description: string) =>
  JSON.stringify(proposal(DATASET, 'datasetProperties', { description, customProperties: {} }));
const json = { 'content-type': 'application/json' };

/** Active handles that would mean a socket: a listening server or a connection. */
const socketHandles = (): string[] => process.getActiveResourcesInfo().filter((name) => /TCP|Pipe|UDP/i.test(name));

describe('createMock().fetch', () => {
  let mock: Mock;
  const handlesBefore = socketHandles();
  beforeAll(async () => {
    // Any call of the global fetch fails the tests that follow.
    vi.stubGlobal('fetch', () => {
      throw new Error('the global fetch was called');
    });
    mock = await createMock({ sample: false, logger: silentLogger });
  });
  afterEach(() => {
    expect(socketHandles()).toEqual(handlesBefore);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await mock.close();
  });

  it('writes and reads through a string path, a URL and a Request, answering real Responses', async () => {
    const written = await mock.fetch('/aspects?action=ingestProposal', {
      method: 'POST',
      headers: json,
      body: ingestBody('Orders in process'),
    });
    expect(written).toBeInstanceOf(Response);
    expect(written.status).toBe(200);
    expect(written.headers.get('x-svc-protocol-version')).toBe('2.0.0');

    const byUrl = await mock.fetch(new URL(`http://catalog.test/api/gms${read}`));
    expect(byUrl.status).toBe(200);
    expect(byUrl.headers.get('content-type')).toMatch(/^application\/json/);
    expect(byUrl.url).toBe(`http://catalog.test/api/gms${read}`);
    expect((await byUrl.json()).aspects.datasetProperties.value.description).toBe('Orders in process');

    // The query reaches the mock: only the aspect asked for comes back.
    const byRequest = await mock.fetch(
      new Request(`http://catalog.test/gms${read}?aspects=List(datasetKey)`, {
        headers: { accept: 'application/json' },
      }),
    );
    expect(Object.keys((await byRequest.json()).aspects)).toEqual(['datasetKey']);
  });

  it('answers bad input with the mock’s 4xx naming the field, and HEAD with no body', async () => {
    const bad = await mock.fetch('http://catalog.test/entities?action=search', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ input: 'x', entity: 'dataset', start: 'zero', count: 1 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('start');
    const head = await mock.fetch(`http://catalog.test${read}`, { method: 'HEAD' });
    expect(head.body).toBeNull();
  });

  it('keeps a session apart (X-Mock-Session) and journals its requests', async () => {
    const session = { 'X-Mock-Session': 'in-process' };
    await mock.fetch('/aspects?action=ingestProposal', {
      method: 'POST',
      headers: { ...json, ...session },
      body: ingestBody('Only in the session'),
    });
    const inSession = await (await mock.fetch(read, { headers: session })).json();
    expect(inSession.aspects.datasetProperties.value.description).toBe('Only in the session');
    const outside = await (await mock.fetch(read)).json();
    expect(outside.aspects.datasetProperties.value.description).toBe('Orders in process');

    const journal = await (await mock.fetch('/__mock/requests?operation=ingestProposal', { headers: session })).json();
    expect(journal.requests).toMatchObject([
      { session: 'in-process', operation: 'ingestProposal', status: 200, urns: [DATASET] },
    ]);
    const sessions = await (await mock.fetch('/__mock/sessions')).json();
    expect(sessions.sessions).toMatchObject([{ id: 'in-process', requests: 2 }]);
  });

  it('applies an error fault once, and a reset fault fails the fetch as a reset connection does', async () => {
    const session = { 'X-Mock-Session': 'faulty' };
    const post = (body: unknown) => ({ method: 'POST', headers: { ...json, ...session }, body: JSON.stringify(body) });
    expect(
      (await mock.fetch('/__mock/faults', post({ operation: 'getEntityV2', status: 503, retryAfter: 2, times: 1 })))
        .status,
    ).toBe(200);
    const refused = await mock.fetch(read, { headers: session });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect((await mock.fetch(read, { headers: session })).status).toBe(200);

    await mock.fetch('/__mock/faults', post({ operation: 'getEntityV2', kind: 'reset' }));
    await expect(mock.fetch(read, { headers: session })).rejects.toThrow(TypeError);
    await mock.fetch('/__mock/faults', { method: 'DELETE', headers: session });
    const journal = await (await mock.fetch('/__mock/requests?operation=getEntityV2', { headers: session })).json();
    expect(journal.requests.map((r: { status: number | null }) => r.status)).toEqual([503, 200, null]);
  });

  it('rejects with the abort reason of an aborted signal', async () => {
    await expect(mock.fetch(read, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('a closed mock', () => {
  it('refuses fetch with an error saying it is closed, not a 500 from a store that is gone', async () => {
    const closing = await createMock({ sample: false, logger: silentLogger });
    expect((await closing.fetch('/__mock/health')).status).toBe(200);
    const closed = closing.close();
    // Refused from the call of close() on, not only once the store has gone.
    await expect(closing.fetch('/__mock/health')).rejects.toThrow(
      new TypeError('mock.fetch: the mock is closed (close() was called); create another mock'),
    );
    await closed;
    await expect(closing.fetch('/entitiesV2/x')).rejects.toThrow(/the mock is closed/);
  });
});

describe('createMockServer', () => {
  it('is the same mock behind a socket: its fetch sees what HTTP wrote', async () => {
    const server = await createMockServer({ port: 0, sample: false, logger: silentLogger });
    try {
      const written = await fetch(`${server.url}/aspects?action=ingestProposal`, {
        method: 'POST',
        headers: json,
        body: ingestBody('Written over HTTP'),
      });
      expect(written.status).toBe(200);
      const reply = await server.fetch(read);
      expect((await reply.json()).aspects.datasetProperties.value.description).toBe('Written over HTTP');
    } finally {
      await server.close();
    }
  });

  it('answers a time series read (its points written in parts) with the bytes HTTP sends', async () => {
    const server = await createMockServer({ port: 0, sample: false, logger: silentLogger });
    try {
      for (const [i, fieldPath] of ['plain', 'ünïcödé ✓', '𝔘 🙂'].entries()) {
        const point = proposal(DATASET, 'datasetProfile', {
          timestampMillis: (i + 1) * 1000,
          rowCount: i,
          fieldProfiles: [{ fieldPath }],
        });
        expect(
          (
            await server.fetch('/aspects?action=ingestProposal', {
              method: 'POST',
              headers: json,
              body: JSON.stringify(point),
            })
          ).status,
        ).toBe(200);
      }
      for (const range of [{}, { startTimeMillis: 99_000 }]) {
        const body = JSON.stringify({ urn: DATASET, entity: 'dataset', aspect: 'datasetProfile', ...range });
        const init = { method: 'POST', headers: json, body };
        const [overHttp, inProcess] = [
          await fetch(`${server.url}/aspects?action=getTimeseriesAspectValues`, init),
          await server.fetch('/aspects?action=getTimeseriesAspectValues', init),
        ];
        const bytes = Buffer.from(await inProcess.arrayBuffer());
        expect(bytes.equals(Buffer.from(await overHttp.arrayBuffer()))).toBe(true);
        expect(Number(inProcess.headers.get('content-length'))).toBe(bytes.length);
        expect(JSON.parse(bytes.toString('utf8')).value.values).toHaveLength(range.startTimeMillis ? 0 : 3);
      }
    } finally {
      await server.close();
    }
  });
});
