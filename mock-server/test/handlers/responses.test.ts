/**
 * Every operation's answer, on the sample catalog, validates against the response schema the spec
 * gives for its status; so do the error bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import { SchemaValidators } from '../../../spec/validation.js';
import type { MockServer } from '../../index.js';
import { call, startServer } from '../http-harness.js';

const contract = loadContract('svc');
const validators = new SchemaValidators();
const enc = encodeURIComponent;

let server: MockServer;
let urn: string;

beforeAll(async () => {
  server = await startServer({ sample: true });
  const found = await call(server, 'POST', '/entities?action=search', {
    body: { input: '*', entity: 'dataset', start: 0, count: 1 },
  });
  urn = found.json.value.entities[0];
});

afterAll(() => server.close());

function responseErrors(operationId: string, status: number, body: unknown): string[] {
  const op = contract.operations.find((o) => o.operationId === operationId);
  const schema = op?.responses[String(status)];
  if (!schema) return [`${operationId} has no response schema for ${status}`];
  return validators.validate(schema, body, 'response');
}

describe('responses follow the spec', () => {
  const cases: { operationId: string; request: () => [string, string, unknown?] }[] = [
    { operationId: 'getEntityV2', request: () => ['GET', `/entitiesV2/${enc(urn)}`] },
    { operationId: 'getEntity', request: () => ['GET', `/entities/${enc(urn)}`] },
    { operationId: 'getAspect', request: () => ['GET', `/aspects/${enc(urn)}?aspect=ownership`] },
    {
      operationId: 'getRelationships',
      request: () => ['GET', `/relationships?urn=${enc(urn)}&direction=OUTGOING&types=List(OwnedBy,DownstreamOf)`],
    },
    {
      operationId: 'searchEntities',
      request: () => ['POST', '/entities?action=search', { input: 'customers', entity: 'dataset', start: 0, count: 5 }],
    },
    {
      operationId: 'browseEntities',
      request: () => ['POST', '/entities?action=browse', { path: '/prod', entity: 'dataset', start: 0, limit: 5 }],
    },
    {
      operationId: 'autocompleteEntities',
      request: () => ['POST', '/entities?action=autocomplete', { query: 'cu', entity: 'dataset', limit: 5 }],
    },
    {
      operationId: 'getTimeseriesAspectValues',
      request: () => [
        'POST',
        '/aspects?action=getTimeseriesAspectValues',
        { urn, entity: 'dataset', aspect: 'datasetProfile', limit: 2 },
      ],
    },
    {
      operationId: 'ingestProposal',
      request: () => [
        'POST',
        '/aspects?action=ingestProposal',
        {
          proposal: {
            entityType: 'dataset',
            entityUrn: urn,
            changeType: 'UPSERT',
            aspectName: 'status',
            aspect: { value: '{"removed":false}', contentType: 'application/json' },
          },
        },
      ],
    },
    { operationId: 'getIndexSizes', request: () => ['POST', '/operations?action=getIndexSizes', {}] },
    { operationId: 'restoreIndices', request: () => ['POST', '/operations?action=restoreIndices', { urn }] },
    { operationId: 'evaluateTests', request: () => ['POST', '/test?action=evaluate', { urn }] },
  ];

  it.each(cases)('$operationId', async ({ operationId, request }) => {
    const [method, path, body] = request();
    const reply = await call(server, method, path, { token: 'admin-token', ...(body === undefined ? {} : { body }) });
    expect(reply.status, reply.text).toBe(200);
    expect(responseErrors(operationId, reply.status, reply.json)).toEqual([]);
  });

  it.each([
    ['searchEntities', 400, 'POST', '/entities?action=search', { input: 1 }],
    ['getAspect', 404, 'GET', `/aspects/${enc('urn:svc:corpuser:nobody')}?aspect=corpUserInfo`, undefined],
    ['getIndexSizes', 401, 'POST', '/operations?action=getIndexSizes', {}],
  ] as const)('the %s error body for %i', async (operationId, status, method, path, body) => {
    const reply = await call(server, method, path, body === undefined ? {} : { body });
    expect(reply.status).toBe(status);
    expect(responseErrors(operationId, status, reply.json)).toEqual([]);
  });
});

describe('stored aspects in answers', () => {
  // The reads splice the stored JSON text into the answer; text that looks like the splice marker stays text.
  const value = {
    description: '\u00000 "quoted" \\ and \u2028',
    customProperties: { '\u00001': '\u00002', nested: '{"a":1}' },
    tags: [],
  };

  const record = contract.recordOfAspect('datasetProperties') ?? '';
  it.each([
    ['entitiesV2', (u: string) => `/entitiesV2/${enc(u)}`, (json: any) => json.aspects.datasetProperties.value],
    [
      'entities',
      (u: string) => `/entities/${enc(u)}`,
      (json: any) => Object.assign({}, ...(Object.values(json.value)[0] as any).aspects)[record],
    ],
    ['aspects', (u: string) => `/aspects/${enc(u)}?aspect=datasetProperties`, (json: any) => json.aspect[record]],
  ] as const)('come back unchanged from %s, as application/json', async (_name, path, pick) => {
    const target = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,raw.splice,PROD)';
    const written = await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: {
        proposal: {
          entityType: 'dataset',
          entityUrn: target,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
      },
    });
    expect(written.status, written.text).toBe(200);
    const reply = await call(server, 'GET', path(target));
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(pick(reply.json)).toEqual(value);
  });
});

describe('defaults upstream fills when it validates an aspect', () => {
  const target = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,stamps.defaults,PROD)';
  const zero = { time: 0, actor: 'urn:svc:corpuser:unknown' };
  const given = { time: 1_700_000_000_000, actor: 'urn:svc:corpuser:jdoe' };

  it.each([
    ['editableSchemaMetadata', { editableSchemaFieldInfo: [] }, (v: any) => [v.created, v.lastModified], [zero, zero]],
    [
      'editableSchemaMetadata',
      { editableSchemaFieldInfo: [], created: given },
      (v: any) => [v.created, v.lastModified],
      [given, zero],
    ],
    ['editableDatasetProperties', { description: 'edited' }, (v: any) => [v.created, v.lastModified], [zero, zero]],
  ] as const)('%s %j is read back with the zero audit stamps it lacked', async (aspectName, value, pick, want) => {
    const written = await call(server, 'POST', '/aspects?action=ingestProposal', {
      body: {
        proposal: {
          entityType: 'dataset',
          entityUrn: target,
          changeType: 'UPSERT',
          aspectName,
          aspect: { value: JSON.stringify(value), contentType: 'application/json' },
        },
      },
    });
    expect(written.status, written.text).toBe(200);
    const reply = await call(server, 'GET', `/entitiesV2/${enc(target)}?aspects=List(${aspectName})`);
    expect(pick(reply.json.aspects[aspectName].value)).toEqual(want);
  });
});
