/** The happy path of every metadata-store endpoint, under each of the three address forms. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADDRESS_FORMS, call, DATASET, ingest, OTHER_DATASET, proposal, startServer, USER } from '../http-harness.js';

const OWNERSHIP = { owners: [{ owner: USER, type: 'DATAOWNER' }], lastModified: { time: 1, actor: USER } };
const DAY = 86_400_000;

let server: MockServer;

beforeAll(async () => {
  server = await startServer();
  await ingest(server, DATASET, 'ownership', OWNERSHIP);
  await ingest(server, DATASET, 'datasetProperties', {
    description: 'Orders placed in the web shop',
    customProperties: {},
  });
  await ingest(server, OTHER_DATASET, 'upstreamLineage', {
    upstreams: [{ dataset: DATASET, type: 'TRANSFORMED', auditStamp: { time: 1, actor: USER } }],
  });
  for (const day of [1, 2, 3])
    await ingest(server, DATASET, 'datasetProfile', {
      timestampMillis: day * DAY,
      rowCount: day * 100,
      columnCount: 4,
    });
});

afterAll(() => server.close());

describe.each(ADDRESS_FORMS)('address form %j', (prefix) => {
  it('ingestProposal answers with the spec’s value and the aspect is readable', async () => {
    const reply = await call(server, 'POST', `${prefix}/aspects?action=ingestProposal`, {
      body: proposal(DATASET, 'status', { removed: false }),
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ value: 'success' });
  });

  it.each([
    ['fully percent-encoded', encodeURIComponent(DATASET)],
    ['raw parentheses and commas', DATASET],
  ])('GET /entitiesV2 with a %s URN gives the envelopes, key aspect included', async (_name, key) => {
    const reply = await call(server, 'GET', `${prefix}/entitiesV2/${key}`);
    expect(reply.status).toBe(200);
    expect(reply.json.urn).toBe(DATASET);
    expect(reply.json.entityName).toBe('dataset');
    expect(reply.json.aspects.ownership).toMatchObject({
      name: 'ownership',
      type: 'VERSIONED',
      version: 0,
      value: OWNERSHIP,
    });
    expect(reply.json.aspects.ownership.created.actor).toBe('urn:svc:corpuser:UNKNOWN');
    expect(reply.json.aspects.datasetKey.value).toEqual({
      platform: 'urn:svc:dataPlatform:hive',
      name: 'db.orders',
      origin: 'PROD',
    });
  });

  it.each([
    ['List form', 'aspects=List(ownership,datasetProperties)'],
    ['encoded List form', `aspects=${encodeURIComponent('List(ownership,datasetProperties)')}`],
  ])('GET /entitiesV2 limits the aspects with the %s', async (_name, query) => {
    const reply = await call(server, 'GET', `${prefix}/entitiesV2/${encodeURIComponent(DATASET)}?${query}`);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json.aspects).sort()).toEqual(['datasetKey', 'datasetProperties', 'ownership']);
  });

  it('GET /entitiesV2 of a never-written URN of a known type answers with the synthesised key aspect', async () => {
    const urn = 'urn:svc:corpuser:nobody';
    const reply = await call(server, 'GET', `${prefix}/entitiesV2/${encodeURIComponent(urn)}`);
    expect(reply.status).toBe(200);
    expect(reply.json.aspects).toEqual({
      corpUserKey: expect.objectContaining({ name: 'corpUserKey', version: 0, value: { username: 'nobody' } }),
    });
  });

  it('GET /entities gives the snapshot with the key aspect first', async () => {
    const reply = await call(server, 'GET', `${prefix}/entities/${encodeURIComponent(DATASET)}`);
    expect(reply.status).toBe(200);
    const snapshot = reply.json.value['com.svc.metadata.snapshot.DatasetSnapshot'];
    expect(snapshot.urn).toBe(DATASET);
    expect(Object.keys(snapshot.aspects[0])).toEqual(['com.svc.metadata.key.DatasetKey']);
    expect(snapshot.aspects).toContainEqual({ 'com.svc.common.Ownership': OWNERSHIP });
  });

  it('GET /aspects reads the latest version by default and a given version', async () => {
    const latest = await call(server, 'GET', `${prefix}/aspects/${encodeURIComponent(DATASET)}?aspect=ownership`);
    expect(latest.status).toBe(200);
    expect(latest.json).toEqual({ version: 0, aspect: { 'com.svc.common.Ownership': OWNERSHIP } });
    const explicit = await call(
      server,
      'GET',
      `${prefix}/aspects/${encodeURIComponent(DATASET)}?aspect=ownership&version=0`,
    );
    expect(explicit.json).toEqual(latest.json);
  });

  it('getTimeseriesAspectValues returns the inclusive range newest first in the envelope', async () => {
    const body = {
      urn: DATASET,
      entity: 'dataset',
      aspect: 'datasetProfile',
      startTimeMillis: DAY,
      endTimeMillis: 2 * DAY,
    };
    const reply = await call(server, 'POST', `${prefix}/aspects?action=getTimeseriesAspectValues`, { body });
    expect(reply.status).toBe(200);
    const { value } = reply.json;
    expect(value).toMatchObject({
      entityName: 'dataset',
      aspectName: 'datasetProfile',
      limit: 10000,
      startTimeMillis: DAY,
      endTimeMillis: 2 * DAY,
    });
    expect(value.values.map((v: any) => v.aspect.contentType)).toEqual(['application/json', 'application/json']);
    expect(value.values.map((v: any) => JSON.parse(v.aspect.value).timestampMillis)).toEqual([2 * DAY, DAY]);
  });

  it('getTimeseriesAspectValues applies a filter on the values before the limit', async () => {
    const filter = { or: [{ and: [{ field: 'rowCount', value: '100', condition: 'GREATER_THAN' }] }] };
    const body = { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile', limit: 1, filter };
    const reply = await call(server, 'POST', `${prefix}/aspects?action=getTimeseriesAspectValues`, { body });
    expect(reply.status).toBe(200);
    expect(reply.json.value.values.map((v: any) => JSON.parse(v.aspect.value).rowCount)).toEqual([300]);
    const negated = { or: [{ and: [{ field: 'rowCount', value: '100', condition: 'GREATER_THAN', negated: true }] }] };
    const rest = await call(server, 'POST', `${prefix}/aspects?action=getTimeseriesAspectValues`, {
      body: { ...body, limit: 10, filter: negated },
    });
    expect(rest.json.value.values.map((v: any) => JSON.parse(v.aspect.value).rowCount)).toEqual([100]);
  });

  it.each([
    ['plain types', 'types=OwnedBy'],
    ['List types', 'types=List(OwnedBy)'],
    ['encoded List types', `types=${encodeURIComponent('List(OwnedBy)')}`],
  ])('GET /relationships with %s gives the document’s and upstream’s shapes', async (_name, types) => {
    const reply = await call(
      server,
      'GET',
      `${prefix}/relationships?urn=${encodeURIComponent(DATASET)}&direction=OUTGOING&${types}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      entities: [USER],
      start: 0,
      count: 1,
      total: 1,
      relationships: [{ entity: USER, type: 'OwnedBy' }],
    });
  });

  it('GET /relationships follows edges INCOMING', async () => {
    const reply = await call(
      server,
      'GET',
      `${prefix}/relationships?urn=${encodeURIComponent(DATASET)}&direction=INCOMING&types=List(DownstreamOf)`,
    );
    expect(reply.json.entities).toEqual([OTHER_DATASET]);
  });

  it('entities?action=ingest writes several aspects of a snapshot and answers 200 with an empty body', async () => {
    const urn = `urn:svc:corpuser:snap${prefix.replace(/\//g, '-')}`;
    const body = {
      entity: {
        value: {
          'com.svc.metadata.snapshot.CorpUserSnapshot': {
            urn,
            aspects: [
              {
                'com.svc.identity.CorpUserInfo': {
                  active: true,
                  displayName: 'Snap',
                  fullName: 'Snap Shot',
                  email: 'snap@example.com',
                },
              },
              { 'com.svc.common.Status': { removed: false } },
            ],
          },
        },
      },
    };
    const reply = await call(server, 'POST', `${prefix}/entities?action=ingest`, { body });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('');
    const read = await call(
      server,
      'GET',
      `${prefix}/entitiesV2/${encodeURIComponent(urn)}?aspects=List(corpUserInfo,status)`,
    );
    expect(read.json.aspects.corpUserInfo.value.displayName).toBe('Snap');
    expect(read.json.aspects.status.value).toEqual({ removed: false });
  });

  it('search, browse and autocomplete answer through the search index', async () => {
    const search = await call(server, 'POST', `${prefix}/entities?action=search`, {
      body: { input: 'orders', entity: 'dataset', start: 0, count: 10 },
    });
    expect(search.status).toBe(200);
    expect(search.json.value.entities).toEqual([DATASET]);
    const browse = await call(server, 'POST', `${prefix}/entities?action=browse`, {
      body: { path: '/prod/hive', entity: 'dataset', start: 0, limit: 10 },
    });
    expect(browse.status).toBe(200);
    expect(browse.json.value.metadata.groups).toEqual([{ name: 'db', count: 1 }]);
    const complete = await call(server, 'POST', `${prefix}/entities?action=autocomplete`, {
      body: { query: 'db.ord', entity: 'dataset', limit: 5 },
    });
    expect(complete.status).toBe(200);
    expect(complete.json.value.query).toBe('db.ord');
  });

  it('ingestProposal DELETE removes the aspect', async () => {
    await ingest(server, OTHER_DATASET, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Legacy' }] });
    const del = await call(server, 'POST', `${prefix}/aspects?action=ingestProposal`, {
      body: {
        proposal: { entityType: 'dataset', entityUrn: OTHER_DATASET, changeType: 'DELETE', aspectName: 'globalTags' },
      },
    });
    expect(del.status).toBe(200);
    const read = await call(server, 'GET', `${prefix}/aspects/${encodeURIComponent(OTHER_DATASET)}?aspect=globalTags`);
    expect(read.status).toBe(404);
  });
});

describe('operations and test endpoints (with the admin token)', () => {
  const post = (path: string, body: unknown) => call(server, 'POST', path, { body, token: 'admin-token' });

  it('restoreIndices answers with upstream’s text report', async () => {
    const reply = await post('/operations?action=restoreIndices', { urn: DATASET, aspect: 'ownership' });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toMatch(/RestoreIndicesResult\(ignored=0, rowsMigrated=1, /);
  });

  it('getIndexSizes reports the time series index holding the profiles', async () => {
    const reply = await post('/api/gms/operations?action=getIndexSizes', undefined);
    expect(reply.status).toBe(200);
    expect(reply.json.value).toContain('dataset_datasetprofileaspect_v1');
  });

  it('truncateTimeseriesAspect is a dry run by default', async () => {
    const reply = await post('/gms/operations?action=truncateTimeseriesAspect', {
      entityType: 'dataset',
      aspect: 'datasetProfile',
      endTimeMillis: DAY + 1,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toMatch(/^Delete 1 out of 3 rows .*This was a dry run/);
  });

  it('getEsTaskStatus of an unknown task answers the error JSON', async () => {
    const reply = await post('/operations?action=getEsTaskStatus', { task: 'node:999' });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.json.value)).toEqual({ error: 'Could not get task status for node:999' });
  });

  it('test?action=evaluate answers the passing and failing lists', async () => {
    const reply = await post('/test?action=evaluate', { urn: DATASET });
    expect(reply.status).toBe(200);
    expect(reply.json.value).toEqual({ passing: expect.any(Array), failing: expect.any(Array) });
  });
});

describe('API reference page', () => {
  it('is the docs site: a landing page linking the API reference and the explorer, under every address form', async () => {
    for (const prefix of ADDRESS_FORMS) {
      const reply = await call(server, 'GET', `${prefix}/svc/docs`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/text\/html/);
      expect(reply.text).toContain('api.html');
      expect(reply.text).toContain('/api/graphiql');
    }
    const api = await call(server, 'GET', '/svc/docs/api.html');
    for (const op of [
      'ingestProposal',
      'getEntityV2',
      'getRelationships',
      'searchEntities',
      'truncateTimeseriesAspect',
    ])
      expect(api.text).toContain(op);
  });

  it('answers other methods with a 400 naming the allowed one', async () => {
    const reply = await call(server, 'POST', '/svc/docs', { body: {} });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/GET/);
  });

  it('uses the namespace’s docs path', async () => {
    const li = await startServer({ namespace: 'li' });
    try {
      expect((await call(li, 'GET', '/restli/docs')).status).toBe(200);
      expect((await call(li, 'GET', '/svc/docs')).status).toBe(404);
    } finally {
      await li.close();
    }
  });
});

describe("namespace 'li'", () => {
  it('takes and answers the names a real deployment uses, and refuses the other namespace', async () => {
    const li = await startServer({ namespace: 'li' });
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
    try {
      await ingest(li, urn, 'status', { removed: false });
      const read = await call(li, 'GET', `/aspects/${encodeURIComponent(urn)}?aspect=status`, {
        headers: { 'X-RestLi-Protocol-Version': '2.0.0' },
      });
      expect(read.json).toEqual({ version: 0, aspect: { 'com.linkedin.common.Status': { removed: false } } });
      expect(read.headers.get('x-restli-protocol-version')).toBe('2.0.0');
      const svc = await call(li, 'POST', '/aspects?action=ingestProposal', {
        body: proposal(DATASET, 'status', { removed: false }),
      });
      expect(svc.status).toBe(400);
      expect(svc.json.exceptionClass).toBe('com.linkedin.restli.server.RestLiServiceException');
    } finally {
      await li.close();
    }
  });
});
