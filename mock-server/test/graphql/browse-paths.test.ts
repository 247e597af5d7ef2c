/**
 * `browse` as upstream answers it when an entity has several browse paths: the entity is listed at each of its paths
 * (upstream's smoke-test/tests/browse/browse_test.py::test_get_browse_paths at v1.3.0.1, with its data.json: three
 * kafka datasets, two under /prod/kafka1 and /prod/kafka2, one under /prod and /prod/kafka1), the folders as
 * metadata-io/.../search/elasticsearch/query/ESBrowseDAO.java (v1.3.0.1) computes them, in both namespaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { graphql, ingest, startServer } from '../graphql-harness.js';

const BROWSE = `query browse($input: BrowseInput!) {
  browse(input: $input) { total entities { urn } groups { name count } metadata { path totalNumEntities } }
}`;

describe.each(['svc', 'li'] as const)('browse with several paths per entity (namespace %s)', (namespace) => {
  const dataset = (name: string) => `urn:${namespace}:dataset:(urn:${namespace}:dataPlatform:kafka,${name},PROD)`;
  const ONE = dataset('test-browse-1');
  const TWO = dataset('test-browse-2');
  const THREE = dataset('test-browse-3');
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace });
    for (const [urn, paths] of [
      [ONE, ['/prod/kafka1', '/prod/kafka2']],
      [TWO, ['/prod/kafka1', '/prod/kafka2']],
      [THREE, ['/prod', '/prod/kafka1']],
    ] as const) {
      await ingest(server, urn, 'browsePaths', { paths });
      await ingest(server, urn, 'datasetProperties', { customProperties: { prop1: 'fakeprop' }, tags: [] });
    }
  });
  afterAll(() => server.close());

  const browse = async (path: string[], start: number, count: number) => {
    const reply = await graphql(server, {
      query: BROWSE,
      variables: { input: { type: 'DATASET', path, start, count } },
    });
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data.browse;
  };

  it('lists at /prod the one entity whose path is /prod, and the two folders below it', async () => {
    expect(await browse(['prod'], 0, 100)).toEqual({
      total: 1,
      entities: [{ urn: THREE }],
      groups: [
        { name: 'kafka1', count: 3 },
        { name: 'kafka2', count: 2 },
      ],
      metadata: { path: ['prod'], totalNumEntities: 3 },
    });
  });

  it('lists an entity under each of its paths: /prod/kafka1 and /prod/kafka2', async () => {
    expect(await browse(['prod', 'kafka1'], 0, 10)).toEqual({
      total: 3,
      entities: [{ urn: ONE }, { urn: TWO }, { urn: THREE }],
      groups: [],
      metadata: { path: ['prod', 'kafka1'], totalNumEntities: 0 },
    });
    expect(await browse(['prod', 'kafka2'], 0, 10)).toEqual({
      total: 2,
      entities: [{ urn: ONE }, { urn: TWO }],
      groups: [],
      metadata: { path: ['prod', 'kafka2'], totalNumEntities: 0 },
    });
  });

  it('pages groups first, then the entities (ESBrowseDAO.browse)', async () => {
    const first = await browse(['prod'], 0, 2);
    expect(first.groups.map((g: { name: string }) => g.name)).toEqual(['kafka1', 'kafka2']);
    expect(first.entities).toEqual([]);
    const second = await browse(['prod'], 2, 2);
    expect(second.groups).toEqual([]);
    expect(second.entities).toEqual([{ urn: THREE }]);
  });

  it('has no entity at the root, one group for every path', async () => {
    expect(await browse([], 0, 10)).toEqual({
      total: 0,
      entities: [],
      groups: [{ name: 'prod', count: 3 }],
      metadata: { path: [], totalNumEntities: 3 },
    });
  });
});
