/**
 * The searches an asset page runs over related entities, in the shapes the web app sends them (v1.3.0.1's
 * dataset and data product pages): `Dataset.siblingsSearch` (SiblingsSearchResolver: a scroll over the entities
 * whose siblings aspect names the dataset) and `listDataProductAssets` (ListDataProductAssetsResolver: a search over
 * a data product's assets); and the catalog fields the ML types and assertions share with other assets
 * (dataPlatformInstance), and a version's audit stamps (VersionPropertiesMapper).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, graphql, ingest, startServer } from '../graphql-harness.js';

const SIBLINGS = `query getDatasetSiblings($urn: String!) {
  dataset(urn: $urn) {
    urn
    siblingsSearch(input: { query: "*", count: 5 }) { count total nextScrollId searchResults { entity { urn type } } }
  }
}`;
const PRODUCT_ASSETS = `query listDataProductAssets($urn: String!, $input: SearchAcrossEntitiesInput!) {
  listDataProductAssets(urn: $urn, input: $input) { start count total searchResults { entity { urn type } } }
}`;

describe.each(['svc', 'li'] as const)('asset searches (namespace %s)', (ns) => {
  const dataset = (name: string, platform = 'hive') =>
    `urn:${ns}:dataset:(urn:${ns}:dataPlatform:${platform},${name},PROD)`;
  const HIVE = dataset('shop.orders');
  const DBT = dataset('shop.orders', 'dbt');
  const ONE_SIDED = dataset('shop.returns', 'dbt');
  const ALONE = dataset('shop.customers');
  const PRODUCT = `urn:${ns}:dataProduct:orders-product`;
  const MODEL = `urn:${ns}:mlModel:(urn:${ns}:dataPlatform:mlflow,churn,PROD)`;
  const INSTANCE = `urn:${ns}:dataPlatformInstance:(urn:${ns}:dataPlatform:mlflow,eu)`;
  const USER = `urn:${ns}:corpuser:datahub`;
  let server: MockServer;

  beforeAll(async () => {
    server = await startServer({ namespace: ns, indexLagMs: 0 });
    for (const urn of [HIVE, DBT, ONE_SIDED, ALONE]) await ingest(server, urn, 'status', { removed: false }, ADMIN);
    // The two sides of a sibling pair, and a dataset that names HIVE without being named back.
    await ingest(server, HIVE, 'siblings', { siblings: [DBT, ONE_SIDED], primary: true }, ADMIN);
    await ingest(server, DBT, 'siblings', { siblings: [HIVE], primary: false }, ADMIN);
    await ingest(server, ONE_SIDED, 'siblings', { siblings: [ALONE], primary: false }, ADMIN);
    await ingest(
      server,
      PRODUCT,
      'dataProductProperties',
      { name: 'Orders', assets: [{ destinationUrn: HIVE, created: { time: 1, actor: USER } }] },
      ADMIN,
    );
    await ingest(
      server,
      MODEL,
      'versionProperties',
      {
        versionSet: `urn:${ns}:versionSet:(churn,mlModel)`,
        version: { versionTag: 'v2' },
        sortId: 'AAAAAAAB',
        metadataCreatedTimestamp: { time: 1700000000000, actor: USER },
        sourceCreatedTimestamp: { time: 1690000000000, actor: USER },
      },
      ADMIN,
    );
    await ingest(
      server,
      MODEL,
      'dataPlatformInstance',
      { platform: `urn:${ns}:dataPlatform:mlflow`, instance: INSTANCE },
      ADMIN,
    );
  });
  afterAll(() => server.close());

  it("siblingsSearch finds the dataset's siblings that name it back, and none for a dataset without", async () => {
    const reply = await graphql(server, { query: SIBLINGS, variables: { urn: HIVE } });
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data.dataset.siblingsSearch).toEqual({
      count: 1,
      total: 1,
      nextScrollId: null,
      searchResults: [{ entity: { urn: DBT, type: 'DATASET' } }],
    });
    const none = await graphql(server, { query: SIBLINGS, variables: { urn: ALONE } });
    expect(none.json.data.dataset.siblingsSearch).toMatchObject({ count: 0, total: 0, searchResults: [] });
    // Without siblings there is nothing to find, and the arguments are checked all the same.
    const badCount = await graphql(server, {
      query: SIBLINGS.replace('count: 5', 'count: -1'),
      variables: { urn: ALONE },
    });
    expect(badCount.json.errors[0]).toMatchObject({ extensions: { code: 400, type: 'BAD_REQUEST' } });
    expect(badCount.json.errors[0].message).toContain('input.count');
    const badScroll = await graphql(server, {
      query: SIBLINGS.replace('count: 5', 'count: 5, scrollId: "nope"'),
      variables: { urn: ALONE },
    });
    expect(badScroll.json.errors[0].message).toContain('input.scrollId');
  });

  it('listDataProductAssets searches the product assets only, and names urn for another type', async () => {
    const reply = await graphql(server, {
      query: PRODUCT_ASSETS,
      variables: { urn: PRODUCT, input: { query: '*', start: 0, count: 10 } },
    });
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data.listDataProductAssets).toMatchObject({
      total: 1,
      searchResults: [{ entity: { urn: HIVE, type: 'DATASET' } }],
    });
    const wrong = await graphql(server, { query: PRODUCT_ASSETS, variables: { urn: HIVE, input: { query: '*' } } });
    expect(wrong.json.errors[0]).toMatchObject({ extensions: { code: 400, type: 'BAD_REQUEST' } });
    expect(wrong.json.errors[0].message).toContain('urn');
  });

  it("a version's created stamps are its metadata and source creation stamps", async () => {
    const reply = await graphql(server, {
      query: `query getMLModel($urn: String!) { mlModel(urn: $urn) { versionProperties {
        version { versionTag } created { time actor { urn } } createdInSource { time } } } }`,
      variables: { urn: MODEL },
    });
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data.mlModel.versionProperties).toEqual({
      version: { versionTag: 'v2' },
      created: { time: 1700000000000, actor: { urn: USER } },
      createdInSource: { time: 1690000000000 },
    });
  });

  it('an ML model answers its platform instance from its dataPlatformInstance aspect', async () => {
    const reply = await graphql(server, {
      query: `query getMLModel($urn: String!) { mlModel(urn: $urn) { urn dataPlatformInstance { urn } structuredProperties { properties { associatedUrn } } } }`,
      variables: { urn: MODEL },
    });
    expect(reply.json.errors).toBeUndefined();
    expect(reply.json.data.mlModel).toEqual({
      urn: MODEL,
      dataPlatformInstance: { urn: INSTANCE },
      structuredProperties: null,
    });
  });
});
