/**
 * The screens of a catalog frontend over GraphQL, against the sample catalog and through HTTP:
 * search with facets, autocomplete, browse, entity pages, lineage and edits of tags, terms, owners
 * and links, each checked against the metadata-store API's response for the same store. Upstream
 * sources: SearchAcrossEntitiesResolver and UrnSearchResultsMapper (facets), BrowseResolver and
 * BrowseResultMapper, ContainerEntitiesResolver, ParentContainersResolver, GlossaryTermUtils,
 * EntityLineageResultResolver with LineageRegistry, AddTagResolver / RemoveTagResolver over LabelUtils
 * (datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/resolvers/mutate/util/LabelUtils.java),
 * AddOwnerResolver over OwnerUtils, AddLinkResolver over LinkUtils.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot, specFiles } from '../../../spec/index.js';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, call, digest, graphql, ingest, startServer } from '../graphql-harness.js';

const hive = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,${name},PROD)`;
const snowflake = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:snowflake,${name},PROD)`;
const CLEAN_ORDERS = hive('clean.orders');
const DAILY_REVENUE = snowflake('analytics.mart.daily_revenue');
const LEGACY_ORDERS = hive('legacy.orders_v1');
const MISSING = hive('db.missing');
const DATAHUB = 'urn:svc:corpuser:datahub';

let server: MockServer;
beforeAll(async () => {
  server = await startServer({ sample: true });
});
afterAll(() => server.close());

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const reply = await graphql(server, { query, variables, ...(token ? { token } : {}) });
  expect(reply.status).toBe(200);
  return reply.json;
}
async function data(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const json = await gql(query, variables, token);
  expect(json.errors).toBeUndefined();
  return json.data;
}
/** The REST search, full text as GraphQL's searches are (the last word a prefix too), to compare their totals. */
const restSearch = async (entity: string, input: string, count = 100): Promise<{ total: number; urns: string[] }> => {
  const body = { input, entity, start: 0, count, fulltext: true };
  const reply = await call(server, 'POST', '/entities?action=search', { body });
  return { total: reply.json.value.numEntities, urns: reply.json.value.entities };
};
const aspects = async (urn: string) =>
  (await call(server, 'GET', `/entitiesV2/${encodeURIComponent(urn)}`)).json.aspects;

const SEARCH = `query search($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { start count total searchResults { entity { urn type } matchedFields { name value } } facets { field displayName aggregations { value count } } }
}`;
const searchAcross = async (input: Record<string, unknown>) => (await data(SEARCH, { input })).searchAcrossEntities;

describe('a tag added through GraphQL, and removed', () => {
  const ADD = 'mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }';
  const REMOVE = 'mutation removeTag($input: TagAssociationInput!) { removeTag(input: $input) }';
  const TAG = 'urn:svc:tag:Gold';

  it('is found by REST search, by GraphQL search and on the entity page, then by none', async () => {
    await ingest(server, TAG, 'tagProperties', { name: 'Gold' });
    expect((await restSearch('dataset', 'tags:Gold')).urns).toEqual([]);
    expect(await data(ADD, { input: { tagUrn: TAG, resourceUrn: CLEAN_ORDERS } }, ADMIN)).toEqual({ addTag: true });

    expect((await restSearch('dataset', 'tags:Gold')).urns).toEqual([CLEAN_ORDERS]);
    const found = await searchAcross({ types: ['DATASET'], query: 'tags:Gold' });
    expect(found.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([CLEAN_ORDERS]);
    const page = await data(
      `{ dataset(urn: "${CLEAN_ORDERS}") { tags { tags { tag { urn properties { name } } } } } }`,
    );
    expect(page.dataset.tags.tags.map((t: { tag: { urn: string } }) => t.tag.urn)).toContain(TAG);
    // LabelUtils.buildAddTagsToEntityProposal writes the entity's globalTags aspect.
    expect((await aspects(CLEAN_ORDERS)).globalTags.value.tags).toContainEqual({ tag: TAG });

    expect(await data(REMOVE, { input: { tagUrn: TAG, resourceUrn: CLEAN_ORDERS } }, ADMIN)).toEqual({
      removeTag: true,
    });
    expect((await restSearch('dataset', 'tags:Gold')).urns).toEqual([]);
    expect((await searchAcross({ types: ['DATASET'], query: 'tags:Gold' })).total).toBe(0);
    const after = await data(`{ dataset(urn: "${CLEAN_ORDERS}") { tags { tags { tag { urn } } } } }`);
    expect(after.dataset.tags.tags.map((t: { tag: { urn: string } }) => t.tag.urn)).not.toContain(TAG);
  });

  it('on a schema field writes editableSchemaMetadata, never the ingested schema', async () => {
    const before = (await aspects(CLEAN_ORDERS)).schemaMetadata.value;
    const input = { tagUrn: TAG, resourceUrn: CLEAN_ORDERS, subResourceType: 'DATASET_FIELD', subResource: 'order_id' };
    expect(await data(ADD, { input }, ADMIN)).toEqual({ addTag: true });
    const after = await aspects(CLEAN_ORDERS);
    expect(after.schemaMetadata.value).toEqual(before);
    const info = after.editableSchemaMetadata.value.editableSchemaFieldInfo.find(
      (i: { fieldPath: string }) => i.fieldPath === 'order_id',
    );
    expect(info.globalTags).toEqual({ tags: [{ tag: TAG }] });
    expect(after.editableSchemaMetadata.value.lastModified.actor).toBe(DATAHUB);
    const page = await data(
      `{ dataset(urn: "${CLEAN_ORDERS}") { editableSchemaMetadata { editableSchemaFieldInfo { fieldPath tags { tags { tag { urn } } } } } } }`,
    );
    expect(page.dataset.editableSchemaMetadata.editableSchemaFieldInfo).toContainEqual({
      fieldPath: 'order_id',
      tags: { tags: [{ tag: { urn: TAG } }] },
    });
    expect(await data(REMOVE, { input }, ADMIN)).toEqual({ removeTag: true });
  });

  it.each([
    [
      'a missing entity',
      { tagUrn: TAG, resourceUrn: MISSING },
      `Failed to update resource with urn ${MISSING}. Entity does not exist.`,
    ],
    [
      'a missing tag',
      { tagUrn: 'urn:svc:tag:Nope', resourceUrn: CLEAN_ORDERS },
      'Failed to validate label with urn urn:svc:tag:Nope. Urn does not exist.',
    ],
    [
      'a term as the tag',
      { tagUrn: 'urn:svc:glossaryTerm:Revenue', resourceUrn: CLEAN_ORDERS },
      'Failed to validate label with urn urn:svc:glossaryTerm:Revenue. Urn type does not match entity type tag..',
    ],
    [
      'a field not in the schema',
      { tagUrn: TAG, resourceUrn: CLEAN_ORDERS, subResourceType: 'DATASET_FIELD', subResource: 'nope' },
      `Failed to update ${CLEAN_ORDERS} & field nope. Field nope does not exist in the datasets schema.`,
    ],
    [
      'a sub-resource without its type',
      { tagUrn: TAG, resourceUrn: CLEAN_ORDERS, subResource: 'order_id' },
      `Failed to updates resource with urn ${CLEAN_ORDERS}. SubResource (order_id) provided without a subResourceType.`,
    ],
  ])('%s is upstream BAD_REQUEST and writes nothing', async (_name, input, message) => {
    const before = await digest(server);
    const json = await gql(ADD, { input }, ADMIN);
    expect(json.data).toEqual({ addTag: null });
    expect(json.errors).toMatchObject([{ message, path: ['addTag'], extensions: { code: 400, type: 'BAD_REQUEST' } }]);
    expect(await digest(server)).toBe(before);
  });

  it.each(['addTag', 'removeTag'])(
    '%s with a reader token is UNAUTHORIZED, even for a missing entity',
    async (name) => {
      const json = await gql(`mutation { ${name}(input: {tagUrn: "${TAG}", resourceUrn: "${MISSING}"}) }`, {}, READER);
      expect(json.errors).toMatchObject([
        {
          message: 'Unauthorized to perform this action. Please contact your DataHub administrator.',
          extensions: { code: 403, type: 'UNAUTHORIZED' },
        },
      ]);
    },
  );
});

describe('batch edits, terms, owners and links', () => {
  it('batchAddTags and batchRemoveTags change every resource in one go', async () => {
    const resources = [{ resourceUrn: CLEAN_ORDERS }, { resourceUrn: DAILY_REVENUE }];
    await data('mutation { createTag(input: {id: "Batch", name: "Batch"}) }', {}, ADMIN);
    await data(
      'mutation b($input: BatchAddTagsInput!) { batchAddTags(input: $input) }',
      { input: { tagUrns: ['urn:svc:tag:Batch'], resources } },
      ADMIN,
    );
    expect((await restSearch('dataset', 'tags:Batch')).urns.sort()).toEqual([CLEAN_ORDERS, DAILY_REVENUE].sort());
    await data(
      'mutation b($input: BatchRemoveTagsInput!) { batchRemoveTags(input: $input) }',
      { input: { tagUrns: ['urn:svc:tag:Batch'], resources } },
      ADMIN,
    );
    expect((await restSearch('dataset', 'tags:Batch')).urns).toEqual([]);
  });

  it('addTerm writes glossaryTerms with the token user in its audit stamp', async () => {
    const term = 'urn:svc:glossaryTerm:Classification.Confidential';
    await ingest(server, term, 'glossaryTermInfo', { definition: 'Not for outsiders.', termSource: 'INTERNAL' });
    await data(
      'mutation t($input: TermAssociationInput!) { addTerm(input: $input) }',
      { input: { termUrn: term, resourceUrn: DAILY_REVENUE } },
      ADMIN,
    );
    const stored = (await aspects(DAILY_REVENUE)).glossaryTerms.value;
    expect(stored.terms).toContainEqual({ urn: term });
    expect(stored.auditStamp.actor).toBe(DATAHUB);
    // GlossaryTermUtils.getGlossaryTermName: the name is the last part of the hierarchical name.
    const page = await data(`{ glossaryTerm(urn: "${term}") { name hierarchicalName properties { name } } }`);
    expect(page.glossaryTerm).toEqual({
      name: 'Confidential',
      hierarchicalName: 'Classification.Confidential',
      properties: { name: 'Confidential' },
    });
    await data(
      'mutation t($input: TermAssociationInput!) { removeTerm(input: $input) }',
      { input: { termUrn: term, resourceUrn: DAILY_REVENUE } },
      ADMIN,
    );
    expect((await aspects(DAILY_REVENUE)).glossaryTerms.value.terms).not.toContainEqual({ urn: term });
  });

  it('addOwner with a system ownership type, then removeOwner', async () => {
    const owner = 'urn:svc:corpuser:jdoe';
    await ingest(server, owner, 'corpUserInfo', { active: true, displayName: 'J. Doe' });
    const input = {
      ownerUrn: owner,
      ownerEntityType: 'CORP_USER',
      ownershipTypeUrn: 'urn:svc:ownershipType:__system__technical_owner',
      resourceUrn: CLEAN_ORDERS,
    };
    expect(await data('mutation o($input: AddOwnerInput!) { addOwner(input: $input) }', { input }, ADMIN)).toEqual({
      addOwner: true,
    });
    const ownership = (await aspects(CLEAN_ORDERS)).ownership.value;
    expect(ownership.owners).toContainEqual({
      owner,
      type: 'TECHNICAL_OWNER',
      typeUrn: input.ownershipTypeUrn,
      source: { type: 'MANUAL' },
    });
    expect(ownership.lastModified.actor).toBe(DATAHUB);
    const page = await data(
      `{ dataset(urn: "${CLEAN_ORDERS}") { ownership { owners { owner { ... on CorpUser { urn } } ownershipType { urn info { name } } } } } }`,
    );
    expect(page.dataset.ownership.owners).toContainEqual({
      owner: { urn: owner },
      ownershipType: { urn: input.ownershipTypeUrn, info: { name: 'Technical Owner' } },
    });
    await data(
      'mutation o($input: RemoveOwnerInput!) { removeOwner(input: $input) }',
      { input: { ownerUrn: owner, resourceUrn: CLEAN_ORDERS } },
      ADMIN,
    );
    expect((await aspects(CLEAN_ORDERS)).ownership.value.owners.map((o: { owner: string }) => o.owner)).not.toContain(
      owner,
    );
  });

  it('addOwner of a user given as a group is BAD_REQUEST', async () => {
    const json = await gql(
      `mutation { addOwner(input: {ownerUrn: "urn:svc:corpuser:jdoe", ownerEntityType: CORP_GROUP, resourceUrn: "${CLEAN_ORDERS}"}) }`,
      {},
      ADMIN,
    );
    expect(json.errors).toMatchObject([
      {
        message: 'Failed to change ownership for resource(s). Expected a corp group urn, found urn:svc:corpuser:jdoe.',
        extensions: { type: 'BAD_REQUEST' },
      },
    ]);
  });

  it('addLink and removeLink edit institutional memory', async () => {
    const url = 'https://wiki.example.com/orders-faq';
    await data(
      `mutation { addLink(input: {linkUrl: "${url}", label: "FAQ", resourceUrn: "${CLEAN_ORDERS}"}) }`,
      {},
      ADMIN,
    );
    const page = await data(
      `{ dataset(urn: "${CLEAN_ORDERS}") { institutionalMemory { elements { url label author { urn } } } } }`,
    );
    expect(page.dataset.institutionalMemory.elements).toContainEqual({ url, label: 'FAQ', author: { urn: DATAHUB } });
    await data(`mutation { removeLink(input: {linkUrl: "${url}", resourceUrn: "${CLEAN_ORDERS}"}) }`, {}, ADMIN);
    const after = await data(`{ dataset(urn: "${CLEAN_ORDERS}") { institutionalMemory { elements { url } } } }`);
    expect(after.dataset.institutionalMemory.elements).not.toContainEqual({ url });
  });

  it('updateName renames a dataset through its editable properties', async () => {
    await data(`mutation { updateName(input: {name: "Orders (clean)", urn: "${CLEAN_ORDERS}"}) }`, {}, ADMIN);
    expect(
      (await data(`{ dataset(urn: "${CLEAN_ORDERS}") { editableProperties { name } } }`)).dataset.editableProperties
        .name,
    ).toBe('Orders (clean)');
  });
});

describe('search, facets and soft deletion', () => {
  it('counts every facet value as the number of results its filter gives', async () => {
    const all = await searchAcross({ types: ['DATASET'], query: '*', count: 0 });
    expect(all.total).toBe((await restSearch('dataset', '*')).total);
    const facets = all.facets as { field: string; aggregations: { value: string; count: number }[] }[];
    expect(facets.map((f) => f.field)).toEqual(expect.arrayContaining(['platform', 'tags']));
    for (const facet of facets) {
      for (const { value, count } of facet.aggregations.slice(0, 3)) {
        const filtered = await searchAcross({
          types: ['DATASET'],
          query: '*',
          count: 0,
          orFilters: [{ and: [{ field: facet.field, values: [value] }] }],
        });
        expect(filtered.total, `${facet.field}=${value}`).toBe(count);
      }
    }
  });

  it("has upstream's _entityType facet: every type searched, its REST total, and a filter on it gives that many", async () => {
    // AggregationQueryBuilder (_entityType: a default facet, minDocCount 0, display name "Type"); MapperUtils.convertFilterValue (EntityType values).
    const types = ['DATASET', 'CHART', 'DASHBOARD', 'CONTAINER'];
    const all = await searchAcross({ types, query: 'orders', count: 0 });
    const facet = (
      all.facets as { field: string; displayName: string; aggregations: { value: string; count: number }[] }[]
    ).find((f) => f.field === '_entityType');
    expect(facet?.displayName).toBe('Type');
    expect(facet?.aggregations.map((a) => a.value).sort()).toEqual([...types].sort());
    expect(facet?.aggregations.reduce((sum, a) => sum + a.count, 0)).toBe(all.total);
    for (const { value, count } of facet?.aggregations ?? []) {
      expect(count, value).toBe((await restSearch(value.toLowerCase(), 'orders')).total);
      const only = await searchAcross({
        types,
        query: 'orders',
        count: 0,
        orFilters: [{ and: [{ field: '_entityType', values: [value] }] }],
      });
      expect(only.total, value).toBe(count);
      const others = await searchAcross({
        types,
        query: 'orders',
        count: 0,
        orFilters: [{ and: [{ field: '_entityType', values: [value], negated: true }] }],
      });
      expect(others.total, `not ${value}`).toBe(all.total - count);
    }
    expect(facet?.aggregations.some((a) => a.count === 0)).toBe(true);
  });

  it('pages with start and count over a total that does not change', async () => {
    const first = await searchAcross({ query: '*', start: 0, count: 4 });
    const second = await searchAcross({ query: '*', start: 4, count: 4 });
    expect(second.total).toBe(first.total);
    expect(first.count).toBe(4);
    const urns = [...first.searchResults, ...second.searchResults].map(
      (r: { entity: { urn: string } }) => r.entity.urn,
    );
    expect(new Set(urns).size).toBe(urns.length);
  });

  it('never shows a soft-deleted entity, as REST search does not', async () => {
    for (const query of ['*', 'orders_v1', 'legacy', 'tags:Legacy']) {
      const found = await searchAcross({ query, count: 100 });
      expect(found.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).not.toContain(LEGACY_ORDERS);
    }
    const one = await data(
      `{ search(input: {type: DATASET, query: "legacy", count: 50}) { total searchResults { entity { urn } } } }`,
    );
    expect(one.search.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).not.toContain(LEGACY_ORDERS);
    expect(one.search.total).toBe((await restSearch('dataset', 'legacy')).total);
  });

  it('a filter on an unknown field of one entity type is BAD_REQUEST naming it', async () => {
    const json = await gql(
      '{ search(input: {type: TAG, query: "*", orFilters: [{and: [{field: "nope", values: ["x"]}]}]}) { total } }',
    );
    expect(json.errors[0]).toMatchObject({ extensions: { type: 'BAD_REQUEST' } });
    expect(json.errors[0].message).toContain('nope');
  });
});

describe('autocomplete and browse', () => {
  it('autoComplete suggests what REST autocomplete suggests', async () => {
    const rest = await call(server, 'POST', '/entities?action=autocomplete', {
      body: { query: 'ord', entity: 'dataset', limit: 5 },
    });
    const ours = await data(
      '{ autoComplete(input: {type: DATASET, query: "ord"}) { query suggestions entities { urn } } }',
    );
    expect(ours.autoComplete.suggestions).toEqual(rest.json.value.suggestions);
    expect(ours.autoComplete.entities.length).toBeGreaterThan(0);
  });

  it('autoCompleteForMultiple groups the suggestions by entity type', async () => {
    const ours = await data(
      '{ autoCompleteForMultiple(input: {query: "rev", limit: 3}) { suggestions { type suggestions } } }',
    );
    const types = ours.autoCompleteForMultiple.suggestions.map((s: { type: string }) => s.type);
    expect(types).toContain('DATASET');
    expect(new Set(types).size).toBe(types.length);
  });

  it('a blank autocomplete query is upstream error', async () => {
    const json = await gql('{ autoComplete(input: {type: DATASET, query: "  "}) { query } }');
    expect(json.errors[0]).toMatchObject({
      message: "'query' parameter can not be null or empty",
      extensions: { type: 'BAD_REQUEST' },
    });
  });

  it('browse is the REST browse result, path as segments', async () => {
    const rest = await call(server, 'POST', '/entities?action=browse', {
      body: { path: '/prod', entity: 'dataset', start: 0, limit: 10 },
    });
    const ours = await data(
      '{ browse(input: {type: DATASET, path: ["prod"]}) { start count total groups { name count } entities { urn } metadata { path totalNumEntities } } }',
    );
    const value = rest.json.value;
    expect(ours.browse).toEqual({
      start: value.from,
      count: value.pageSize,
      total: value.numEntities,
      groups: value.metadata.groups,
      entities: value.entities.map((e: { urn: string }) => ({ urn: e.urn })),
      metadata: { path: ['prod'], totalNumEntities: value.metadata.totalNumEntities },
    });
    expect(ours.browse.groups.length).toBeGreaterThan(0);
  });

  it('browsePaths are the entity browse paths, as segments', async () => {
    const stored = (await aspects(CLEAN_ORDERS)).browsePaths.value.paths as string[];
    const ours = await data(`{ browsePaths(input: {type: DATASET, urn: "${CLEAN_ORDERS}"}) { path } }`);
    expect(ours.browsePaths).toEqual(stored.map((p) => ({ path: p.split('/').filter((s) => s !== '') })));
  });
});

describe('lineage and relationships', () => {
  const relationships = async (urn: string, direction: string, types: string) =>
    (
      (
        await call(
          server,
          'GET',
          `/relationships?urn=${encodeURIComponent(urn)}&direction=${direction}&types=List(${types})&count=1000`,
        )
      ).json.entities as string[]
    ).sort();
  const live = async (urns: string[]) => {
    const kept = [];
    for (const urn of urns) if ((await aspects(urn))?.status?.value?.removed !== true) kept.push(urn);
    return kept;
  };
  // The entity's own edges: siblings kept apart (merged, a dbt model's lineage holds its warehouse table's too).
  const lineage = async (urn: string, direction: string) => {
    const json = await data(
      `{ entity(urn: "${urn}") { ... on EntityWithRelationships { lineage(input: {direction: ${direction}, count: 1000, separateSiblings: true}) { total relationships { type degree entity { urn } } } } } }`,
    );
    return json.entity.lineage as {
      total: number;
      relationships: { type: string; degree: number; entity: { urn: string } }[];
    };
  };

  it('of every sample dataset matches REST /relationships', async () => {
    const { urns } = await restSearch('dataset', '*', 100);
    expect(urns.length).toBeGreaterThan(5);
    for (const urn of urns) {
      const up = await lineage(urn, 'UPSTREAM');
      // Upstream of a dataset: the datasets it is computed from, and the pipeline tasks that write it.
      const from = [
        ...(await relationships(urn, 'OUTGOING', 'DownstreamOf')),
        ...(await relationships(urn, 'INCOMING', 'Produces')),
      ];
      expect(up.relationships.map((r) => r.entity.urn).sort(), `${urn} upstream`).toEqual((await live(from)).sort());
      const down = await lineage(urn, 'DOWNSTREAM');
      const want = [
        ...(await relationships(urn, 'INCOMING', 'DownstreamOf')),
        ...(await relationships(urn, 'INCOMING', 'Consumes')),
      ];
      expect(down.relationships.map((r) => r.entity.urn).sort(), `${urn} downstream`).toEqual(
        (await live(want)).sort(),
      );
      expect([...up.relationships, ...down.relationships].every((r) => r.degree === 1)).toBe(true);
    }
  });

  it('runs from a chart to its datasets and to the dashboards containing it', async () => {
    const chart = (await restSearch('chart', '*')).urns[0] ?? '';
    const up = await lineage(chart, 'UPSTREAM');
    expect(up.relationships.map((r) => r.entity.urn).sort()).toEqual(
      await relationships(chart, 'OUTGOING', 'Consumes'),
    );
    const down = await lineage(chart, 'DOWNSTREAM');
    expect(down.relationships.map((r) => r.entity.urn).sort()).toEqual(
      await relationships(chart, 'INCOMING', 'Contains'),
    );
    expect(down.relationships.every((r) => r.type === 'Contains')).toBe(true);
  });

  it('relationships(input) of a tag lists what it tags, under upstream names', async () => {
    const json = await data(
      '{ tag(urn: "urn:svc:tag:PII") { relationships(input: {types: ["TaggedWith"], direction: INCOMING}) { total relationships { type entity { urn } } } } }',
    );
    expect(json.tag.relationships.total).toBe(
      (await relationships('urn:svc:tag:PII', 'INCOMING', 'TaggedWith')).length,
    );
    expect(json.tag.relationships.relationships.every((r: { type: string }) => r.type === 'TaggedWith')).toBe(true);
  });
});

describe('entity pages', () => {
  const DB = 'urn:svc:container:warehouse_db';
  const SCHEMA = 'urn:svc:container:warehouse_schema';
  const TABLE = hive('warehouse.fact');

  beforeAll(async () => {
    await ingest(server, DB, 'containerProperties', { name: 'Warehouse' });
    await ingest(server, SCHEMA, 'containerProperties', { name: 'Facts' });
    await ingest(server, SCHEMA, 'container', { container: DB });
    await ingest(server, TABLE, 'container', { container: SCHEMA });
    await ingest(server, TABLE, 'datasetProperties', { name: 'fact' });
  });

  it('a container with its entities and parent containers', async () => {
    const json = await data(
      `{ container(urn: "${SCHEMA}") { properties { name } parentContainers { count containers { urn } } entities { total searchResults { entity { urn } } } } }`,
    );
    expect(json.container).toEqual({
      properties: { name: 'Facts' },
      parentContainers: { count: 1, containers: [{ urn: DB }] },
      entities: { total: 1, searchResults: [{ entity: { urn: TABLE } }] },
    });
    const table = await data(
      `{ dataset(urn: "${TABLE}") { container { urn } parentContainers { count containers { urn } } } }`,
    );
    expect(table.dataset).toEqual({
      container: { urn: SCHEMA },
      parentContainers: { count: 2, containers: [{ urn: SCHEMA }, { urn: DB }] },
    });
  });

  it('a chart and a dashboard with properties, platform, tool and owners', async () => {
    const chart = (await restSearch('chart', '*')).urns[0] ?? '';
    const stored = (await aspects(chart)).chartInfo.value;
    const json = await data(
      `{ chart(urn: "${chart}") { urn type tool chartId properties { name description externalUrl } platform { urn } exists } }`,
    );
    expect(json.chart).toMatchObject({
      urn: chart,
      type: 'CHART',
      properties: { name: stored.title, externalUrl: stored.externalUrl ?? stored.chartUrl },
      exists: true,
    });
    expect(json.chart.platform.urn).toBe(`urn:svc:dataPlatform:${json.chart.tool}`);
    const dashboard = (await restSearch('dashboard', '*')).urns[0] ?? '';
    const page = await data(
      `{ dashboard(urn: "${dashboard}") { type properties { name } institutionalMemory { elements { url } } relationships(input: {types: ["Contains"], direction: OUTGOING}) { total } } }`,
    );
    expect(page.dashboard.type).toBe('DASHBOARD');
    expect(page.dashboard.properties.name).toBe((await aspects(dashboard)).dashboardInfo.value.title);
    expect(page.dashboard.relationships.total).toBeGreaterThan(0);
  });

  it('a platform with properties.displayName, users and groups', async () => {
    const json = await data('{ dataPlatform(urn: "urn:svc:dataPlatform:hive") { name properties { displayName } } }');
    expect(json.dataPlatform).toEqual({
      name: 'hive',
      properties: { displayName: (await aspects('urn:svc:dataPlatform:hive')).dataPlatformInfo.value.displayName },
    });
    const user = (await restSearch('corpuser', '*')).urns[0] ?? '';
    expect((await data(`{ corpUser(urn: "${user}") { urn type } }`)).corpUser).toEqual({
      urn: user,
      type: 'CORP_USER',
    });
    const group = (await restSearch('corpGroup', '*')).urns[0] ?? '';
    expect((await data(`{ corpGroup(urn: "${group}") { urn type } }`)).corpGroup).toEqual({
      urn: group,
      type: 'CORP_GROUP',
    });
  });

  it('entity and entities resolve any served type, in order', async () => {
    const json = await data(`{ entities(urns: ["${CLEAN_ORDERS}", "urn:svc:tag:PII", "${DB}"]) { urn type } }`);
    expect(json.entities).toEqual([
      { urn: CLEAN_ORDERS, type: 'DATASET' },
      { urn: 'urn:svc:tag:PII', type: 'TAG' },
      { urn: DB, type: 'CONTAINER' },
    ]);
  });

  it('a URN of another entity type is BAD_REQUEST for a typed root field', async () => {
    const json = await gql(`{ chart(urn: "${CLEAN_ORDERS}") { urn } }`);
    expect(json.data).toEqual({ chart: null });
    expect(json.errors[0]).toMatchObject({ path: ['chart'], extensions: { type: 'BAD_REQUEST' } });
  });
});

describe("the explorer's saved example operations, one per screen", () => {
  const files = specFiles('graphql/screens', '.graphql');

  it('are offered as tabs of the explorer page', async () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
    const page = await call(server, 'GET', '/api/graphiql');
    for (const file of files) {
      const name =
        /^(?:query|mutation) (\w+)/m.exec(readFileSync(fromRoot('spec', 'graphql', 'screens', file), 'utf8'))?.[1] ??
        '';
      expect(page.text, file).toContain(name);
    }
  });

  it.each(files)('%s runs against the sample catalog without errors or mocked fields', async (file) => {
    const json = await gql(readFileSync(fromRoot('spec', 'graphql', 'screens', file), 'utf8'), {}, ADMIN);
    expect(json.errors).toBeUndefined();
    expect(json.extensions).toEqual({});
    expect(Object.values(json.data).every((value) => value !== null)).toBe(true);
  });
});
