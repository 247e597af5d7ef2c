import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { createValidationProxy, formatViolation, type ValidationProxy } from '../index.js';

const DATAHUB_USER = encodeURIComponent('urn:svc:corpuser:datahub');
const CUSTOMERS = encodeURIComponent('urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.customers,PROD)');

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Send no bearer token. */
  anonymous?: boolean;
}

async function send(base: string, call: Call): Promise<{ status: number; body: string }> {
  const res = await fetch(base + call.path, {
    method: call.method,
    headers: { 'content-type': 'application/json', ...(call.anonymous ? {} : { authorization: 'Bearer admin-token' }) },
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
  });
  return { status: res.status, body: await res.text() };
}

describe('validation proxy in front of the mock', () => {
  let mock: MockServer;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger });
    proxy = await createValidationProxy({ upstream: mock.url, port: 0 });
  });
  afterAll(async () => {
    await proxy?.close();
    await mock?.close();
  });

  const conforming: Array<{ given: string; call: Call }> = [
    {
      given: 'search, gateway form',
      call: {
        method: 'POST',
        path: '/api/gms/entities?action=search',
        body: { input: '*', entity: 'dataset', start: 0, count: 3 },
      },
    },
    {
      given: 'browse, short gateway form',
      call: {
        method: 'POST',
        path: '/gms/entities?action=browse',
        body: { path: '/', entity: 'dataset', start: 0, limit: 5 },
      },
    },
    {
      given: 'autocomplete, direct form',
      call: {
        method: 'POST',
        path: '/entities?action=autocomplete',
        body: { query: 'a', entity: 'dataset', limit: 3 },
      },
    },
    { given: 'getIndexSizes', call: { method: 'POST', path: '/gms/operations?action=getIndexSizes' } },
    {
      given: 'getEsTaskStatus of an unknown task',
      call: { method: 'POST', path: '/gms/operations?action=getEsTaskStatus', body: { task: 'node:1' } },
    },
    {
      given: 'truncation dry run',
      call: {
        method: 'POST',
        path: '/gms/operations?action=truncateTimeseriesAspect',
        body: { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 0 },
      },
    },
    {
      given: 'entitiesV2 read with aspects=List(...)',
      call: { method: 'GET', path: `/entitiesV2/${CUSTOMERS}?aspects=List(ownership,schemaMetadata)` },
    },
    { given: 'legacy entity read', call: { method: 'GET', path: `/api/gms/entities/${CUSTOMERS}` } },
    {
      given: 'relationships',
      call: { method: 'GET', path: `/relationships?urn=${DATAHUB_USER}&direction=INCOMING&types=OwnedBy` },
    },
    { given: 'the API reference page', call: { method: 'GET', path: '/svc/docs' } },
    { given: 'a GraphQL query', call: { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' } } },
  ];

  it.each(conforming)('passes $given through unchanged, without violations', async ({ call }) => {
    const before = proxy.violations.length;
    const direct = await send(mock.url, call);
    const proxied = await send(proxy.url, call);
    expect(proxied).toEqual(direct);
    expect(direct.status).toBe(200);
    expect(proxy.violations.slice(before).map(formatViolation)).toEqual([]);
  });

  const breaking: Array<{ given: string; call: Call; want: { where: string; message: RegExp; operationId?: string } }> =
    [
      {
        given: 'a search body without input',
        call: {
          method: 'POST',
          path: '/api/gms/entities?action=search',
          body: { entity: 'dataset', start: 0, count: 3 },
        },
        want: { where: 'body', message: /'input'/, operationId: 'searchEntities' },
      },
      {
        given: 'a getEsTaskStatus task id without a colon',
        call: { method: 'POST', path: '/gms/operations?action=getEsTaskStatus', body: { task: 'nodeA' } },
        want: { where: 'body.task', message: /pattern/, operationId: 'getEsTaskStatus' },
      },
      {
        given: 'an operations call without a token',
        call: { method: 'POST', path: '/gms/operations?action=getIndexSizes', anonymous: true },
        want: { where: 'header.authorization', message: /security/, operationId: 'getIndexSizes' },
      },
      {
        given: 'an unknown action',
        call: { method: 'POST', path: '/entities?action=bogus', body: {} },
        want: { where: 'query.action', message: /bogus/ },
      },
      {
        given: 'GET on the GraphQL path',
        call: { method: 'GET', path: '/api/graphql?query=%7B__typename%7D' },
        want: { where: 'method', message: /only POST/ },
      },
      {
        given: 'a GraphQL query the SDL does not have',
        call: { method: 'POST', path: '/api/graphql', body: { query: '{ noSuchField }' } },
        want: { where: 'body.query', message: /noSuchField/ },
      },
    ];

  it.each(breaking)('reports $given as a request violation and still forwards it', async ({ call, want }) => {
    const before = proxy.violations.length;
    const direct = await send(mock.url, call);
    const proxied = await send(proxy.url, call);
    expect(proxied).toEqual(direct);
    const found = proxy.violations.slice(before);
    expect(found).toContainEqual(
      expect.objectContaining({
        side: 'request',
        method: call.method,
        where: want.where,
        message: expect.stringMatching(want.message),
      }),
    );
    if (want.operationId) expect(found[0]?.operationId).toBe(want.operationId);
  });
});

describe('validation proxy in front of an upstream that breaks the contract', () => {
  let upstream: ReturnType<ReturnType<typeof express>['listen']>;
  let proxy: ValidationProxy;
  beforeAll(async () => {
    const app = express();
    app.post('/entities', (_req, res) => {
      res.json({ value: { suggestions: 'x', query: 'a' } });
    });
    upstream = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    proxy = await createValidationProxy({
      upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      port: 0,
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('reports the response field that breaks the spec and returns the answer unchanged', async () => {
    const proxied = await send(proxy.url, {
      method: 'POST',
      path: '/entities?action=autocomplete',
      body: { query: 'a', entity: 'dataset', limit: 3 },
    });
    expect(proxied).toEqual({ status: 200, body: JSON.stringify({ value: { suggestions: 'x', query: 'a' } }) });
    expect(proxy.violations).toEqual([
      expect.objectContaining({
        side: 'response',
        status: 200,
        operationId: 'autocompleteEntities',
        where: 'body.value.suggestions',
        message: expect.stringMatching(/array/),
      }),
    ]);
    expect(formatViolation(proxy.violations[0]!)).toMatch(
      /^POST \/entities action=autocomplete response 200 body\.value\.suggestions: /,
    );
  });
});
