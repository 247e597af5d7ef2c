/**
 * Data quality, incidents, health and runs through GraphQL, from aspects written through the REST API in
 * upstream's shapes (metadata-models/.../assertion/*.pdl, incident/IncidentInfo.pdl,
 * dataprocess/DataProcessInstance*.pdl at v1.3.0.1), read as upstream's mappers and resolvers read them
 * (datahub-graphql-core/.../types/assertion/AssertionMapper.java, .../types/incident/IncidentMapper.java,
 * .../types/dataprocessinst/mappers/DataProcessInstanceMapper.java, .../resolvers/health/EntityHealthResolver.java,
 * .../resolvers/assertion/EntityAssertionsResolver.java and AssertionRunEventResolver.java,
 * .../resolvers/incident/EntityIncidentsResolver.java, .../resolvers/jobs/DataJobRunsResolver.java), and the
 * relationship between datasets' fields and a schema field's business attribute
 * (.../types/ermodelrelationship/mappers/ERModelRelationMapper.java, .../types/businessattribute/mappers/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { ADMIN, call, graphql, ingest, startServer } from '../graphql-harness.js';
import { proposal } from '../http-harness.js';

describe.each(['svc', 'li'] as const)('quality, incidents and runs in the %s namespace', (ns) => {
  const ORDERS = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,sales.orders,PROD)`;
  const CUSTOMERS = `urn:${ns}:dataset:(urn:${ns}:dataPlatform:hive,sales.customers,PROD)`;
  const CHART = `urn:${ns}:chart:(looker,orders_chart)`;
  const ROWS = `urn:${ns}:assertion:rows`;
  const FRESH = `urn:${ns}:assertion:fresh`;
  const VOLUME = `urn:${ns}:assertion:volume`;
  const RETIRED = `urn:${ns}:assertion:retired`;
  const OPEN = `urn:${ns}:incident:open`;
  const CLOSED = `urn:${ns}:incident:closed`;
  const ANA = `urn:${ns}:corpuser:ana`;
  const FLOW = `urn:${ns}:dataFlow:(airflow,daily,prod)`;
  const JOB = `urn:${ns}:dataJob:(${FLOW},load)`;
  const FIRST_RUN = `urn:${ns}:dataProcessInstance:run1`;
  const SECOND_RUN = `urn:${ns}:dataProcessInstance:run2`;
  const NO_EVENTS = `urn:${ns}:dataProcessInstance:run3`;
  const JOIN = `urn:${ns}:erModelRelationship:orders_customers`;
  const EMAIL = `urn:${ns}:businessAttribute:email`;
  const FIELD = `urn:${ns}:schemaField:(${CUSTOMERS},email)`;
  const stamp = (time: number) => ({ time, actor: ANA });

  async function runEvent(assertion: string, time: number, result: string) {
    await ingest(server, assertion, 'assertionRunEvent', {
      timestampMillis: time,
      runId: `run-${time}`,
      assertionUrn: assertion,
      asserteeUrn: ORDERS,
      status: 'COMPLETE',
      result: { type: result },
    });
  }

  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ namespace: ns });
    await ingest(server, ROWS, 'assertionInfo', {
      type: 'DATASET',
      description: 'At least one row.',
      datasetAssertion: {
        dataset: ORDERS,
        scope: 'DATASET_ROWS',
        aggregation: 'ROW_COUNT',
        operator: 'GREATER_THAN',
        parameters: { value: { value: '0', type: 'NUMBER' } },
        fields: [`urn:${ns}:schemaField:(${ORDERS},id)`],
        nativeParameters: { check: 'row_count' },
      },
      source: { type: 'NATIVE', created: stamp(10) },
    });
    await ingest(server, ROWS, 'assertionActions', { onSuccess: [], onFailure: [{ type: 'RAISE_INCIDENT' }] });
    await ingest(server, FRESH, 'assertionInfo', {
      type: 'FRESHNESS',
      freshnessAssertion: {
        type: 'DATASET_CHANGE',
        entity: ORDERS,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'HOUR', multiple: 6 } },
      },
    });
    await ingest(server, VOLUME, 'assertionInfo', {
      type: 'VOLUME',
      volumeAssertion: {
        type: 'ROW_COUNT_TOTAL',
        entity: ORDERS,
        rowCountTotal: {
          operator: 'BETWEEN',
          parameters: { minValue: { value: '10', type: 'NUMBER' }, maxValue: { value: '99', type: 'NUMBER' } },
        },
      },
    });
    await ingest(server, RETIRED, 'assertionInfo', {
      type: 'SQL',
      sqlAssertion: {
        type: 'METRIC',
        entity: ORDERS,
        statement: 'select count(*) from orders',
        operator: 'LESS_THAN',
        parameters: { value: { value: '5', type: 'NUMBER' } },
      },
    });
    await ingest(server, RETIRED, 'status', { removed: true });
    // ROWS passes; FRESH passed, then failed; VOLUME has no run.
    await runEvent(ROWS, 1_000, 'SUCCESS');
    await runEvent(FRESH, 1_000, 'SUCCESS');
    await runEvent(FRESH, 2_000, 'FAILURE');

    await ingest(server, OPEN, 'incidentInfo', {
      type: 'FRESHNESS',
      title: 'Orders are late',
      entities: [ORDERS],
      priority: 0,
      assignees: [{ actor: ANA, assignedAt: stamp(150) }],
      status: { state: 'ACTIVE', stage: 'INVESTIGATION', message: 'Looking', lastUpdated: stamp(300) },
      source: { type: 'ASSERTION_FAILURE', sourceUrn: FRESH },
      startedAt: 90,
      created: stamp(100),
    });
    await ingest(server, CLOSED, 'incidentInfo', {
      type: 'OPERATIONAL',
      title: 'Backfill',
      entities: [ORDERS],
      priority: 2,
      status: { state: 'RESOLVED', stage: 'FIXED', lastUpdated: stamp(250) },
      source: { type: 'MANUAL' },
      created: stamp(200),
    });
    await ingest(server, CHART, 'chartInfo', {
      title: 'Orders chart',
      description: '',
      lastModified: { created: stamp(0), lastModified: stamp(0) },
    });

    await ingest(server, JOB, 'dataJobInfo', { name: 'Load', type: { string: 'SQL' } });
    for (const [run, created] of [
      [FIRST_RUN, 1_000],
      [SECOND_RUN, 2_000],
      [NO_EVENTS, 3_000],
    ] as const) {
      await ingest(server, run, 'dataProcessInstanceProperties', {
        name: run.split(':').pop(),
        created: stamp(created),
        type: 'BATCH_SCHEDULED',
        customProperties: { attempt: '1' },
      });
      await ingest(server, run, 'dataProcessInstanceRelationships', { parentTemplate: JOB, upstreamInstances: [] });
    }
    await ingest(server, FIRST_RUN, 'dataProcessInstanceRunEvent', {
      timestampMillis: 1_100,
      status: 'STARTED',
      attempt: 1,
    });
    await ingest(server, FIRST_RUN, 'dataProcessInstanceRunEvent', {
      timestampMillis: 1_500,
      status: 'COMPLETE',
      attempt: 1,
      durationMillis: 400,
      result: { type: 'SUCCESS', nativeResultType: 'success' },
    });
    await ingest(server, SECOND_RUN, 'dataProcessInstanceRunEvent', {
      timestampMillis: 2_500,
      status: 'COMPLETE',
      result: { type: 'FAILURE', nativeResultType: 'failed' },
    });
    await ingest(server, SECOND_RUN, 'mlTrainingRunProperties', {
      id: 'train-42',
      outputUrls: ['s3://models/churn/42'],
      hyperParams: [{ name: 'epochs', value: '20' }],
      trainingMetrics: [{ name: 'loss', value: '0.12' }],
    });

    await ingest(server, JOIN, 'erModelRelationshipProperties', {
      name: 'Orders to customers',
      source: ORDERS,
      destination: CUSTOMERS,
      relationshipFieldMappings: [{ sourceField: 'customer_id', destinationField: 'id' }],
      cardinality: 'N_ONE',
      created: stamp(42),
    });
    await ingest(server, JOIN, 'editableERModelRelationshipProperties', {
      name: 'Order customer',
      description: 'Who ordered.',
    });
    await ingest(server, EMAIL, 'businessAttributeInfo', {
      fieldPath: 'email',
      name: 'email',
      description: 'An email address.',
      type: { type: { [`com.${ns === 'li' ? 'linkedin' : 'svc'}.schema.StringType`]: {} } },
      customProperties: { pii: 'true' },
      created: stamp(1),
      lastModified: stamp(2),
    });
    await ingest(server, FIELD, 'businessAttributes', { businessAttribute: { businessAttributeUrn: EMAIL } });
    await ingest(server, FIELD, 'documentation', { documentations: [{ documentation: 'Where we write.' }] });
    await ingest(server, FIELD, 'globalTags', { tags: [{ tag: `urn:${ns}:tag:PII` }] });
  });
  afterAll(() => server.close());

  async function data(query: string, variables: Record<string, unknown> = {}) {
    const reply = await graphql(server, { query, variables, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(reply.json.errors).toBeUndefined();
    return reply.json.data as Record<string, any>;
  }

  it("computes a dataset's health from its active incident and its assertions' latest completed runs", async () => {
    const { dataset, chart } = await data(
      `query getHealth($dataset: String!, $chart: String!) {
        dataset(urn: $dataset) { urn health { type status message causes reportedAt } }
        chart(urn: $chart) { urn health { type status message causes } }
      }`,
      { dataset: ORDERS, chart: CHART },
    );
    expect(dataset.health).toEqual([
      {
        type: 'INCIDENTS',
        status: 'FAIL',
        message: '1 active incident',
        causes: ['ACTIVE_INCIDENTS'],
        reportedAt: 300,
      },
      // Four assertions assert the dataset (the soft-deleted one too); FRESH's latest completed run failed.
      {
        type: 'ASSERTIONS',
        status: 'FAIL',
        message: '1 of 4 assertions are failing',
        causes: [FRESH],
        reportedAt: null,
      },
    ]);
    expect(chart.health).toEqual([{ type: 'INCIDENTS', status: 'PASS', message: null, causes: null }]);
  });

  it("lists a dataset's assertions with their typed infos and run counts, leaving out soft-deleted ones unless asked", async () => {
    const query = `query getDatasetAssertions($urn: String!, $all: Boolean) {
      dataset(urn: $urn) {
        assertions(start: 0, count: 100, includeSoftDeleted: $all) {
          start count total
          assertions {
            urn type platform { urn }
            actions { onSuccess { type } onFailure { type } }
            info {
              type description
              source { type created { time actor } }
              datasetAssertion {
                datasetUrn scope aggregation operator
                parameters { value { value type } minValue { value } }
                fields { urn path }
                nativeParameters { key value }
              }
              freshnessAssertion { type entityUrn schedule { type fixedInterval { unit multiple } cron { cron } } }
              volumeAssertion { type entityUrn rowCountTotal { operator parameters { minValue { value } maxValue { value } } } }
              sqlAssertion { type statement operator }
            }
            runEvents(status: COMPLETE, limit: 10) { total failed succeeded errored }
          }
        }
      }
    }`;
    const { dataset } = await data(query, { urn: ORDERS });
    const byUrn = Object.fromEntries(
      (dataset.assertions.assertions as { urn: string }[]).map((assertion) => [assertion.urn, assertion]),
    );
    expect(dataset.assertions).toMatchObject({ start: 0, count: 4, total: 4 });
    expect(Object.keys(byUrn).sort()).toEqual([FRESH, ROWS, VOLUME].sort());
    expect(byUrn[ROWS]).toEqual({
      urn: ROWS,
      type: 'ASSERTION',
      platform: { urn: `urn:${ns}:dataPlatform:unknown` },
      actions: { onSuccess: [], onFailure: [{ type: 'RAISE_INCIDENT' }] },
      info: {
        type: 'DATASET',
        description: 'At least one row.',
        source: { type: 'NATIVE', created: { time: 10, actor: ANA } },
        datasetAssertion: {
          datasetUrn: ORDERS,
          scope: 'DATASET_ROWS',
          aggregation: 'ROW_COUNT',
          operator: 'GREATER_THAN',
          parameters: { value: { value: '0', type: 'NUMBER' }, minValue: null },
          fields: [{ urn: `urn:${ns}:schemaField:(${ORDERS},id)`, path: 'id' }],
          nativeParameters: [{ key: 'check', value: 'row_count' }],
        },
        freshnessAssertion: null,
        volumeAssertion: null,
        sqlAssertion: null,
      },
      runEvents: { total: 1, failed: 0, succeeded: 1, errored: 0 },
    });
    expect(byUrn[FRESH]).toMatchObject({
      info: {
        freshnessAssertion: {
          type: 'DATASET_CHANGE',
          entityUrn: ORDERS,
          schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'HOUR', multiple: 6 }, cron: null },
        },
      },
      runEvents: { total: 2, failed: 1, succeeded: 1, errored: 0 },
    });
    expect(byUrn[VOLUME]).toMatchObject({
      info: {
        volumeAssertion: {
          type: 'ROW_COUNT_TOTAL',
          entityUrn: ORDERS,
          rowCountTotal: { operator: 'BETWEEN', parameters: { minValue: { value: '10' }, maxValue: { value: '99' } } },
        },
      },
      runEvents: { total: 0, failed: 0, succeeded: 0, errored: 0 },
    });
    const all = await data(query, { urn: ORDERS, all: true });
    const retired = (all.dataset.assertions.assertions as { urn: string; info: unknown }[]).find(
      (a) => a.urn === RETIRED,
    );
    expect(retired?.info).toMatchObject({
      type: 'SQL',
      sqlAssertion: { type: 'METRIC', statement: 'select count(*) from orders', operator: 'LESS_THAN' },
    });
  });

  it("lists a dataset's incidents, newest first, filtered by state and priority", async () => {
    const query = `query getDatasetIncidents($urn: String!, $state: IncidentState, $priority: IncidentPriority) {
      dataset(urn: $urn) {
        incidents(state: $state, priority: $priority, start: 0, count: 10) {
          start count total
          incidents {
            urn type incidentType title startedAt priority
            incidentStatus { state stage message lastUpdated { time actor } }
            source { type source { urn } }
            assignees { ... on CorpUser { urn } }
            entity { urn }
            created { time actor }
          }
        }
      }
    }`;
    const every = await data(query, { urn: ORDERS });
    expect(every.dataset.incidents.total).toBe(2);
    expect((every.dataset.incidents.incidents as { urn: string }[]).map((i) => i.urn)).toEqual([CLOSED, OPEN]);
    const active = await data(query, { urn: ORDERS, state: 'ACTIVE' });
    expect(active.dataset.incidents).toEqual({
      start: 0,
      count: 1,
      total: 1,
      incidents: [
        {
          urn: OPEN,
          type: 'INCIDENT',
          incidentType: 'FRESHNESS',
          title: 'Orders are late',
          startedAt: 90,
          priority: 'CRITICAL',
          incidentStatus: {
            state: 'ACTIVE',
            stage: 'INVESTIGATION',
            message: 'Looking',
            lastUpdated: { time: 300, actor: ANA },
          },
          source: { type: 'ASSERTION_FAILURE', source: { urn: FRESH } },
          assignees: [{ urn: ANA }],
          entity: { urn: ORDERS },
          created: { time: 100, actor: ANA },
        },
      ],
    });
    const medium = await data(query, { urn: ORDERS, priority: 'MEDIUM' });
    expect((medium.dataset.incidents.incidents as { urn: string }[]).map((i) => i.urn)).toEqual([CLOSED]);
  });

  it("lists a job's runs that have run events, newest created first, with their events and training properties", async () => {
    const { dataJob } = await data(
      `query getDataJobRuns($urn: String!) {
        dataJob(urn: $urn) {
          runs(start: 0, count: 20) {
            count start total
            runs {
              urn type name
              created { time actor }
              properties { name customProperties { key value } }
              parentTemplate { urn }
              state(limit: 5) { status attempt timestampMillis durationMillis result { resultType nativeResultType } }
              mlTrainingRunProperties { id outputUrls hyperParams { name value } trainingMetrics { name value } }
            }
          }
        }
      }`,
      { urn: JOB },
    );
    expect(dataJob.runs).toMatchObject({ count: 2, start: 0, total: 2 });
    const [second, first] = dataJob.runs.runs;
    expect(second).toEqual({
      urn: SECOND_RUN,
      type: 'DATA_PROCESS_INSTANCE',
      name: 'run2',
      created: { time: 2_000, actor: ANA },
      properties: { name: 'run2', customProperties: [{ key: 'attempt', value: '1' }] },
      parentTemplate: { urn: JOB },
      state: [
        {
          status: 'COMPLETE',
          attempt: null,
          timestampMillis: 2_500,
          durationMillis: null,
          result: { resultType: 'FAILURE', nativeResultType: 'failed' },
        },
      ],
      mlTrainingRunProperties: {
        id: 'train-42',
        outputUrls: ['s3://models/churn/42'],
        hyperParams: [{ name: 'epochs', value: '20' }],
        trainingMetrics: [{ name: 'loss', value: '0.12' }],
      },
    });
    expect(first.urn).toBe(FIRST_RUN);
    expect(first.mlTrainingRunProperties).toBeNull();
    expect(first.state).toEqual([
      {
        status: 'COMPLETE',
        attempt: 1,
        timestampMillis: 1_500,
        durationMillis: 400,
        result: { resultType: 'SUCCESS', nativeResultType: 'success' },
      },
      { status: 'STARTED', attempt: 1, timestampMillis: 1_100, durationMillis: null, result: null },
    ]);
    const page = await data(
      `{ dataJob(urn: "${JOB}") { runs(start: 1, count: 1) { count start total runs { urn } } } }`,
    );
    expect(page.dataJob.runs).toEqual({ count: 1, start: 1, total: 2, runs: [{ urn: FIRST_RUN }] });
  });

  it('answers a relationship between datasets, a business attribute and the schema field that carries it', async () => {
    const { erModelRelationship, businessAttribute, entity } = await data(
      `query getFieldSemantics($join: String!, $attribute: String!, $field: String!) {
        erModelRelationship(urn: $join) {
          urn type id
          properties {
            name cardinality createdTime createdActor { urn }
            source { urn } destination { urn }
            relationshipFieldMappings { sourceField destinationField }
          }
          editableProperties { name description }
        }
        businessAttribute(urn: $attribute) {
          urn type
          properties { name description type customProperties { key value } created { time } lastModified { time } }
        }
        entity(urn: $field) {
          urn type
          ... on SchemaFieldEntity {
            fieldPath parent { urn }
            businessAttributes { businessAttribute { associatedUrn businessAttribute { urn properties { name } } } }
            documentation { documentations { documentation } }
            tags { tags { tag { urn } } }
          }
        }
      }`,
      { join: JOIN, attribute: EMAIL, field: FIELD },
    );
    expect(erModelRelationship).toEqual({
      urn: JOIN,
      type: 'ER_MODEL_RELATIONSHIP',
      id: 'orders_customers',
      properties: {
        name: 'Orders to customers',
        cardinality: 'N_ONE',
        createdTime: 42,
        createdActor: { urn: ANA },
        source: { urn: ORDERS },
        destination: { urn: CUSTOMERS },
        relationshipFieldMappings: [{ sourceField: 'customer_id', destinationField: 'id' }],
      },
      editableProperties: { name: 'Order customer', description: 'Who ordered.' },
    });
    expect(businessAttribute).toEqual({
      urn: EMAIL,
      type: 'BUSINESS_ATTRIBUTE',
      properties: {
        name: 'email',
        description: 'An email address.',
        type: 'STRING',
        customProperties: [{ key: 'pii', value: 'true' }],
        created: { time: 1 },
        lastModified: { time: 2 },
      },
    });
    expect(entity).toEqual({
      urn: FIELD,
      type: 'SCHEMA_FIELD',
      fieldPath: 'email',
      parent: { urn: CUSTOMERS },
      businessAttributes: {
        businessAttribute: { associatedUrn: FIELD, businessAttribute: { urn: EMAIL, properties: { name: 'email' } } },
      },
      documentation: { documentations: [{ documentation: 'Where we write.' }] },
      tags: { tags: [{ tag: { urn: `urn:${ns}:tag:PII` } }] },
    });
  });

  // upstream-differences: graphql-quality-values-upstream-cannot-map.
  it('answers a storage-size scope as UNKNOWN and an incident without incidentInfo as null, where upstream fails', async () => {
    const storage = `urn:${ns}:assertion:storage`;
    await ingest(server, storage, 'assertionInfo', {
      type: 'DATASET',
      datasetAssertion: { dataset: CUSTOMERS, scope: 'DATASET_STORAGE_SIZE', operator: 'LESS_THAN' },
    });
    const untitled = `urn:${ns}:incident:untitled`;
    await ingest(server, untitled, 'globalTags', { tags: [] });
    const { assertion, entity } = await data(
      `query($assertion: String!, $incident: String!) {
        assertion(urn: $assertion) { info { datasetAssertion { datasetUrn scope operator } } }
        entity(urn: $incident) { urn }
      }`,
      { assertion: storage, incident: untitled },
    );
    expect(assertion.info.datasetAssertion).toEqual({ datasetUrn: CUSTOMERS, scope: 'UNKNOWN', operator: 'LESS_THAN' });
    expect(entity).toBeNull();
  });

  it('refuses an incident or an assertion missing what upstream requires, naming the field, and writes nothing', async () => {
    const incident = `urn:${ns}:incident:broken`;
    const reply = await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: proposal(incident, 'incidentInfo', { type: 'OPERATIONAL', entities: [ORDERS], created: stamp(1) }),
      token: ADMIN,
    });
    expect(reply.status).toBe(422);
    expect(reply.text).toMatch(/status/);
    const assertion = await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: proposal(`urn:${ns}:assertion:broken`, 'assertionInfo', { datasetAssertion: { dataset: ORDERS } }),
      token: ADMIN,
    });
    expect(assertion.status).toBe(422);
    expect(assertion.text).toMatch(/type/);
    const { dataset } = await data(`{ dataset(urn: "${ORDERS}") { incidents { total } } }`);
    expect(dataset.incidents.total).toBe(2);
  });
});
