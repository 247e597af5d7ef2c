/**
 * Bad input on every write and read endpoint: always a 4xx (never a 5xx) whose message names the
 * offending field, and nothing written (the snapshot digest is unchanged).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { call, DATASET, digest, ingest, proposal, startServer, USER } from '../http-harness.js';

let server: MockServer;

beforeAll(async () => {
  server = await startServer();
  await ingest(server, DATASET, 'status', { removed: false });
});

afterAll(() => server.close());

const INGEST = '/aspects?action=ingestProposal';
const LEGACY = '/entities?action=ingest';
const TIMESERIES = '/aspects?action=getTimeseriesAspectValues';
const enc = encodeURIComponent;
const snapshot = (record: string, urn: string, aspects: unknown[]) => ({
  entity: { value: { [record]: { urn, aspects } } },
});
const DATASET_SNAPSHOT = 'com.svc.metadata.snapshot.DatasetSnapshot';

/** An ingestProposal of DATASET's status with `overrides` on the proposal. */
const statusProposal = (overrides: Record<string, unknown>) =>
  ({ method: 'POST', path: INGEST, body: proposal(DATASET, 'status', { removed: true }, overrides) }) as const;
/** A search of datasets filtered by one criterion. */
const datasetSearch = (criterion: { field: string; value: string; condition: string }) =>
  ({
    method: 'POST',
    path: '/entities?action=search',
    body: { input: '*', entity: 'dataset', start: 0, count: 10, filter: { or: [{ and: [criterion] }] } },
  }) as const;

interface Case {
  name: string;
  given: { method: 'GET' | 'POST'; path: string; body?: unknown; raw?: string; token?: string };
  want: RegExp;
}

const writes: Case[] = [
  {
    name: 'ingestProposal: malformed JSON',
    given: { method: 'POST', path: INGEST, raw: '{"proposal": {' },
    want: /^body: malformed JSON/,
  },
  {
    name: 'ingestProposal: body is an array',
    given: { method: 'POST', path: INGEST, body: [1] },
    want: /^body: must be object/,
  },
  {
    name: 'ingestProposal: missing proposal',
    given: { method: 'POST', path: INGEST, body: {} },
    want: /body: missing required property 'proposal'/,
  },
  {
    name: 'ingestProposal: unknown top-level property',
    given: { method: 'POST', path: INGEST, body: { ...proposal(DATASET, 'status', { removed: true }), extra: 1 } },
    want: /body: unknown property 'extra'/,
  },
  {
    name: 'ingestProposal: entityType of the wrong type',
    given: statusProposal({ entityType: 7 }),
    want: /body\.proposal\.entityType: must be string/,
  },
  {
    name: 'ingestProposal: unknown entity type',
    given: statusProposal({ entityType: 'spaceship' }),
    want: /body\.proposal\.entityType: Failed to find entity with name spaceship/,
  },
  {
    name: 'ingestProposal: malformed URN',
    given: statusProposal({ entityUrn: 'not-a-urn' }),
    want: /body\.proposal\.entityUrn/,
  },
  {
    name: 'ingestProposal: URN of another entity type',
    given: statusProposal({ entityUrn: USER }),
    want: /body\.proposal\.entityUrn: .* is a corpuser URN/,
  },
  {
    name: 'ingestProposal: changeType outside the enum',
    given: statusProposal({ changeType: 'RESTATE' }),
    want: /body\.proposal\.changeType/,
  },
  {
    name: 'ingestProposal: aspect value that is not JSON',
    given: {
      method: 'POST',
      path: INGEST,
      body: proposal(DATASET, 'status', null, { aspect: { value: '{removed: tru', contentType: 'application/json' } }),
    },
    want: /^body\.proposal\.aspect\.value: is not valid JSON/,
  },
  {
    name: 'ingestProposal: aspect value that is a JSON array',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'status', [1, 2]) },
    want: /^body\.proposal\.aspect\.value: must be a JSON object/,
  },
  {
    name: 'ingestProposal: UPSERT without aspect',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'status', {}, { aspect: undefined }) },
    want: /body\.proposal.*aspect/,
  },
  {
    name: 'ingestProposal: aspect not allowed for the entity',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'chartInfo', { title: 'x' }) },
    want: /chartInfo/,
  },
  {
    name: 'ingestProposal: unknown aspect name',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'noSuchAspect', {}) },
    want: /noSuchAspect/,
  },
  {
    name: 'ingestProposal: aspect invalid against its schema',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'ownership', { owners: 'everyone' }) },
    want: /owners/,
  },
  {
    name: 'ingestProposal: field of the wrong type inside the aspect',
    given: { method: 'POST', path: INGEST, body: proposal(DATASET, 'status', { removed: 'yes' }) },
    want: /removed/,
  },
  {
    name: 'ingest (legacy): malformed JSON',
    given: { method: 'POST', path: LEGACY, raw: '{"entity":' },
    want: /^body: malformed JSON/,
  },
  {
    name: 'ingest (legacy): missing entity',
    given: { method: 'POST', path: LEGACY, body: {} },
    want: /body: missing required property 'entity'/,
  },
  {
    name: 'ingest (legacy): unknown snapshot record',
    given: {
      method: 'POST',
      path: LEGACY,
      body: snapshot('com.svc.metadata.snapshot.SpaceshipSnapshot', DATASET, [
        { 'com.svc.common.Status': { removed: true } },
      ]),
    },
    want: /body\.entity\.value/,
  },
  {
    name: 'ingest (legacy): unknown aspect record',
    given: {
      method: 'POST',
      path: LEGACY,
      body: snapshot(DATASET_SNAPSHOT, DATASET, [
        { 'com.svc.common.Status': { removed: true } },
        { 'com.svc.common.Nothing': {} },
      ]),
    },
    want: /body\.entity\.value.*aspects\[1\]/,
  },
  {
    name: 'ingest (legacy): URN of another entity',
    given: {
      method: 'POST',
      path: LEGACY,
      body: snapshot(DATASET_SNAPSHOT, USER, [{ 'com.svc.common.Status': { removed: true } }]),
    },
    want: /urn/,
  },
  {
    name: 'ingest (legacy): second aspect invalid, first not written either',
    given: {
      method: 'POST',
      path: LEGACY,
      body: snapshot(DATASET_SNAPSHOT, DATASET, [
        { 'com.svc.common.Status': { removed: true } },
        { 'com.svc.common.Ownership': { owners: 3 } },
      ]),
    },
    want: /owners/,
  },
  ...(
    [
      {
        name: 'truncateTimeseriesAspect: missing endTimeMillis',
        path: '/operations?action=truncateTimeseriesAspect',
        body: { entityType: 'dataset', aspect: 'datasetProfile', dryRun: false },
        want: /body: missing required property 'endTimeMillis'/,
      },
      {
        name: 'truncateTimeseriesAspect: versioned aspect',
        path: '/operations?action=truncateTimeseriesAspect',
        body: { entityType: 'dataset', aspect: 'ownership', endTimeMillis: 1, dryRun: false },
        want: /ownership/,
      },
      {
        name: 'truncateTimeseriesAspect: unknown entity type',
        path: '/operations?action=truncateTimeseriesAspect',
        body: { entityType: 'spaceship', aspect: 'datasetProfile', endTimeMillis: 1, dryRun: false },
        want: /spaceship/,
      },
      {
        name: 'getEsTaskStatus: malformed task id',
        path: '/operations?action=getEsTaskStatus',
        body: { task: 'no task' },
        want: /body/,
      },
      {
        name: 'restoreIndices: negative start',
        path: '/operations?action=restoreIndices',
        body: { start: -1 },
        want: /body\.start: must be >= 0/,
      },
      {
        name: 'evaluate: missing urn',
        path: '/test?action=evaluate',
        body: { shouldPush: true },
        want: /body: missing required property 'urn'/,
      },
      {
        name: 'evaluate: malformed urn',
        path: '/test?action=evaluate',
        body: { urn: 'nope', shouldPush: true },
        want: /body\.urn/,
      },
    ] as const
  ).map(({ name, path, body, want }): Case => ({
    name,
    given: { method: 'POST', path, body, token: 'admin-token' },
    want,
  })),
];

const reads: Case[] = [
  { name: 'entitiesV2: malformed URN', given: { method: 'GET', path: '/entitiesV2/not-a-urn' }, want: /path\.urn/ },
  {
    name: 'entitiesV2: unknown entity type',
    given: { method: 'GET', path: `/entitiesV2/${enc('urn:svc:spaceship:x')}` },
    want: /Failed to find entity with name spaceship/,
  },
  {
    name: 'entitiesV2: bad percent-encoding',
    given: { method: 'GET', path: '/entitiesV2/urn%3Asvc%ZZ' },
    want: /path\.urn: malformed percent-encoding/,
  },
  {
    name: 'entities: unknown entity type',
    given: { method: 'GET', path: `/entities/${enc('urn:svc:spaceship:x')}` },
    want: /Failed to find entity with name spaceship/,
  },
  {
    name: 'aspects: aspect not allowed for the entity',
    given: { method: 'GET', path: `/aspects/${enc(DATASET)}?aspect=chartInfo` },
    want: /query\.aspect: Unknown aspect chartInfo for entity dataset/,
  },
  {
    name: 'aspects: version that is not a number',
    given: { method: 'GET', path: `/aspects/${enc(DATASET)}?aspect=status&version=x1` },
    want: /query\.version/,
  },
  {
    name: 'relationships: missing urn',
    given: { method: 'GET', path: '/relationships?direction=INCOMING&types=OwnedBy' },
    want: /query\.urn: missing required parameter/,
  },
  {
    name: 'relationships: bad direction',
    given: { method: 'GET', path: `/relationships?urn=${enc(DATASET)}&direction=SIDEWAYS&types=OwnedBy` },
    want: /query\.direction: must be one of INCOMING, OUTGOING/,
  },
  {
    name: 'relationships: malformed URN',
    given: { method: 'GET', path: '/relationships?urn=nope&direction=INCOMING&types=OwnedBy' },
    want: /query\.urn/,
  },
  {
    name: 'relationships: negative count',
    given: { method: 'GET', path: `/relationships?urn=${enc(DATASET)}&direction=INCOMING&types=OwnedBy&count=-1` },
    want: /query\.count/,
  },
  {
    name: 'timeseries: malformed JSON',
    given: { method: 'POST', path: TIMESERIES, raw: '[' },
    want: /^body: malformed JSON/,
  },
  {
    name: 'timeseries: missing urn',
    given: { method: 'POST', path: TIMESERIES, body: { entity: 'dataset', aspect: 'datasetProfile' } },
    want: /body: missing required property 'urn'/,
  },
  {
    name: 'timeseries: unknown entity',
    given: { method: 'POST', path: TIMESERIES, body: { urn: DATASET, entity: 'spaceship', aspect: 'datasetProfile' } },
    want: /body\.entity/,
  },
  {
    name: 'timeseries: versioned aspect',
    given: { method: 'POST', path: TIMESERIES, body: { urn: DATASET, entity: 'dataset', aspect: 'ownership' } },
    want: /body\.aspect: ownership is not a time series aspect/,
  },
  {
    name: 'timeseries: limit of the wrong type',
    given: {
      method: 'POST',
      path: TIMESERIES,
      body: { urn: DATASET, entity: 'dataset', aspect: 'datasetProfile', limit: 'all' },
    },
    want: /body\.limit: must be integer/,
  },
  {
    name: 'timeseries: filter on a field the aspect does not have',
    given: {
      method: 'POST',
      path: TIMESERIES,
      body: {
        urn: DATASET,
        entity: 'dataset',
        aspect: 'datasetProfile',
        filter: { or: [{ and: [{ field: 'colour', value: 'red' }] }] },
      },
    },
    want: /body\.filter\.or\[0\]\.and\[0\]\.field: colour is not a field of datasetProfile/,
  },
  {
    name: 'search: missing input',
    given: { method: 'POST', path: '/entities?action=search', body: { entity: 'dataset', start: 0, count: 10 } },
    want: /body: missing required property 'input'/,
  },
  {
    name: 'search: unknown entity',
    given: {
      method: 'POST',
      path: '/entities?action=search',
      body: { input: '*', entity: 'spaceship', start: 0, count: 10 },
    },
    want: /body\.entity: Failed to find entity/,
  },
  {
    name: 'search: filter on a field that is not searchable',
    given: datasetSearch({ field: 'shoeSize', value: '9', condition: 'EQUAL' }),
    want: /shoeSize/,
  },
  {
    name: 'search: unknown condition',
    given: datasetSearch({ field: 'origin', value: 'PROD', condition: 'LIKE' }),
    want: /condition/,
  },
  {
    name: 'browse: missing path',
    given: { method: 'POST', path: '/entities?action=browse', body: { entity: 'dataset', start: 0, limit: 10 } },
    want: /body: missing required property 'path'/,
  },
  {
    name: 'autocomplete: limit of the wrong type',
    given: {
      method: 'POST',
      path: '/entities?action=autocomplete',
      body: { query: 'a', entity: 'dataset', limit: '5' },
    },
    want: /body\.limit: must be integer/,
  },
];

describe.each([
  ['write', writes],
  ['read', reads],
] as const)('bad input on %s endpoints', (_kind, cases) => {
  it.each(cases)('$name', async ({ given, want }) => {
    const before = await digest(server);
    const reply = await call(server, given.method, given.path, {
      ...(given.body !== undefined ? { body: given.body } : {}),
      ...(given.raw !== undefined ? { raw: given.raw } : {}),
      ...(given.token !== undefined ? { token: given.token } : {}),
    });
    expect(reply.status, reply.text).toBeGreaterThanOrEqual(400);
    expect(reply.status, reply.text).toBeLessThan(500);
    expect(reply.json).toMatchObject({
      status: reply.status,
      exceptionClass: expect.stringContaining('RestLiServiceException'),
    });
    expect(reply.json.message).toMatch(want);
    expect(await digest(server)).toBe(before);
  });
});
