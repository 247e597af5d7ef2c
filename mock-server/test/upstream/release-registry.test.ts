/**
 * What the registry of DataHub v1.3.0.1 (spec/entities.yaml `release`) lets a client write that the older
 * registry refused: one aspect of each entity new in that release, and the aspects DataHub's own fixtures
 * of that release send to older entities (`applications` of a dataset, `mlTrainingRunProperties` and
 * `container` of a dataProcessInstance, `mlModelDeploymentProperties` of an mlModelDeployment). Each is
 * written through the HTTP API (single proposal, batch proposal, legacy snapshot) and read back unchanged,
 * with its key aspect derived from the URN. The payloads are the project's own.
 */
import { describe, expect, it } from 'vitest';
import { call, serverForTests } from '../http-harness.js';

const server = serverForTests({ namespace: 'li' });

interface Case {
  urn: string;
  aspect: string;
  value: Record<string, unknown>;
  key?: Record<string, unknown>;
}

function proposal({ urn, aspect, value }: Case): Record<string, unknown> {
  return {
    entityType: urn.split(':')[2],
    entityUrn: urn,
    changeType: 'UPSERT',
    aspectName: aspect,
    aspect: { value: JSON.stringify(value), contentType: 'application/json' },
  };
}

async function readAspect(urn: string, aspect: string): Promise<unknown> {
  const reply = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(urn)}?aspects=List(${aspect})`);
  expect(reply.status, reply.text).toBe(200);
  return reply.json.aspects?.[aspect]?.value;
}

const NEW_ENTITIES: Case[] = [
  {
    urn: 'urn:li:application:billing-app',
    aspect: 'applicationProperties',
    value: { name: 'Billing', description: 'Invoices and payments', customProperties: { team: 'finance' } },
    key: { applicationKey: { id: 'billing-app' } },
  },
  {
    urn: 'urn:li:versionSet:(orders-model,mlModel)',
    aspect: 'versionSetProperties',
    value: {
      latest: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,orders,PROD)',
      versioningScheme: 'LEXICOGRAPHIC_STRING',
    },
    key: { versionSetKey: { id: 'orders-model', entityType: 'mlModel' } },
  },
  {
    urn: 'urn:li:dataHubPageTemplate:home-default',
    aspect: 'dataHubPageTemplateProperties',
    value: { rows: [{ modules: ['urn:li:dataHubPageModule:my-assets'] }], surface: { surfaceType: 'HOME_PAGE' } },
    key: { dataHubPageTemplateKey: { id: 'home-default' } },
  },
  {
    urn: 'urn:li:dataHubPageModule:my-assets',
    aspect: 'dataHubPageModuleProperties',
    value: { name: 'My assets', type: 'OWNED_ASSETS', visibility: { scope: 'GLOBAL' }, params: {} },
    key: { dataHubPageModuleKey: { id: 'my-assets' } },
  },
  {
    urn: 'urn:li:dataHubOpenAPISchema:schema-1',
    aspect: 'systemMetadata',
    value: { lastObserved: 1700000000000, runId: 'no-run-id-provided' },
    key: { dataHubOpenAPISchemaKey: { id: 'schema-1' } },
  },
];

const NEW_ASPECTS: Case[] = [
  {
    urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,billing.invoices,PROD)',
    aspect: 'applications',
    value: { applications: ['urn:li:application:billing-app'] },
  },
  {
    urn: 'urn:li:dataProcessInstance:training-run-7',
    aspect: 'mlTrainingRunProperties',
    value: { id: 'run-7', outputUrls: ['s3://models/run-7'], trainingMetrics: [{ name: 'auc', value: '0.91' }] },
  },
  {
    urn: 'urn:li:dataProcessInstance:training-run-7',
    aspect: 'container',
    value: { container: 'urn:li:container:ml-experiments' },
  },
  {
    urn: 'urn:li:mlModelDeployment:(urn:li:dataPlatform:sagemaker,billing-endpoint,PROD)',
    aspect: 'mlModelDeploymentProperties',
    value: { customProperties: { tier: 'gold' }, createdAt: 1700000000000, status: 'IN_SERVICE' },
  },
];

describe('entities new in v1.3.0.1', () => {
  it.each(NEW_ENTITIES.map((c) => [c.urn.split(':')[2], c] as const))(
    '%s: an aspect is accepted and read back, with its key aspect from the URN',
    async (_entity, c) => {
      const reply = await call(server(), 'POST', '/aspects?action=ingestProposal', { body: { proposal: proposal(c) } });
      expect(reply.status, reply.text).toBe(200);
      const read = await call(server(), 'GET', `/entitiesV2/${encodeURIComponent(c.urn)}`);
      expect(read.status, read.text).toBe(200);
      expect(read.json.aspects[c.aspect].value).toEqual(c.value);
      const [keyName, keyValue] = Object.entries(c.key!)[0]!;
      expect(read.json.aspects[keyName].value).toEqual(keyValue);
    },
  );
});

describe('aspects of older entities new in v1.3.0.1', () => {
  it.each(NEW_ASPECTS.map((c) => [`${c.urn.split(':')[2]}/${c.aspect}`, c] as const))(
    '%s: accepted in a batch of proposals and read back unchanged',
    async (_name, c) => {
      const reply = await call(server(), 'POST', '/aspects?action=ingestProposalBatch', {
        body: { proposals: [proposal(c)] },
      });
      expect(reply.status, reply.text).toBe(200);
      expect(await readAspect(c.urn, c.aspect)).toEqual(c.value);
    },
  );

  it('the legacy snapshot of an mlModelDeployment carries mlModelDeploymentProperties, as the sagemaker source emits it', async () => {
    const urn = 'urn:li:mlModelDeployment:(urn:li:dataPlatform:sagemaker,second-endpoint,PROD)';
    const value = { customProperties: { EndpointStatus: 'Creating' }, createdAt: 1700000000000, status: 'CREATING' };
    const body = {
      entity: {
        value: {
          'com.linkedin.metadata.snapshot.MLModelDeploymentSnapshot': {
            urn,
            aspects: [{ 'com.linkedin.ml.metadata.MLModelDeploymentProperties': value }],
          },
        },
      },
    };
    const reply = await call(server(), 'POST', '/entities?action=ingest', { body });
    expect(reply.status, reply.text).toBe(200);
    expect(await readAspect(urn, 'mlModelDeploymentProperties')).toEqual(value);
  });
});
