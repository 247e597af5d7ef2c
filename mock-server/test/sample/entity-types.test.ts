/**
 * The entity types of the sample beyond datasets, charts and dashboards, read through the REST API as a
 * frontend's home and search screens read them: containers, pipelines and tasks, ML assets, domains,
 * data products, applications, structured properties and posts, each with its aspects; where they sit
 * (containers, domains, browse paths, one dataset under two of them, as upstream's
 * smoke-test/tests/browse/browse_test.py at v1.3.0.1 lists an entity under each of its paths); and the
 * search facets the new data fills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, makeUrn, parseUrn, type Namespace } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, startServer } from '../http-harness.js';

describe.each<Namespace>(['svc', 'li'])("the sample's entity types over REST (namespace %s)", (ns) => {
  const contract = loadContract(ns);
  const urn = (entityType: string, ...parts: string[]) => makeUrn(contract.names.urnPrefix, entityType, parts);
  const platform = (name: string) => urn('dataPlatform', name);
  const dataset = (p: string, name: string, origin = 'PROD') => urn('dataset', platform(p), name, origin);
  const flow = (id: string) => urn('dataFlow', 'airflow', id, 'prod');
  const DAILY_REVENUE = dataset('snowflake', 'analytics.mart.daily_revenue');
  const ORDER_EVENTS = dataset('kafka', 'shop.order_events');
  const EXECUTIVE_REVENUE = urn('dashboard', 'looker', 'executive_revenue');
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ sample: true, namespace: ns, referenceDay: '2026-11-01' });
  });

  afterAll(() => server.close());

  /** The entity's latest aspects by name, read with GET /entitiesV2. */
  const aspects = async (entityUrn: string): Promise<Record<string, any>> => {
    const reply = await call(server, 'GET', `/entitiesV2/${encodeURIComponent(entityUrn)}`);
    expect(reply.status, entityUrn).toBe(200);
    return Object.fromEntries(
      Object.entries(reply.json.aspects as Record<string, { value: unknown }>).map(([k, v]) => [k, v.value]),
    );
  };

  it.each([
    {
      given: flow('shop_ingest'),
      want: ['dataFlowInfo', 'ownership', 'globalTags', 'domains', 'structuredProperties', 'browsePathsV2', 'status'],
    },
    {
      given: urn('dataJob', flow('marts_nightly'), 'build_daily_revenue'),
      want: ['dataJobInfo', 'dataJobInputOutput', 'ownership', 'browsePathsV2', 'status'],
    },
    { given: urn('domain', 'payments'), want: ['domainProperties', 'ownership'] },
    {
      given: urn('dataProduct', 'revenue-reporting'),
      want: ['dataProductProperties', 'domains', 'ownership', 'globalTags', 'glossaryTerms', 'status'],
    },
    {
      given: urn('application', 'finance-reporting'),
      want: ['applicationProperties', 'ownership', 'globalTags', 'glossaryTerms', 'domains', 'status'],
    },
    {
      given: urn('mlModelGroup', platform('mlflow'), 'churn_prediction', 'PROD'),
      want: ['mlModelGroupProperties', 'ownership', 'glossaryTerms', 'domains', 'browsePathsV2', 'status'],
    },
    {
      given: urn('mlModel', platform('mlflow'), 'churn_prediction_v2', 'PROD'),
      want: ['mlModelProperties', 'mlModelTrainingData', 'ownership', 'globalTags', 'glossaryTerms', 'domains'],
    },
    {
      given: urn('mlFeatureTable', platform('feast'), 'customer_features'),
      want: ['mlFeatureTableProperties', 'ownership', 'domains', 'browsePathsV2'],
    },
    { given: urn('mlFeature', 'customer_features', 'avg_order_value'), want: ['mlFeatureProperties', 'ownership'] },
    {
      given: urn('mlPrimaryKey', 'customer_features', 'customer_id'),
      want: ['mlPrimaryKeyProperties', 'ownership', 'glossaryTerms'],
    },
    { given: urn('structuredProperty', 'retail.governance.classification'), want: ['propertyDefinition', 'status'] },
    { given: urn('post', 'marts-warehouse-move'), want: ['postInfo'] },
    {
      given: urn('dataPlatformInstance', platform('snowflake'), 'northwind_prod'),
      want: ['dataPlatformInstanceProperties', 'ownership', 'status'],
    },
    {
      given: DAILY_REVENUE,
      want: [
        'container',
        'subTypes',
        'dataPlatformInstance',
        'browsePathsV2',
        'domains',
        'applications',
        'structuredProperties',
      ],
    },
  ])('reads $given with its aspects', async ({ given, want }) => {
    const read = await aspects(given);
    expect(want.filter((name) => !(name in read))).toEqual([]);
    expect(read[contract.entity(parseUrn(given).entityType)?.keyAspect ?? 'none']).toBeDefined();
  });

  it('places a mart in its schema, the schema in its database, and browses it under the account and both', async () => {
    const mart = await aspects(DAILY_REVENUE);
    const schemaUrn = mart.container.container as string;
    const schema = await aspects(schemaUrn);
    const databaseUrn = schema.container.container as string;
    const database = await aspects(databaseUrn);
    expect([schema.containerProperties.name, schema.subTypes.typeNames]).toEqual(['mart', ['Schema']]);
    expect([database.containerProperties.name, database.subTypes.typeNames]).toEqual(['analytics', ['Database']]);
    expect(database.container).toBeUndefined();
    const account = urn('dataPlatformInstance', platform('snowflake'), 'northwind_prod');
    expect(mart.dataPlatformInstance).toEqual({ platform: platform('snowflake'), instance: account });
    expect(mart.subTypes).toEqual({ typeNames: ['Table'] });
    expect(mart.browsePathsV2.path).toEqual([account, databaseUrn, schemaUrn].map((id) => ({ id, urn: id })));
    // A topic has no container: its folders are the parts of its name.
    expect((await aspects(ORDER_EVENTS)).browsePathsV2).toEqual({ path: [{ id: 'shop' }] });
  });

  it.each([
    {
      label: 'the assets of the Payments domain',
      given: { urn: urn('domain', 'payments'), direction: 'INCOMING', types: 'AssociatedWith' },
      want: [DAILY_REVENUE, EXECUTIVE_REVENUE, urn('chart', 'looker', 'revenue_by_day'), flow('marts_nightly')],
    },
    {
      label: 'the parent of the Payments domain',
      given: { urn: urn('domain', 'payments'), direction: 'OUTGOING', types: 'IsPartOf' },
      want: [urn('domain', 'commerce')],
    },
    {
      label: 'the assets of the Revenue Reporting product',
      given: { urn: urn('dataProduct', 'revenue-reporting'), direction: 'OUTGOING', types: 'DataProductContains' },
      want: [DAILY_REVENUE, EXECUTIVE_REVENUE],
    },
    {
      label: 'what the daily revenue task writes',
      given: {
        urn: urn('dataJob', flow('marts_nightly'), 'build_daily_revenue'),
        direction: 'OUTGOING',
        types: 'Produces',
      },
      want: [DAILY_REVENUE],
    },
    {
      label: 'the features the churn model consumes',
      given: {
        urn: urn('mlModel', platform('mlflow'), 'churn_prediction_v2', 'PROD'),
        direction: 'OUTGOING',
        types: 'Consumes',
      },
      want: [urn('mlFeature', 'customer_features', 'avg_order_value')],
    },
  ])('relates $label', async ({ given, want }) => {
    const reply = await call(
      server,
      'GET',
      `/relationships?urn=${encodeURIComponent(given.urn)}&direction=${given.direction}&types=${given.types}&count=100`,
    );
    expect(reply.status).toBe(200);
    expect(reply.json.entities).toEqual(expect.arrayContaining(want));
  });

  it('lists the mirrored topic under each of its browse paths', async () => {
    const browse = async (path: string) => {
      const reply = await call(server, 'POST', '/entities?action=browse', {
        body: { path, entity: 'dataset', start: 0, limit: 20 },
      });
      expect(reply.status).toBe(200);
      return reply.json.value as { entities: { urn: string }[]; metadata: { groups: { name: string }[] } };
    };
    expect((await browse('/prod/kafka')).metadata.groups.map((g) => g.name).sort()).toEqual(['eu-mirror', 'shop']);
    for (const path of ['/prod/kafka/shop', '/prod/kafka/eu-mirror/shop'])
      expect(
        (await browse(path)).entities.map((e) => e.urn),
        path,
      ).toContain(ORDER_EVENTS);
    expect((await aspects(ORDER_EVENTS)).browsePaths).toEqual({
      paths: ['/prod/kafka/shop/order_events', '/prod/kafka/eu-mirror/shop/order_events'],
    });
  });

  it('fills the facets of a dataset search: platform, domain, tags, terms, container, sub type, application', async () => {
    const reply = await call(server, 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 0 },
    });
    expect(reply.status).toBe(200);
    const facets = Object.fromEntries(
      (reply.json.value.metadata.searchResultMetadatas as { name: string; aggregations: Record<string, number> }[]).map(
        (m) => [m.name, m.aggregations],
      ),
    );
    // The 13 tables and views and the dbt model of clean.orders (history-and-quality.ts).
    expect(reply.json.value.numEntities).toBe(15);
    expect(facets.domains).toEqual({
      [urn('domain', 'commerce')]: 5,
      [urn('domain', 'payments')]: 5,
      [urn('domain', 'growth')]: 4,
    });
    expect(facets.platform).toEqual({
      [platform('dbt')]: 1,
      [platform('hive')]: 4,
      [platform('kafka')]: 2,
      [platform('looker')]: 1,
      [platform('postgres')]: 2,
      [platform('s3')]: 1,
      [platform('snowflake')]: 4,
    });
    expect(facets.applications).toEqual({
      [urn('application', 'storefront')]: 4,
      [urn('application', 'finance-reporting')]: 2,
    });
    expect(facets.typeNames).toEqual({ Table: 10, View: 1, Topic: 2, Explore: 1 });
    expect(Object.values(facets.container ?? {}).reduce((a, b) => a + b, 0)).toBe(11);
    expect(facets.tags?.[urn('tag', 'Tier1')]).toBeGreaterThan(0);
    expect(facets.glossaryTerms?.[urn('glossaryTerm', 'Commerce.Revenue')]).toBeGreaterThan(0);
  });

  it("finds the home page's posts by their type, as the app's home page filters them", async () => {
    const search = async (type: string) => {
      const reply = await call(server, 'POST', '/entities?action=search', {
        body: {
          input: '*',
          entity: 'post',
          start: 0,
          count: 10,
          filter: { or: [{ and: [{ field: 'type', value: type, condition: 'EQUAL' }] }] },
        },
      });
      expect(reply.status).toBe(200);
      return (reply.json.value.entities as string[]).sort();
    };
    expect(await search('HOME_PAGE_ANNOUNCEMENT')).toEqual(
      ['data-handbook', 'marts-warehouse-move', 'orders-v1-retired'].map((id) => urn('post', id)),
    );
    expect(await search('ENTITY_ANNOUNCEMENT')).toEqual([]);
  });

  it('counts the new types in the entity type facet of a search across entities', async () => {
    const reply = await graphql(server, {
      query: `{ searchAcrossEntities(input: {query: "*", count: 0}) { total facets { field aggregations { value count } } } }`,
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    const facets = reply.json.data.searchAcrossEntities.facets as {
      field: string;
      aggregations: { value: string; count: number }[];
    }[];
    const types = Object.fromEntries(
      (facets.find((f) => f.field === '_entityType')?.aggregations ?? []).map((a) => [a.value, a.count]),
    );
    expect({ CONTAINER: types.CONTAINER, DATA_FLOW: types.DATA_FLOW, DATA_JOB: types.DATA_JOB }).toEqual({
      CONTAINER: 10,
      DATA_FLOW: 3,
      DATA_JOB: 7,
    });
    const domains = facets.find((f) => f.field === 'domains')?.aggregations.map((a) => a.value) ?? [];
    expect(domains).toEqual(expect.arrayContaining([urn('domain', 'commerce'), urn('domain', 'data-science')]));
  });
});
