/**
 * The entity types of upstream's registry that the interface document does not name
 * (`metadata-models/src/main/resources/entity-registry.yml`, commit 000b1d8e3a68769813957c220421cc35c15bc3bc):
 * their key aspect comes from the URN, their aspects are stored and returned as sent, indexed only once the spec
 * has the aspect's schema (domainProperties, dataProductProperties, mlModelGroupProperties; the rest opaque),
 * their legacy snapshot names are accepted, and an aspect such an entity lacks reads as a 404.
 */
import { describe, expect, it } from 'vitest';
import { call, serverForTests } from '../http-harness.js';
import { pythonHeaders, pythonSystemMetadata, send } from '../datahub-client-wire.js';

const server = serverForTests({ namespace: 'li' });

function emitMcp(entityType: string, entityUrn: string, aspectName: string, value: unknown) {
  const proposal = {
    entityType,
    entityUrn,
    changeType: 'UPSERT',
    aspectName,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
    systemMetadata: pythonSystemMetadata(),
  };
  return send(
    server(),
    'POST',
    '/aspects?action=ingestProposal',
    pythonHeaders(),
    JSON.stringify({ proposal, async: 'false' }),
  );
}

const entityV2 = (urn: string) => call(server(), 'GET', `/entitiesV2/${encodeURIComponent(urn)}`);

describe.each([
  {
    entityType: 'mlModelDeployment',
    urn: 'urn:li:mlModelDeployment:(urn:li:dataPlatform:sagemaker,endpoint-1,PROD)',
    aspect: 'mlModelDeploymentProperties',
    value: { description: 'quokka endpoint', customProperties: { quokka: 'yes' } },
    key: {
      mlModelDeploymentKey: { platform: 'urn:li:dataPlatform:sagemaker', name: 'endpoint-1', origin: 'PROD' },
    },
  },
  {
    entityType: 'domain',
    urn: 'urn:li:domain:marketing',
    aspect: 'domainProperties',
    value: { name: 'Marketing quokka' },
    indexed: true,
    key: { domainKey: { id: 'marketing' } },
  },
  {
    entityType: 'dataProduct',
    urn: 'urn:li:dataProduct:orders',
    aspect: 'dataProductProperties',
    value: { name: 'Orders quokka' },
    indexed: true,
    key: { dataProductKey: { id: 'orders' } },
  },
  {
    entityType: 'query',
    urn: 'urn:li:query:q1',
    aspect: 'queryProperties',
    value: {
      statement: { value: 'select quokka', language: 'SQL' },
      source: 'MANUAL',
      // Both stamps are required fields of upstream's QueryProperties record.
      created: { time: 1700000000000, actor: 'urn:li:corpuser:etl' },
      lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:etl' },
    },
    key: { queryKey: { id: 'q1' } },
  },
  {
    entityType: 'mlModelGroup',
    urn: 'urn:li:mlModelGroup:(urn:li:dataPlatform:sagemaker,churn,PROD)',
    aspect: 'mlModelGroupProperties',
    value: { description: 'quokka models' },
    indexed: true,
    key: { mlModelGroupKey: { platform: 'urn:li:dataPlatform:sagemaker', name: 'churn', origin: 'PROD' } },
  },
  {
    entityType: 'dataProcessInstance',
    urn: 'urn:li:dataProcessInstance:run-1',
    aspect: 'dataProcessInstanceProperties',
    value: { name: 'run quokka', created: { time: 1, actor: 'urn:li:corpuser:etl' }, customProperties: {} },
    key: { dataProcessInstanceKey: { id: 'run-1' } },
  },
])('$entityType', ({ entityType, urn, aspect, value, key, indexed = false }) => {
  it('accepts an aspect as the Python emitter sends it and returns it unchanged, with the key aspect from the URN', async () => {
    expect((await emitMcp(entityType, urn, aspect, value)).status).toBe(200);
    const read = await entityV2(urn);
    expect(read.status).toBe(200);
    expect(read.json.aspects[aspect].value).toEqual(value);
    const [keyName, keyValue] = Object.entries(key)[0]!;
    expect(read.json.aspects[keyName].value).toEqual(keyValue);
  });

  it(`${indexed ? 'indexes the aspect of its schema: its words find the entity' : 'does not index the opaque aspect: its words find nothing'}`, async () => {
    const search = await call(server(), 'POST', '/entities?action=search', {
      body: { input: 'quokka', entity: entityType, start: 0, count: 10 },
    });
    expect(search.status).toBe(200);
    expect(search.json.value.numEntities).toBe(indexed ? 1 : 0);
  });
});

describe('an aspect a known entity lacks', () => {
  it('reads as a 404, as the SDK expects of telemetryClientId before it writes one', async () => {
    // metadata-ingestion/src/datahub/telemetry/telemetry.py reads urn:li:telemetry:clientId's telemetryClientId; a 404 means "none yet".
    const path = `/aspects/${encodeURIComponent('urn:li:telemetry:clientId')}?aspect=telemetryClientId&version=0`;
    expect((await send(server(), 'GET', path, pythonHeaders())).status).toBe(404);
    expect(
      (await emitMcp('telemetry', 'urn:li:telemetry:clientId', 'telemetryClientId', { clientId: 'c0ffee' })).status,
    ).toBe(200);
    const read = await send(server(), 'GET', path, pythonHeaders());
    expect(read.status).toBe(200);
    expect(read.json.aspect).toEqual({ 'com.linkedin.telemetry.TelemetryClientId': { clientId: 'c0ffee' } });
  });

  it('is still a 400 when the registry does not allow it for the entity', async () => {
    const reply = await call(
      server(),
      'GET',
      `/aspects/${encodeURIComponent('urn:li:domain:x')}?aspect=chartInfo&version=0`,
    );
    expect(reply.status).toBe(400);
  });
});

describe('legacy snapshot names of upstream', () => {
  it.each([
    [
      'MLModelGroupSnapshot',
      'urn:li:mlModelGroup:(urn:li:dataPlatform:mlflow,fraud,PROD)',
      'com.linkedin.ml.metadata.MLModelGroupProperties',
      'mlModelGroupProperties',
    ],
    [
      'MLModelDeploymentSnapshot',
      'urn:li:mlModelDeployment:(urn:li:dataPlatform:sagemaker,endpoint-1,PROD)',
      'com.linkedin.ml.metadata.MLModelDeploymentProperties',
      'mlModelDeploymentProperties',
    ],
    [
      'DataProcessSnapshot',
      'urn:li:dataProcess:(nightly,airflow,PROD)',
      'com.linkedin.dataprocess.DataProcessInfo',
      'dataProcessInfo',
    ],
  ])('%s is accepted by the legacy ingest (emit_mce)', async (snapshot, urn, record, aspectName) => {
    const value = { customProperties: { note: snapshot } };
    const body = {
      entity: { value: { [`com.linkedin.metadata.snapshot.${snapshot}`]: { urn, aspects: [{ [record]: value }] } } },
      systemMetadata: pythonSystemMetadata(),
    };
    const reply = await send(server(), 'POST', '/entities?action=ingest', pythonHeaders(), JSON.stringify(body));
    expect(reply.status, reply.text).toBe(200);
    expect((await entityV2(urn)).json.aspects[aspectName].value).toEqual(value);
  });
});
