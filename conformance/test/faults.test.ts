/**
 * The faults themselves: each one, probed with a request that touches the behaviour it breaks,
 * answers differently from the fault-free rewriting proxy, which answers exactly as the mock does.
 * (Whether the conformance suite notices is broken-variants.test.ts's question.)
 */
import { describe, expect, it } from 'vitest';
import { createFaultyServer, FAULTS, faultNamed } from './faults.js';
import { resetMock, resettingMock } from './resetting-mock.js';

const USER = 'urn:svc:corpuser:datahub';
const CUSTOMERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.customers,PROD)';
const TEMP = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,faults.probe,PROD)';

interface Probe {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Raw body text, for malformed bodies. */
  text?: string;
}

/** Calls made first (through the same proxy) to set up the state the probe reads. */
interface Case {
  fault: string;
  setup?: Probe[];
  probe: Probe;
}

const ingestStatus = (removed: boolean): Probe => ({
  method: 'POST',
  path: '/aspects?action=ingestProposal',
  body: {
    proposal: {
      entityType: 'dataset',
      entityUrn: CUSTOMERS,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { value: JSON.stringify({ removed }), contentType: 'application/json' },
    },
  },
});
const search: Probe = {
  method: 'POST',
  path: '/api/gms/entities?action=search',
  body: { input: 'customers', entity: 'dataset', start: 0, count: 10 },
};
const timeseries: Probe = {
  method: 'POST',
  path: '/aspects?action=getTimeseriesAspectValues',
  body: {
    urn: CUSTOMERS,
    entity: 'dataset',
    aspect: 'datasetProfile',
    startTimeMillis: 0,
    endTimeMillis: 4_000_000_000_000,
  },
};
const tagsProposal = (changeType: 'UPSERT' | 'DELETE'): Probe => ({
  method: 'POST',
  path: '/aspects?action=ingestProposal',
  body: {
    proposal: {
      entityType: 'dataset',
      entityUrn: TEMP,
      changeType,
      aspectName: 'globalTags',
      aspect: { value: JSON.stringify({ tags: [] }), contentType: 'application/json' },
    },
  },
});

/** A status proposal for TEMP, with the proposal's fields or its aspect's replaced. */
const proposal = (change: { entityType?: string; contentType?: string }): Probe => ({
  method: 'POST',
  path: '/aspects?action=ingestProposal',
  body: {
    proposal: {
      entityType: change.entityType ?? 'dataset',
      entityUrn: TEMP,
      changeType: 'UPSERT',
      aspectName: 'status',
      aspect: { value: JSON.stringify({ removed: false }), contentType: change.contentType ?? 'application/json' },
    },
  },
});

const CASES: Case[] = [
  {
    fault: 'dry-run-defaults-to-false',
    probe: {
      method: 'POST',
      path: '/gms/operations?action=truncateTimeseriesAspect',
      body: { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 1 },
    },
  },
  { fault: 'graphql-get-accepted', probe: { method: 'GET', path: '/api/graphql?query=%7B__typename%7D' } },
  { fault: 'graphql-get-500', probe: { method: 'GET', path: '/api/graphql?query=%7B__typename%7D' } },
  { fault: 'soft-deleted-still-searchable', setup: [ingestStatus(true)], probe: search },
  {
    fault: 'versions-not-increasing',
    setup: [tagsProposal('UPSERT'), tagsProposal('UPSERT'), tagsProposal('UPSERT')],
    probe: { path: `/aspects/${encodeURIComponent(TEMP)}?aspect=globalTags&version=3` },
  },
  {
    fault: 'relationship-direction-swapped',
    probe: { path: `/relationships?urn=${encodeURIComponent(CUSTOMERS)}&direction=OUTGOING&types=OwnedBy` },
  },
  {
    fault: 'filter-start-with-ignored',
    probe: {
      method: 'POST',
      path: '/entities?action=search',
      body: {
        input: '*',
        entity: 'dataset',
        start: 0,
        count: 10,
        filter: { or: [{ and: [{ field: 'origin', value: 'PR', condition: 'START_WITH' }] }] },
      },
    },
  },
  { fault: 'index-sizes-empty', probe: { method: 'POST', path: '/gms/operations?action=getIndexSizes', body: {} } },
  {
    fault: 'graphql-extensions-missing',
    probe: { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' } },
  },
  { fault: 'timeseries-limit-ignored', probe: timeseries },
  { fault: 'timeseries-ascending', probe: timeseries },
  { fault: 'aggregations-missing', probe: search },
  {
    fault: 'task-status-wrong-key',
    setup: [],
    probe: { method: 'POST', path: '/gms/operations?action=getEsTaskStatus', body: { task: 'TASK' } },
  },
  {
    fault: 'unknown-task-without-error',
    probe: { method: 'POST', path: '/gms/operations?action=getEsTaskStatus', body: { task: 'nowhere:404' } },
  },
  {
    fault: 'relationships-without-entities',
    probe: { path: `/relationships?urn=${encodeURIComponent(USER)}&direction=INCOMING&types=OwnedBy` },
  },
  {
    fault: 'aspects-list-ignored',
    probe: { path: `/entitiesV2/${encodeURIComponent(CUSTOMERS)}?aspects=List(ownership)` },
  },
  {
    fault: 'proposal-delete-ignored',
    setup: [tagsProposal('UPSERT'), tagsProposal('DELETE')],
    probe: { path: `/entitiesV2/${encodeURIComponent(TEMP)}?aspects=List(globalTags)` },
  },
  {
    fault: 'autocomplete-limit-ignored',
    probe: { method: 'POST', path: '/entities?action=autocomplete', body: { query: 'a', entity: 'dataset', limit: 1 } },
  },
  {
    fault: 'browse-groups-missing',
    probe: {
      method: 'POST',
      path: '/entities?action=browse',
      body: { path: '/', entity: 'dataset', start: 0, limit: 10 },
    },
  },
  {
    fault: 'mutation-on-missing-entity-succeeds',
    probe: {
      method: 'POST',
      path: '/api/graphql',
      body: {
        query:
          'mutation { updateDescription(input: {description: "x", resourceUrn: "urn:svc:dataset:(urn:svc:dataPlatform:hive,no.such,PROD)", subResource: "id", subResourceType: DATASET_FIELD}) }',
      },
    },
  },
  { fault: 'malformed-body-500', probe: { method: 'POST', path: '/entities?action=search', text: '{"input": ' } },
  {
    fault: 'truncation-required-field-not-enforced',
    probe: {
      method: 'POST',
      path: '/gms/operations?action=truncateTimeseriesAspect',
      body: { entityType: 'dataset', aspect: 'datasetProfile' },
    },
  },
  { fault: 'proposal-content-type-ignored', probe: proposal({ contentType: 'application/xml' }) },
  { fault: 'proposal-entity-type-mismatch-accepted', probe: proposal({ entityType: 'chart' }) },
  {
    fault: 'restore-urn-like-ignored',
    probe: {
      method: 'POST',
      path: '/gms/operations?action=restoreIndices',
      body: { urnLike: 'urn:svc:dataset:(urn:svc:dataPlatform:hive,faults.nothing%', batchSize: 1 },
    },
  },
  {
    fault: 'huge-integer-500',
    probe: {
      method: 'POST',
      path: '/entities?action=search',
      text: '{"input":"x","entity":"dataset","start":0,"count":1e300}',
    },
  },
  {
    fault: 'malformed-urn-stored',
    probe: {
      ...proposal({}),
      body: { proposal: { ...(proposal({}).body as { proposal: object }).proposal, entityUrn: 'not-a-urn' } },
    },
  },
  {
    fault: 'deep-document-accepted',
    probe: {
      method: 'POST',
      path: '/entities?action=search',
      text: `{"input":"x","entity":"dataset","start":0,"count":1,"filter":${'['.repeat(1500)}${']'.repeat(1500)}}`,
    },
  },
];

/**
 * The response to a probe, its measured durations masked (restoreIndices reports `sendMessageMs=16` and
 * the like): two runs of the same request on the same state then answer the same text.
 */
async function call(base: string, probe: Probe): Promise<{ status: number; body: string }> {
  const res = await fetch(base + probe.path, {
    method: probe.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: 'Bearer admin-token' },
    ...(probe.text !== undefined
      ? { body: probe.text }
      : probe.body !== undefined
        ? { body: JSON.stringify(probe.body) }
        : {}),
  });
  return { status: res.status, body: (await res.text()).replace(/\b(\w+Ms)=\d+/g, '$1=<ms>') };
}

/** Starts a real truncation through `base` so that `TASK` in a probe can name a task that exists. */
async function withTask(base: string, probe: Probe): Promise<Probe> {
  if (!JSON.stringify(probe.body ?? '').includes('TASK')) return probe;
  const started = await call(base, {
    method: 'POST',
    path: '/gms/operations?action=truncateTimeseriesAspect',
    body: { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 1, dryRun: false },
  });
  const task = (JSON.parse(started.body) as { value: string }).value;
  return { ...probe, body: { task } };
}

describe('faults of the rewriting proxy', () => {
  const mock = resettingMock();

  it('every fault has a probe', () => {
    expect(CASES.map((c) => c.fault).sort()).toEqual(FAULTS.map((f) => f.name).sort());
  });

  it.each(CASES)('$fault changes what the probe sees', async ({ fault, setup = [], probe }) => {
    const responses = [];
    for (const variant of [undefined, faultNamed(fault)]) {
      await resetMock(mock());
      const server = await createFaultyServer(mock().url, variant);
      try {
        for (const step of setup) expect((await call(server.url, step)).status).toBeLessThan(300);
        const actual = await withTask(server.url, probe);
        const viaProxy = await call(server.url, actual);
        if (!variant) expect(viaProxy).toEqual(await call(mock().url, actual));
        responses.push(viaProxy);
      } finally {
        await server.close();
      }
    }
    expect(responses[1]).not.toEqual(responses[0]);
  });
});
