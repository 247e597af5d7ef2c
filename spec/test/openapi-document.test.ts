/**
 * The shape of the OpenAPI document as every consumer sees it through loadContract(): both
 * namespaces, the Rest.li action conventions, shared errors and the security of each resource.
 */
import { describe, expect, it } from 'vitest';
import { loadContract, serviceDocument, type JsonSchema, type Namespace, type OperationSpec } from '../index.js';
import { interfaceDocument } from '../interface-document.js';

const svc = loadContract('svc');

type Responses = Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.push(key);
      strings(v, out);
    }
  }
  return out;
}

/** Actions the document says take no body, e.g. "**action=getIndexSizes** — no parameters, no body". */
const bodilessActions = new Set(
  interfaceDocument().sections.flatMap((s) => [...s.text.matchAll(/\*\*action=(\w+)\*\*[^\n]*no body/g)].map((m) => m[1] ?? '')),
);

describe('namespaces', () => {
  it.each<{ ns: Namespace; header: string; docsPath: string; foreign: string[] }>([
    { ns: 'svc', header: 'X-Svc-Protocol-Version', docsPath: '/svc/docs', foreign: ['urn:li:', 'com.linkedin.', 'X-RestLi-Protocol-Version', '/restli/docs'] },
    { ns: 'li', header: 'X-RestLi-Protocol-Version', docsPath: '/restli/docs', foreign: ['urn:svc:', 'com.svc.', 'X-Svc-Protocol-Version', '/svc/docs'] },
  ])('$ns loads in its own notation', ({ ns, header, docsPath, foreign }) => {
    const contract = loadContract(ns);
    const all = strings(contract.openapi);
    for (const prefix of foreign) expect(all.filter((s) => s.includes(prefix)), prefix).toEqual([]);
    const protocol = contract.operations.flatMap((op) => op.parameters).filter((p) => p.in === 'header');
    expect(protocol.length).toBeGreaterThan(0);
    expect(new Set(protocol.map((p) => p.name))).toEqual(new Set([header]));
    expect(contract.operations.find((op) => op.operationId === 'getApiReference')?.path).toBe(docsPath);
    expect(contract.operations.map((op) => op.operationId)).toEqual(svc.operations.map((op) => op.operationId));
  });
});

describe('document', () => {
  it('lists the three address forms as relative servers', () => {
    expect((svc.openapi.servers as { url: string }[]).map((s) => s.url)).toEqual(['/api/gms', '/gms', '/']);
  });

  it('has unique camelCase operationIds', () => {
    const ids = svc.operations.map((op) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe.each(svc.operations.map((op) => ({ id: op.operationId, op })))('$id', ({ op }: { id: string; op: OperationSpec }) => {
  const responses = op.raw.responses as Responses;

  it('is a POST with a required one-value action parameter when its path names an action', () => {
    if (!op.action) return expect(op.parameters.map((p) => p.name)).not.toContain('action');
    expect(op.method).toBe('post');
    const action = op.parameters.find((p) => p.name === 'action');
    expect(action).toMatchObject({ in: 'query', required: true, schema: { type: 'string', enum: [op.action] } });
  });

  it('has a request schema when it is an action that takes a body', () => {
    if (!op.action) return expect(op.raw.requestBody).toBeUndefined();
    if (bodilessActions.has(op.action)) return expect(op.raw.requestBody).toBeUndefined();
    expect(op.requestSchema?.type ?? op.requestSchema?.oneOf).toBeTruthy();
  });

  it('has a 200 response', () => {
    expect(responses['200']).toBeDefined();
  });

  it('answers 4xx with the shared Rest.li error', () => {
    const clientErrors = Object.keys(responses).filter((status) => status.startsWith('4'));
    expect(clientErrors.length).toBeGreaterThan(0);
    for (const status of clientErrors) expect(op.responses[status]?.title, status).toBe('RestliError');
    if (op.security) expect(clientErrors).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('asks for the bearer token as the document shows it', () => {
    const security = (op.raw.security ?? []) as Record<string, unknown>[];
    const tag = op.tags[0] ?? '';
    if (tag === 'operations' || tag === 'test') expect(security).toEqual([{ bearerAuth: [] }]);
    else if (tag === 'docs') expect(security).toEqual([]);
    else expect(security).toEqual([{}, { bearerAuth: [] }]);
  });
});

describe('admin endpoints of the mock', () => {
  const paths = svc.openapi.paths as Record<string, { servers?: { url: string }[] }>;

  it('are described under the admin tag, each path on the root server only, and are no operation of the service', () => {
    expect(svc.adminOperations.map((op) => op.operationId)).toEqual(expect.arrayContaining(['listMockRequests', 'addMockFault', 'putMockSettings', 'loadMockScenario', 'listMockSessions', 'resetMock']));
    for (const op of svc.adminOperations) {
      expect(op.tags, op.operationId).toEqual(['admin']);
      expect(op.path, op.operationId).toMatch(/^\/__mock\//);
      expect(paths[op.pathKey]?.servers?.map((s) => s.url), op.pathKey).toEqual(['/']);
    }
    expect(svc.operations.filter((op) => op.tags.includes('admin'))).toEqual([]);
  });

  it('are left out of the document the proxy checks traffic against', () => {
    const service = serviceDocument(svc.openapi);
    expect(Object.keys(service.paths as object).filter((key) => key.startsWith('/__mock'))).toEqual([]);
    expect(Object.keys(service.paths as object)).toHaveLength(new Set(svc.operations.map((op) => op.pathKey)).size);
  });
});
