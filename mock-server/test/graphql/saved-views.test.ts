/**
 * Saved views through POST /api/graphql (upstream-differences: graphql-search-saved-views), in both
 * profiles: a dataHubViewInfo aspect stored at the view's URN (DataHubViewInfo.pdl) is applied by
 * searchAcrossEntities, autoCompleteForMultiple and searchAcrossLineage as upstream's resolvers apply it
 * (datahub-graphql-core/.../resolvers/search/SearchUtils.java: resolveView, combineFilters,
 * intersectEntityTypes; SearchAcrossEntitiesResolver.java, AutoCompleteForMultipleResolver.java,
 * SearchAcrossLineageResolver.java): its filter joined with the input's, its entity types narrowing the
 * searched ones (no result when none is left), an unknown view dropped, a view URN that is not a URN a
 * BAD_REQUEST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer, Profile } from '../../index.js';
import { ADMIN, READER, call, graphql, ingest, startServer } from '../graphql-harness.js';
import { proposal } from '../http-harness.js';

const dataset = (platform: string, name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:${platform},${name},PROD)`;
const ORDERS = dataset('hive', 'sales.orders');
const REFUNDS = dataset('hive', 'sales.refunds');
const EVENTS = dataset('kafka', 'sales.order_events');
const CHART = 'urn:svc:chart:(looker,orders_chart)';
const HIVE_DATASETS = 'urn:svc:dataHubView:hive-datasets';
const HIVE_ANYTHING = 'urn:svc:dataHubView:hive-anything';
const stamp = { time: 1_700_000_000_000, actor: 'urn:svc:corpuser:ann' };
const viewInfo = (name: string, entityTypes: string[], filter: Record<string, unknown>) => ({
  name,
  type: 'GLOBAL',
  definition: { entityTypes, filter },
  created: stamp,
  lastModified: stamp,
});
const onHive = { or: [{ and: [{ field: 'platform', values: ['urn:svc:dataPlatform:hive'], condition: 'IN' }] }] };

describe.each<Profile>(['document', 'upstream'])('saved views, %s profile', (profile) => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ profile, indexLagMs: 0 });
    for (const urn of [ORDERS, REFUNDS, EVENTS])
      await ingest(server, urn, 'datasetProperties', { name: urn.split(',')[1], description: 'orders data' }, ADMIN);
    await ingest(server, 'urn:svc:tag:Gold', 'tagProperties', { name: 'Gold' }, ADMIN);
    await ingest(server, ORDERS, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Gold' }] }, ADMIN);
    await ingest(
      server,
      CHART,
      'chartInfo',
      {
        title: 'sales orders chart',
        description: 'orders',
        lastModified: { created: stamp, lastModified: stamp },
        inputs: [{ string: ORDERS }, { string: EVENTS }],
      },
      ADMIN,
    );
    await ingest(server, HIVE_DATASETS, 'dataHubViewInfo', viewInfo('Hive datasets', ['dataset'], onHive), ADMIN);
    await ingest(server, HIVE_ANYTHING, 'dataHubViewInfo', viewInfo('Anything on Hive', [], onHive), ADMIN);
  });
  afterAll(() => server.close());

  const gql = async (query: string, variables: Record<string, unknown>) => {
    const reply = await graphql(server, { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    return reply.json as {
      data: Record<string, any> | null;
      errors?: { message: string; extensions: { type: string } }[];
    };
  };
  const SEARCH =
    'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { start count total searchResults { entity { urn } } } }';
  const found = async (input: Record<string, unknown>) => {
    const json = await gql(SEARCH, { input: { query: 'orders', ...input } });
    expect(json.errors).toBeUndefined();
    return (json.data?.searchAcrossEntities.searchResults as { entity: { urn: string } }[])
      .map((r) => r.entity.urn)
      .sort();
  };

  it("searchAcrossEntities keeps what the view's filter and types keep", async () => {
    expect(await found({})).toEqual([CHART, EVENTS, ORDERS, REFUNDS].sort());
    expect(await found({ viewUrn: HIVE_DATASETS })).toEqual([ORDERS, REFUNDS]);
  });

  it("joins the view's filter with the input's", async () => {
    expect(await found({ viewUrn: HIVE_DATASETS, filters: [{ field: 'tags', values: ['urn:svc:tag:Gold'] }] })).toEqual(
      [ORDERS],
    );
  });

  it("narrows the searched types to the view's: none left is no result; a view without types keeps the input's", async () => {
    const json = await gql(SEARCH, { input: { query: 'orders', types: ['CHART'], viewUrn: HIVE_DATASETS } });
    expect(json.data?.searchAcrossEntities).toEqual({ start: 0, count: 10, total: 0, searchResults: [] });
    // The chart has no platform field matching hive: the view's filter leaves the datasets on hive.
    expect(await found({ viewUrn: HIVE_ANYTHING })).toEqual([ORDERS, REFUNDS]);
  });

  it('searches without a view that is not stored, and refuses a view URN that is not a URN, naming it', async () => {
    expect(await found({ viewUrn: 'urn:svc:dataHubView:gone' })).toEqual(await found({}));
    const json = await gql(SEARCH, { input: { query: 'orders', viewUrn: 'hive-datasets' } });
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain('input.viewUrn');
  });

  it("autoCompleteForMultiple completes the view's types under its filter", async () => {
    const AUTOCOMPLETE =
      'query a($input: AutoCompleteMultipleInput!) { autoCompleteForMultiple(input: $input) { suggestions { type entities { urn } } } }';
    const groups = async (input: Record<string, unknown>) => {
      const json = await gql(AUTOCOMPLETE, { input: { query: 'sales', limit: 10, ...input } });
      expect(json.errors).toBeUndefined();
      return Object.fromEntries(
        (json.data?.autoCompleteForMultiple.suggestions as { type: string; entities: { urn: string }[] }[]).map((g) => [
          g.type,
          g.entities.map((e) => e.urn).sort(),
        ]),
      );
    };
    expect(await groups({})).toEqual({ CHART: [CHART], DATASET: [EVENTS, ORDERS, REFUNDS].sort() });
    expect(await groups({ viewUrn: HIVE_DATASETS })).toEqual({ DATASET: [ORDERS, REFUNDS] });
  });

  it("searchAcrossLineage applies the view's filter to the entities it reaches", async () => {
    const LINEAGE =
      'query l($input: SearchAcrossLineageInput!) { searchAcrossLineage(input: $input) { searchResults { entity { urn } } } }';
    const upstreams = async (viewUrn?: string) => {
      const json = await gql(LINEAGE, {
        input: { urn: CHART, direction: 'UPSTREAM', ...(viewUrn ? { viewUrn } : {}) },
      });
      expect(json.errors).toBeUndefined();
      return (json.data?.searchAcrossLineage.searchResults as { entity: { urn: string } }[])
        .map((r) => r.entity.urn)
        .sort();
    };
    expect(await upstreams()).toEqual([EVENTS, ORDERS].sort());
    expect(await upstreams(HIVE_DATASETS)).toEqual([ORDERS]);
  });

  it('refuses a view whose filter has a condition no search evaluates, naming it', async () => {
    const body = proposal(
      'urn:svc:dataHubView:broken',
      'dataHubViewInfo',
      viewInfo('Broken', [], { or: [{ and: [{ field: 'platform', condition: 'IEQUAL' }] }] }),
    );
    const reply = await call(server, 'POST', '/aspects?action=ingestProposal', { body, token: ADMIN });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.text).toContain('condition');
  });
});

/**
 * Managing saved views through GraphQL, as upstream's view resolvers do (.../resolvers/view/:
 * CreateViewResolver, UpdateViewResolver, DeleteViewResolver, ListMyViewsResolver,
 * ListGlobalViewsResolver, ViewUtils; .../types/view/DataHubViewMapper): a personal view is any
 * caller's own, a global one needs the admin role to create; only the creator (or an admin, for a
 * global view) changes or deletes one.
 */
describe('saved views through GraphQL', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ indexLagMs: 0 });
    for (const urn of [ORDERS, REFUNDS, EVENTS])
      await ingest(server, urn, 'datasetProperties', { name: urn.split(',')[1] }, ADMIN);
  });
  afterAll(() => server.close());

  const gql = async (query: string, variables: Record<string, unknown>, token = READER) => {
    const reply = await graphql(server, { query, variables, token });
    return reply.json as {
      data: Record<string, any> | null;
      errors?: { message: string; extensions: { type: string } }[];
    };
  };
  const VIEW =
    'urn name description viewType definition { entityTypes filter { operator filters { field condition values negated } } }';
  const CREATE = `mutation c($input: CreateViewInput!) { createView(input: $input) { ${VIEW} } }`;
  const definition = (operator: string) => ({
    entityTypes: ['DATASET'],
    filter: {
      operator,
      filters: [
        { field: 'platform', values: ['urn:svc:dataPlatform:hive'], condition: 'IN' },
        { field: 'name', values: ['sales.orders'] },
      ],
    },
  });
  const create = async (viewType: string, name: string, token = READER) =>
    gql(CREATE, { input: { viewType, name, description: `${name}, saved`, definition: definition('AND') } }, token);
  const listed = async (query: string, token = READER) =>
    (await gql(query, {}, token)).data as Record<string, { views: { name: string }[] }>;

  it('creates a personal view of the caller and shows it as it was given', async () => {
    const json = await create('PERSONAL', 'My hive orders');
    expect(json.errors).toBeUndefined();
    const created = json.data?.createView;
    expect(created.urn).toMatch(/^urn:svc:dataHubView:[0-9a-f-]{36}$/);
    expect(created).toMatchObject({
      name: 'My hive orders',
      description: 'My hive orders, saved',
      viewType: 'PERSONAL',
      definition: {
        entityTypes: ['DATASET'],
        filter: {
          operator: 'AND',
          filters: [
            { field: 'platform', condition: 'IN', values: ['urn:svc:dataPlatform:hive'], negated: false },
            { field: 'name', condition: 'EQUAL', values: ['sales.orders'], negated: false },
          ],
        },
      },
    });
    expect((await gql(`{ view(urn: "${created.urn}") { ${VIEW} } }`, {})).data?.view).toEqual(created);
    // The view is applied to a search.
    const search = await gql(
      `{ searchAcrossEntities(input: {query: "*", viewUrn: "${created.urn}"}) { searchResults { entity { urn } } } }`,
      {},
    );
    expect(search.data?.searchAcrossEntities.searchResults).toEqual([{ entity: { urn: ORDERS } }]);
  });

  it("lists the caller's views and the global ones, newest first", async () => {
    expect((await create('GLOBAL', "Everyone's hive", ADMIN)).errors).toBeUndefined();
    // A later millisecond: the lists go by creation time.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await create('GLOBAL', "Everyone's later hive", ADMIN)).errors).toBeUndefined();
    const mine = await listed('{ listMyViews(input: {}) { total views { name } } }');
    expect(mine.listMyViews).toEqual({ total: 1, views: [{ name: 'My hive orders' }] });
    const admins = await listed('{ listMyViews(input: {viewType: GLOBAL}) { total views { name } } }', ADMIN);
    expect(admins.listMyViews?.views.map((v) => v.name)).toEqual(["Everyone's later hive", "Everyone's hive"]);
    const global = await listed('{ listGlobalViews(input: {query: "later"}) { total views { name } } }');
    expect(global.listGlobalViews).toEqual({ total: 1, views: [{ name: "Everyone's later hive" }] });
  });

  it('lets only an admin create a global view', async () => {
    const json = await create('GLOBAL', 'Not mine to make');
    expect(json.errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
    expect(
      (await listed('{ listGlobalViews(input: {query: "mine"}) { total views { name } } }')).listGlobalViews,
    ).toEqual({ total: 0, views: [] });
  });

  it('lets the creator update and delete a view, and no one else', async () => {
    const urn = (await create('PERSONAL', 'Draft')).data?.createView.urn as string;
    const UPDATE = `mutation u($urn: String!, $input: UpdateViewInput!) { updateView(urn: $urn, input: $input) { ${VIEW} } }`;
    const byAdmin = await gql(UPDATE, { urn, input: { name: 'Taken' } }, ADMIN);
    expect(byAdmin.errors?.[0]?.extensions.type).toBe('UNAUTHORIZED');
    const updated = await gql(UPDATE, { urn, input: { name: 'Final', definition: definition('OR') } });
    expect(updated.data?.updateView).toMatchObject({
      name: 'Final',
      description: 'Draft, saved',
      definition: { filter: { operator: 'OR' } },
    });
    expect(updated.data?.updateView.definition.filter.filters).toHaveLength(2);
    expect((await gql(`mutation { deleteView(urn: "${urn}") }`, {}, ADMIN)).errors?.[0]?.extensions.type).toBe(
      'UNAUTHORIZED',
    );
    expect((await gql(`mutation { deleteView(urn: "${urn}") }`, {})).data).toEqual({ deleteView: true });
    expect((await gql(`{ view(urn: "${urn}") { urn } }`, {})).data).toEqual({ view: null });
    const again = await gql(`mutation { deleteView(urn: "${urn}") }`, {});
    expect(again.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(again.errors?.[0]?.message).toBe(`Failed to modify View. View with urn ${urn} does not exist.`);
  });

  it('refuses a definition it could not apply, naming the field', async () => {
    const badCondition = await gql(CREATE, {
      input: {
        viewType: 'PERSONAL',
        name: 'x',
        definition: {
          entityTypes: [],
          filter: { operator: 'AND', filters: [{ field: 'platform', values: [], condition: 'IEQUAL' }] },
        },
      },
    });
    expect(badCondition.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(badCondition.errors?.[0]?.message).toContain('input.definition.filter.filters[0].condition');
    const badType = await gql(CREATE, {
      input: {
        viewType: 'PERSONAL',
        name: 'x',
        definition: { entityTypes: ['NOTEBOOK'], filter: { operator: 'AND', filters: [] } },
      },
    });
    expect(badType.errors?.[0]?.message).toContain('input.definition.entityTypes[0]');
  });
});

/**
 * Default views (upstream's GlobalViewsSettingsResolver, UpdateGlobalViewsSettingsResolver,
 * UpdateCorpUserViewsSettingsResolver, CorpUserMapper's settings): the organisation's is the admin's to
 * set, a user's their own; an absent view clears it.
 */
describe('default views through GraphQL', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ indexLagMs: 0 });
  });
  afterAll(() => server.close());

  const gql = async (query: string, token = READER) =>
    (await graphql(server, { query, token })).json as {
      data: Record<string, any> | null;
      errors?: { message: string; extensions: { type: string } }[];
    };
  const globalDefault = async () => (await gql('{ globalViewsSettings { defaultView } }')).data?.globalViewsSettings;

  it("sets and clears the organisation's default, an admin's to set", async () => {
    const urn = (
      await gql(
        'mutation { createView(input: {viewType: GLOBAL, name: "Everyone", definition: {entityTypes: [], filter: {operator: AND, filters: []}}}) { urn } }',
        ADMIN,
      )
    ).data?.createView.urn as string;
    expect(await globalDefault()).toEqual({ defaultView: null });
    expect(
      (await gql(`mutation { updateGlobalViewsSettings(input: {defaultView: "${urn}"}) }`)).errors?.[0]?.extensions
        .type,
    ).toBe('UNAUTHORIZED');
    expect((await gql(`mutation { updateGlobalViewsSettings(input: {defaultView: "${urn}"}) }`, ADMIN)).data).toEqual({
      updateGlobalViewsSettings: true,
    });
    expect(await globalDefault()).toEqual({ defaultView: urn });
    expect((await gql('mutation { updateGlobalViewsSettings(input: {}) }', ADMIN)).data).toEqual({
      updateGlobalViewsSettings: true,
    });
    expect(await globalDefault()).toEqual({ defaultView: null });
  });

  it("sets a user's own default, shown in their settings", async () => {
    const reader = server.tokens.find((t) => t.role === 'reader')!.user;
    const SETTINGS = `{ corpUser(urn: "${reader}") { settings { appearance { showSimplifiedHomepage } views { defaultView { urn name } } } } }`;
    expect((await gql(SETTINGS)).data?.corpUser.settings).toEqual({
      appearance: { showSimplifiedHomepage: false },
      views: null,
    });
    const urn = (
      await gql(
        'mutation { createView(input: {viewType: PERSONAL, name: "Mine", definition: {entityTypes: [DATASET], filter: {operator: AND, filters: []}}}) { urn } }',
      )
    ).data?.createView.urn as string;
    expect((await gql(`mutation { updateCorpUserViewsSettings(input: {defaultView: "${urn}"}) }`)).data).toEqual({
      updateCorpUserViewsSettings: true,
    });
    expect((await gql(SETTINGS)).data?.corpUser.settings).toEqual({
      appearance: { showSimplifiedHomepage: false },
      views: { defaultView: { urn, name: 'Mine' } },
    });
    expect((await gql('mutation { updateCorpUserViewsSettings(input: {}) }')).data).toEqual({
      updateCorpUserViewsSettings: true,
    });
    expect((await gql(SETTINGS)).data?.corpUser.settings.views).toEqual({ defaultView: null });
  });

  it('refuses a default view that is not a URN, naming it', async () => {
    const json = await gql('mutation { updateCorpUserViewsSettings(input: {defaultView: "mine"}) }');
    expect(json.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
    expect(json.errors?.[0]?.message).toContain('input.defaultView');
  });
});
