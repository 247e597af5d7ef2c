/**
 * browseV2 in the shape the web app's browse sidebar sends it (its browseV2 document at v1.3.0.1), over entities
 * written through the API, in both namespaces: the groups below a path, by count then name, each with its count,
 * whether it goes deeper and its entity. Paths are the stored browsePathsV2 aspect or upstream's default
 * (metadata-io/.../search/utils/BrowsePathV2Utils.java getDefaultBrowsePathV2, v1.3.0.1): the container chain, the
 * dataset name less its last part split at the platform's delimiter, a job's flow, else `Default`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const BROWSE_V2 = `query getBrowseResultsV2($input: BrowseV2Input!) {
  browseV2(input: $input) {
    groups { name count hasSubGroups entity { urn type ... on Container { properties { name } } } }
    start count total
    metadata { path totalNumEntities }
  }
}`;

interface Group {
  name: string;
  count: number;
  hasSubGroups: boolean;
  entity: { urn: string; type: string } | null;
}

describe.each(['svc', 'li'] as const)('browseV2 (namespace %s)', (ns) => {
  const dataset = (platform: string, name: string) =>
    `urn:${ns}:dataset:(urn:${ns}:dataPlatform:${platform},${name},PROD)`;
  const WAREHOUSE = `urn:${ns}:container:warehouse`;
  const SCHEMA = `urn:${ns}:container:mart`;
  const FLOW = `urn:${ns}:dataFlow:(airflow,etl,prod)`;
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace: ns, indexLagMs: 0 });
    for (const name of ['db.sales.orders', 'db.sales.customers', 'db.hr.staff', 'flat'])
      await ingest(server, dataset('hive', name), 'status', { removed: false }, ADMIN);
    await ingest(server, WAREHOUSE, 'containerProperties', { name: 'Warehouse' }, ADMIN);
    await ingest(server, SCHEMA, 'containerProperties', { name: 'Mart' }, ADMIN);
    await ingest(server, SCHEMA, 'container', { container: WAREHOUSE }, ADMIN);
    await ingest(server, dataset('snowflake', 'analytics.mart.revenue'), 'container', { container: SCHEMA }, ADMIN);
    await ingest(
      server,
      dataset('kafka', 'events'),
      'browsePathsV2',
      { path: [{ id: 'prod' }, { id: 'kafka' }] },
      ADMIN,
    );
    await ingest(
      server,
      `urn:${ns}:dataPlatform:s3`,
      'dataPlatformInfo',
      { name: 's3', type: 'FILE_SYSTEM', datasetNameDelimiter: '/' },
      ADMIN,
    );
    await ingest(server, dataset('s3', 'bucket/logs/day.json'), 'status', { removed: false }, ADMIN);
    await ingest(server, `urn:${ns}:dataJob:(${FLOW},load)`, 'status', { removed: false }, ADMIN);
  });
  afterAll(() => server.close());

  const browse = async (input: Record<string, unknown>) => {
    const reply = await graphql(server, { query: BROWSE_V2, variables: { input } });
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data.browseV2 as {
      groups: Group[];
      start: number;
      count: number;
      total: number;
      metadata: { path: string[]; totalNumEntities: number };
    };
  };
  const shown = (groups: Group[]) => groups.map((g) => `${g.name}:${g.count}${g.hasSubGroups ? '+' : ''}`);

  it('groups the datasets at the root by the first entry of their paths, by count then name', async () => {
    const root = await browse({ type: 'DATASET', path: [], start: 0, count: 20, orFilters: [], query: '*' });
    expect(shown(root.groups)).toEqual(['db:3+', 'Default:1', 'bucket:1+', 'prod:1+', `${WAREHOUSE}:1+`]);
    expect(root).toMatchObject({ start: 0, count: 20, total: 5, metadata: { path: [], totalNumEntities: 7 } });
    expect(root.groups[4]?.entity).toEqual({ urn: WAREHOUSE, type: 'CONTAINER', properties: { name: 'Warehouse' } });
    expect(root.groups[0]?.entity).toBeNull();
  });

  it('lists the next entries below a path: name folders, the container chain, a stored path', async () => {
    const db = await browse({ type: 'DATASET', path: ['db'] });
    expect(shown(db.groups)).toEqual(['sales:2', 'hr:1']);
    expect(db.metadata).toEqual({ path: ['db'], totalNumEntities: 3 });
    const warehouse = await browse({ types: ['DATASET'], path: [WAREHOUSE] });
    expect(shown(warehouse.groups)).toEqual([`${SCHEMA}:1`]);
    expect(warehouse.groups[0]?.entity).toMatchObject({ urn: SCHEMA, properties: { name: 'Mart' } });
    expect(shown((await browse({ types: ['DATASET'], path: ['prod'] })).groups)).toEqual(['kafka:1']);
    expect(shown((await browse({ types: ['DATASET'], path: ['bucket'] })).groups)).toEqual(['logs:1']);
    expect((await browse({ types: ['DATASET'], path: ['db', 'sales'] })).metadata.totalNumEntities).toBe(0);
  });

  it('browses every browsable type when none is given: containers in Default, a job under its flow', async () => {
    const root = await browse({ path: [] });
    expect(shown(root.groups)).toEqual(['Default:3', 'db:3+', 'bucket:1+', 'prod:1+', `${WAREHOUSE}:1+`, `${FLOW}:1`]);
    expect(root.groups[5]?.entity).toEqual({ urn: FLOW, type: 'DATA_FLOW' });
  });

  it('narrows the entities by query, filters and types; pages the groups', async () => {
    expect(shown((await browse({ type: 'DATASET', path: ['db'], query: 'orders' })).groups)).toEqual(['sales:1']);
    const hive = await browse({
      types: ['DATASET'],
      path: [],
      orFilters: [{ and: [{ field: 'platform', values: [`urn:${ns}:dataPlatform:hive`] }] }],
    });
    expect(shown(hive.groups)).toEqual(['db:3+', 'Default:1']);
    const page = await browse({ type: 'DATASET', path: [], start: 1, count: 2 });
    expect(shown(page.groups)).toEqual(['Default:1', 'bucket:1+']);
    expect(page.total).toBe(5);
    expect((await browse({ types: ['CHART'], path: [] })).groups).toEqual([]);
  });

  it('browsePathV2 of an entity: its stored path, or the default with the containers and flow it names', async () => {
    const PATH = `query paths($urns: [String!]!) {
      entities(urns: $urns) {
        urn
        ... on Dataset { browsePathV2 { path { name entity { urn type } } } }
        ... on DataJob { browsePathV2 { path { name entity { urn type } } } }
        ... on Container { browsePathV2 { path { name entity { urn } } } }
      }
    }`;
    const urns = [
      dataset('hive', 'db.sales.orders'),
      dataset('snowflake', 'analytics.mart.revenue'),
      dataset('kafka', 'events'),
      `urn:${ns}:dataJob:(${FLOW},load)`,
      WAREHOUSE,
    ];
    const reply = await graphql(server, { query: PATH, variables: { urns } });
    expect(reply.json.errors).toBeUndefined();
    const paths = reply.json.data.entities.map((e: { browsePathV2: { path: unknown[] } }) => e.browsePathV2.path);
    expect(paths).toEqual([
      [
        { name: 'db', entity: null },
        { name: 'sales', entity: null },
      ],
      [
        { name: WAREHOUSE, entity: { urn: WAREHOUSE, type: 'CONTAINER' } },
        { name: SCHEMA, entity: { urn: SCHEMA, type: 'CONTAINER' } },
      ],
      [
        { name: 'prod', entity: null },
        { name: 'kafka', entity: null },
      ],
      [{ name: FLOW, entity: { urn: FLOW, type: 'DATA_FLOW' } }],
      [{ name: 'Default', entity: null }],
    ]);
  });

  it('a type the schema does not serve is a BAD_REQUEST naming the input', async () => {
    const reply = await graphql(server, { query: BROWSE_V2, variables: { input: { types: ['NOTEBOOK'], path: [] } } });
    expect(reply.json.errors[0].message).toMatch(/^input\.types: entity type NOTEBOOK/);
  });
});
