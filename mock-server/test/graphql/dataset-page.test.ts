/**
 * The dataset page's fields that the app's getDataset selects beyond the document's: raw aspects
 * (WeaklyTypedAspectsResolver), embed and viewProperties (DatasetMapper), the metadata tests passed
 * and failed (TestResultsMapper, TestMapper), forms (FormsMapper, FormMapper, IsFormAssignedToMeResolver),
 * the caller's privileges (EntityPrivilegesResolver) and the field profiles' quantiles and value
 * frequencies (DatasetProfileMapper), the runs that read or wrote it (EntityRunsResolver) and the other
 * versions of its version set (VersionsSearchResolver); upstream datahub-graphql-core, v1.3.0.1. Data written through the
 * REST API, in both namespaces, read with a document nested as getDataset is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, READER, graphql, ingest, startServer } from '../graphql-harness.js';

const PAGE = `query getDatasetPage($urn: String!) {
  dataset(urn: $urn) {
    urn
    embed { renderUrl }
    viewProperties { materialized logic formattedLogic language }
    autoRender: aspects(input: { autoRenderOnly: true }) { aspectName payload renderSpec { displayType displayName key } }
    named: aspects(input: { aspectNames: ["embed", "datasetProfile"] }) { aspectName payload renderSpec { displayType } }
    testResults {
      passing { type test { urn name category description definition { json } } }
      failing { type test { urn name } }
    }
    forms {
      incompleteForms {
        associatedUrn
        form { urn info { name description type prompts { id formUrn title description type required structuredPropertyParams { structuredProperty { urn } } } actors { owners users { urn } groups { urn } isAssignedToMe } } }
        incompletePrompts { id lastModified { time actor { urn } } fieldAssociations { completedFieldPrompts { fieldPath lastModified { time } } } }
        completedPrompts { id }
      }
      completedForms { form { urn } }
      verifications { form { urn } lastModified { time actor { urn } } }
    }
    privileges { canEditTags canEditDescription canEditLineage canEditEmbed canEditQueries canViewDatasetProfile canManageEntity }
    runs(start: 0, count: 20, direction: INCOMING) { start count total runs { urn name } }
    producedBy: runs(start: 0, count: 1, direction: OUTGOING) { start count total runs { urn } }
    versionProperties {
      versionSet {
        urn
        versionsSearch(input: { query: "*", count: 5, searchFlags: { skipCache: true } }) {
          count total searchResults { entity { urn type ... on Dataset { versionProperties { version { versionTag } isLatest } } } }
        }
      }
    }
    datasetProfiles(limit: 1) { rowCount partitionSpec { type partition } fieldProfiles { fieldPath quantiles { quantile value } distinctValueFrequencies { value frequency } } }
  }
}`;

describe.each(['svc', 'li'] as const)('the dataset page in the %s namespace', (ns) => {
  const ORDERS = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,shop.orders_view,PROD)`;
  const OWNED = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,shop.reader_owned,PROD)`;
  const BARE = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,shop.bare,PROD)`;
  const TEST = `urn:${ns}:test:has-owner`;
  const GONE_TEST = `urn:${ns}:test:deleted`;
  const FORM = `urn:${ns}:form:quality-review`;
  const PROPERTY = `urn:${ns}:structuredProperty:io.shop.retention`;
  const ANA = `urn:${ns}:corpuser:ana`;
  const READER_USER = `urn:${ns}:corpuser:reader`;
  const STEWARDS = `urn:${ns}:corpGroup:stewards`;
  const LOAD_1 = `urn:${ns}:dataProcessInstance:load-1`;
  const LOAD_2 = `urn:${ns}:dataProcessInstance:load-2`;
  const VERSIONS = `urn:${ns}:versionSet:(orders,dataset)`;
  const ORDERS_V1 = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,shop.orders_view_v1,PROD)`;
  const JOB = `urn:${ns}:dataJob:(urn:${ns}:dataFlow:(airflow,shop,PROD),build_orders)`;

  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace: ns });
    await ingest(server, ORDERS, 'datasetProperties', { name: 'orders_view' });
    await ingest(server, ORDERS, 'embed', { renderUrl: 'https://bi.example.com/embed/orders' });
    await ingest(server, ORDERS, 'viewProperties', {
      materialized: false,
      viewLogic: 'select * from orders',
      formattedViewLogic: 'SELECT *\nFROM orders',
      viewLanguage: 'SQL',
    });
    await ingest(server, TEST, 'testInfo', {
      name: 'Has an owner',
      category: 'Ownership',
      description: 'At least one owner.',
      entityTypes: ['dataset'],
      rules: { exists: 'ownership.owners.owner' },
    });
    await ingest(server, ORDERS, 'testResults', {
      passing: [{ test: TEST, type: 'SUCCESS' }],
      failing: [{ test: GONE_TEST, type: 'FAILURE' }],
    });
    await ingest(server, FORM, 'formInfo', {
      name: 'Quality review',
      description: 'Confirm retention.',
      type: 'VERIFICATION',
      prompts: [
        {
          id: 'retention',
          title: 'Retention period',
          type: 'STRUCTURED_PROPERTY',
          required: true,
          structuredPropertyParams: { urn: PROPERTY },
        },
      ],
      actors: { owners: true, users: [ANA], groups: [STEWARDS] },
    });
    await ingest(server, READER_USER, 'groupMembership', { groups: [STEWARDS] });
    await ingest(server, ORDERS, 'forms', {
      incompleteForms: [
        {
          urn: FORM,
          incompletePrompts: [
            {
              id: 'retention',
              lastModified: { time: 1_700_000_000_000, actor: ANA },
              fieldAssociations: {
                completedFieldPrompts: [{ fieldPath: 'id', lastModified: { time: 5, actor: ANA } }],
              },
            },
          ],
          completedPrompts: [],
        },
      ],
      completedForms: [],
      verifications: [{ form: FORM, lastModified: { time: 7, actor: ANA } }],
    });
    await ingest(server, ORDERS, 'datasetProfile', {
      timestampMillis: 1_700_000_000_000,
      rowCount: 42,
      partitionSpec: { type: 'PARTITION', partition: 'ds=2023-11-14' },
      fieldProfiles: [
        {
          fieldPath: 'amount',
          quantiles: [{ quantile: '0.5', value: '12.5' }],
          distinctValueFrequencies: [{ value: '10', frequency: 3 }],
        },
        { fieldPath: 'id' },
      ],
    });
    await ingest(server, OWNED, 'ownership', {
      owners: [{ owner: READER_USER, type: 'TECHNICAL_OWNER' }],
      lastModified: { time: 1, actor: ANA },
    });
    await ingest(server, BARE, 'status', { removed: false });
    // Two runs read the dataset, the second also wrote it; a job that reads it is not a run.
    for (const [run, time] of [
      [LOAD_1, 1_000],
      [LOAD_2, 2_000],
    ] as const) {
      await ingest(server, run, 'dataProcessInstanceProperties', {
        name: run.slice(-6),
        created: { time, actor: ANA },
      });
      await ingest(server, run, 'dataProcessInstanceInput', { inputs: [ORDERS] });
    }
    await ingest(server, LOAD_2, 'dataProcessInstanceOutput', { outputs: [ORDERS, BARE] });
    // ORDERS is version 2 of a set whose version 1 is another dataset; BARE is in no set.
    await ingest(server, ORDERS_V1, 'versionProperties', {
      versionSet: VERSIONS,
      version: { versionTag: 'v1' },
      sortId: 'AAAAAAAA',
      isLatest: false,
    });
    await ingest(server, ORDERS, 'versionProperties', {
      versionSet: VERSIONS,
      version: { versionTag: 'v2' },
      sortId: 'AAAAAAAB',
      isLatest: true,
    });
    await ingest(server, JOB, 'dataJobInputOutput', { inputDatasets: [ORDERS], outputDatasets: [] });
  });
  afterAll(() => server.close());

  const page = async (urn: string, token = ADMIN) => {
    const reply = await graphql(server, { query: PAGE, variables: { urn }, token });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data.dataset;
  };

  it('reads embed and viewProperties from their aspects', async () => {
    const dataset = await page(ORDERS);
    expect(dataset.embed).toEqual({ renderUrl: 'https://bi.example.com/embed/orders' });
    expect(dataset.viewProperties).toEqual({
      materialized: false,
      logic: 'select * from orders',
      formattedLogic: 'SELECT *\nFROM orders',
      language: 'SQL',
    });
  });

  it('lists raw aspects by name as JSON text, none for autoRenderOnly (no v1.3.0.1 aspect renders itself)', async () => {
    const dataset = await page(ORDERS);
    expect(dataset.autoRender).toEqual([]);
    // datasetProfile is a time series: the versioned read upstream makes has no value for it.
    expect(dataset.named).toEqual([{ aspectName: 'embed', payload: expect.any(String), renderSpec: null }]);
    expect(JSON.parse(dataset.named[0].payload)).toEqual({ renderUrl: 'https://bi.example.com/embed/orders' });
  });

  it('resolves the tests passed and failed, a deleted test as null', async () => {
    const { testResults } = await page(ORDERS);
    expect(testResults.passing).toEqual([
      {
        type: 'SUCCESS',
        test: {
          urn: TEST,
          name: 'Has an owner',
          category: 'Ownership',
          description: 'At least one owner.',
          definition: {
            json: JSON.stringify({ entityTypes: ['dataset'], rules: { exists: 'ownership.owners.owner' } }),
          },
        },
      },
    ]);
    expect(testResults.failing).toEqual([{ type: 'FAILURE', test: null }]);
  });

  it('maps the forms aspect with each form and its prompts, and who it is assigned to', async () => {
    const { forms } = await page(ORDERS);
    expect(forms.completedForms).toEqual([]);
    expect(forms.verifications).toEqual([{ form: { urn: FORM }, lastModified: { time: 7, actor: { urn: ANA } } }]);
    const [incomplete] = forms.incompleteForms;
    expect(incomplete.associatedUrn).toBe(ORDERS);
    expect(incomplete.form.info).toMatchObject({
      name: 'Quality review',
      description: 'Confirm retention.',
      type: 'VERIFICATION',
      prompts: [
        {
          id: 'retention',
          formUrn: FORM,
          title: 'Retention period',
          description: null,
          type: 'STRUCTURED_PROPERTY',
          required: true,
          structuredPropertyParams: { structuredProperty: { urn: PROPERTY } },
        },
      ],
      actors: { owners: true, users: [{ urn: ANA }], groups: [{ urn: STEWARDS }] },
    });
    expect(incomplete.incompletePrompts).toEqual([
      {
        id: 'retention',
        lastModified: { time: 1_700_000_000_000, actor: { urn: ANA } },
        fieldAssociations: { completedFieldPrompts: [{ fieldPath: 'id', lastModified: { time: 5 } }] },
      },
    ]);
    expect(incomplete.completedPrompts).toEqual([]);
    // The admin token's user is neither named nor a steward; the reader's user is in the stewards group.
    expect(incomplete.form.info.actors.isAssignedToMe).toBe(false);
    const asReader = await page(ORDERS, READER);
    expect(asReader.forms.incompleteForms[0].form.info.actors.isAssignedToMe).toBe(true);
  });

  it('answers null for the aspects a dataset lacks', async () => {
    const dataset = await page(BARE);
    expect(dataset).toMatchObject({ embed: null, viewProperties: null, testResults: null, forms: null });
    expect(dataset.named).toEqual([]);
  });

  it("computes the caller's privileges over the dataset from the policies", async () => {
    const all = {
      canEditTags: true,
      canEditDescription: true,
      canEditLineage: true,
      canEditEmbed: true,
      canEditQueries: true,
      canViewDatasetProfile: true,
      canManageEntity: null,
    };
    expect((await page(ORDERS)).privileges).toEqual(all);
    // A reader may view a dataset's statistics but not edit it, unless it owns the dataset.
    expect((await page(ORDERS, READER)).privileges).toEqual({
      ...all,
      canEditTags: false,
      canEditDescription: false,
      canEditLineage: false,
      canEditEmbed: false,
      canEditQueries: false,
    });
    expect((await page(OWNED, READER)).privileges).toEqual(all);
  });

  it('lists the runs that read the dataset, newest first, and those that wrote it', async () => {
    const dataset = await page(ORDERS);
    expect(dataset.runs).toEqual({
      start: 0,
      count: 2,
      total: 2,
      runs: [
        { urn: LOAD_2, name: 'load-2' },
        { urn: LOAD_1, name: 'load-1' },
      ],
    });
    expect(dataset.producedBy).toEqual({ start: 0, count: 1, total: 1, runs: [{ urn: LOAD_2 }] });
    expect((await page(BARE)).runs).toEqual({ start: 0, count: 0, total: 0, runs: [] });
  });

  it("searches the dataset's version set, the newest version first", async () => {
    const { versionSet } = (await page(ORDERS)).versionProperties;
    expect(versionSet.urn).toBe(VERSIONS);
    expect(versionSet.versionsSearch).toEqual({
      count: 2,
      total: 2,
      searchResults: [
        {
          entity: {
            urn: ORDERS,
            type: 'DATASET',
            versionProperties: { version: { versionTag: 'v2' }, isLatest: true },
          },
        },
        {
          entity: {
            urn: ORDERS_V1,
            type: 'DATASET',
            versionProperties: { version: { versionTag: 'v1' }, isLatest: false },
          },
        },
      ],
    });
  });

  it("maps each field profile's quantiles and value frequencies; the partition stays null as upstream's mapper leaves it", async () => {
    const [profile] = (await page(ORDERS)).datasetProfiles;
    expect(profile.rowCount).toBe(42);
    expect(profile.partitionSpec).toBeNull();
    expect(profile.fieldProfiles).toEqual([
      {
        fieldPath: 'amount',
        quantiles: [{ quantile: '0.5', value: '12.5' }],
        distinctValueFrequencies: [{ value: '10', frequency: 3 }],
      },
      { fieldPath: 'id', quantiles: null, distinctValueFrequencies: null },
    ]);
  });
});
