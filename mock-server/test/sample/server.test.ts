/** The sample catalog as a frontend sees it: loaded by the mock at start-up and served over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, makeUrn, parseUrn, type Namespace } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { sampleCatalog } from '../../sample/index.js';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, digest, startServer, withServer } from '../http-harness.js';

const DAY_MS = 86_400_000;
const REFERENCE_DAY = '2026-11-01';
const REFERENCE_TIME = Date.UTC(2026, 10, 1);

describe.each<Namespace>(['svc', 'li'])('the mock with its sample catalog (namespace %s)', (ns) => {
  const contract = loadContract(ns);
  const urn = (entityType: string, ...parts: string[]) => makeUrn(contract.names.urnPrefix, entityType, parts);
  const dataset = (platform: string, name: string) => urn('dataset', urn('dataPlatform', platform), name, 'PROD');
  const CLEAN_ORDERS = dataset('hive', 'clean.orders');
  const DAILY_REVENUE = dataset('snowflake', 'analytics.mart.daily_revenue');
  const LEGACY_ORDERS = dataset('hive', 'legacy.orders_v1');
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ sample: true, namespace: ns, referenceDay: REFERENCE_DAY });
  });

  afterAll(() => server.close());

  it('loads every sample aspect validated, none opaque or rejected', () => {
    expect(server.loaded).toEqual([
      {
        source: 'sample catalog',
        validated: sampleCatalog(contract, REFERENCE_TIME).length,
        opaque: 0,
        rejected: 0,
        skipped: [],
      },
    ]);
  });

  it('browses datasets by environment and platform', async () => {
    const reply = await call(server, 'POST', '/entities?action=browse', {
      body: { path: '/prod', entity: 'dataset', start: 0, limit: 20 },
    });
    expect(reply.status).toBe(200);
    const groups = (reply.json.value.metadata.groups as { name: string }[]).map((g) => g.name).sort();
    expect(groups).toEqual(['dbt', 'hive', 'kafka', 'looker', 'postgres', 's3', 'snowflake']);
  });

  it('hides the soft-deleted dataset from search but still reads it by URN', async () => {
    const search = await call(server, 'POST', '/entities?action=search', {
      body: { input: 'orders', entity: 'dataset', start: 0, count: 50 },
    });
    expect(search.status).toBe(200);
    expect(search.json.value.entities).toContain(CLEAN_ORDERS);
    expect(search.json.value.entities).not.toContain(LEGACY_ORDERS);
    const read = await call(server, 'GET', `/entitiesV2/${encodeURIComponent(LEGACY_ORDERS)}`);
    expect(read.status).toBe(200);
    expect(read.json.aspects.status.value).toEqual({ removed: true });
  });

  it.each([
    {
      label: 'the daily revenue mart',
      given: { urn: DAILY_REVENUE, direction: 'OUTGOING', types: 'DownstreamOf' },
      want: ['clean.orders', 'clean.payments'],
    },
    {
      label: 'the cleaned orders',
      given: { urn: CLEAN_ORDERS, direction: 'INCOMING', types: 'DownstreamOf' },
      want: [
        'analytics.mart.customer_lifetime_value',
        'analytics.mart.daily_revenue',
        'analytics.mart.funnel_conversion',
        'analytics_dev.mart.daily_revenue',
      ],
    },
  ])('follows lineage: $given.direction $given.types of $label', async ({ given, want }) => {
    const reply = await call(
      server,
      'GET',
      `/relationships?urn=${encodeURIComponent(given.urn)}&direction=${given.direction}&types=${given.types}`,
    );
    expect(reply.status).toBe(200);
    const names = (reply.json.entities as string[]).map((u) => parseUrn(u).parts[1]).sort();
    expect(names).toEqual(want);
  });

  it('stores the test results that evaluating the sample tests gives', async () => {
    const stored = sampleCatalog(contract, REFERENCE_TIME).filter((p) => p.aspectName === 'testResults');
    expect(stored.length).toBeGreaterThanOrEqual(12);
    const token = server.tokens.find((t) => t.role === 'admin')?.token;
    for (const p of stored) {
      const reply = await call(server, 'POST', '/test?action=evaluate', {
        body: { urn: p.entityUrn },
        ...(token ? { token } : {}),
      });
      expect(reply.status).toBe(200);
      expect(reply.json.value, p.entityUrn).toEqual(p.aspect);
    }
    expect(stored.some((p) => (p.aspect.failing as unknown[]).length > 0)).toBe(true);
  });

  it('serves 30 daily profiles of a dataset', async () => {
    const reply = await call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: {
        urn: DAILY_REVENUE,
        entity: 'dataset',
        aspect: 'datasetProfile',
        startTimeMillis: REFERENCE_TIME - 40 * DAY_MS,
        endTimeMillis: REFERENCE_TIME,
      },
    });
    expect(reply.status).toBe(200);
    const times = (reply.json.value.values as { aspect: { value: string } }[])
      .map((v) => (JSON.parse(v.aspect.value) as { timestampMillis: number }).timestampMillis)
      .sort();
    expect(times).toHaveLength(30);
    expect(times[29]).toBe(REFERENCE_TIME);
  });

  it("sorts datasets by their last load (the UI's Last Modified in Platform), those without operations after them", async () => {
    const sortCriteria = [{ field: 'lastOperationTime', order: 'DESCENDING' }];
    const reply = await call(server, 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 5, sortCriteria },
    });
    expect(reply.status).toBe(200);
    const loaded = [
      'clean.orders',
      'clean.customers',
      'analytics.mart.daily_revenue',
      'analytics.mart.customer_lifetime_value',
    ];
    expect((reply.json.value.entities as string[]).slice(0, 4).map((u) => parseUrn(u).parts[1])).toEqual(loaded);
    expect(loaded).not.toContain(parseUrn(reply.json.value.entities[4]).parts[1]);
  });
});

/**
 * The reference day: the sample's history ends on the day the mock starts unless the day is given,
 * so a frontend's month-long reads (the dataset page's statsSummary) find it on any day.
 */
describe("the sample's reference day", () => {
  const contract = loadContract('svc');
  const CLEAN_ORDERS = makeUrn(contract.names.urnPrefix, 'dataset', [
    makeUrn(contract.names.urnPrefix, 'dataPlatform', ['hive']),
    'clean.orders',
    'PROD',
  ]);
  const today = () => Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const lastProfile = async (server: MockServer): Promise<number> => {
    const reply = await call(server, 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: { urn: CLEAN_ORDERS, entity: 'dataset', aspect: 'datasetProfile', limit: 1 },
    });
    expect(reply.status).toBe(200);
    return (JSON.parse(reply.json.value.values[0].aspect.value) as { timestampMillis: number }).timestampMillis;
  };
  const summary = async (server: MockServer) => {
    const reply = await graphql(server, {
      query: `{ dataset(urn: "${CLEAN_ORDERS}") { statsSummary { queryCountLast30Days topUsersLast30Days { urn } } } }`,
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    return (
      reply.json as {
        data: { dataset: { statsSummary: { queryCountLast30Days: number | null; topUsersLast30Days: unknown[] } } };
      }
    ).data.dataset.statsSummary;
  };

  it("is the day the mock starts by default: the last month of usage is the sample's", async () => {
    const before = today();
    await withServer({ sample: true }, async (server) => {
      expect([before, today()]).toContain(await lastProfile(server));
      const stats = await summary(server);
      expect(stats.queryCountLast30Days).toBeGreaterThan(0);
      expect(stats.topUsersLast30Days).toHaveLength(5);
    });
  });

  it('given, the history ends on it, for the start-up state and the sample scenario alike', async () => {
    await withServer({ sample: true, referenceDay: '2025-01-01' }, async (server) => {
      expect(await lastProfile(server)).toBe(Date.UTC(2025, 0, 1));
      expect((await summary(server)).queryCountLast30Days).toBeNull();
      const started = await digest(server);
      expect((await call(server, 'POST', '/__mock/scenarios/sample')).status).toBe(200);
      expect(await lastProfile(server)).toBe(Date.UTC(2025, 0, 1));
      expect(await digest(server)).toBe(started);
    });
  });

  it('not a day of the calendar, stops the mock before it starts, naming the option', async () => {
    await expect(startServer({ referenceDay: '2025-13-01' })).rejects.toThrow("referenceDay '2025-13-01'");
  });
});
