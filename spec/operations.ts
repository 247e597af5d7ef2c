/**
 * The operations of the OpenAPI document, one per action. Path keys such as `/entities?action=search`
 * are split into the resource path and the action, so that routers can dispatch on
 * (method, path, action).
 */
import type { JsonSchema } from './aspect-spec.js';

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OperationSpec {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** The path without the query part, e.g. `/entities` or `/entitiesV2/{urn}`. */
  path: string;
  /** The value of `action` when the path key carries `?action=<name>`. */
  action?: string;
  /** The path key as written in the spec. */
  pathKey: string;
  tags: string[];
  parameters: ParameterSpec[];
  requestSchema?: JsonSchema;
  requestRequired: boolean;
  /** Response schemas by status code (JSON bodies only). */
  responses: Record<string, JsonSchema | undefined>;
  security: boolean;
  raw: JsonSchema;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** The tag of the mock's own test controls (`/__mock/...`): described in the document, but no operation of the service. */
export const ADMIN_TAG = 'admin';

/** Whether an operation is one of the mock's admin endpoints rather than the service's. */
export const isAdminOperation = (op: Pick<OperationSpec, 'tags'>): boolean => op.tags.includes(ADMIN_TAG);

/** The OpenAPI document without the admin endpoints: what the proxy checks traffic against. */
export function serviceDocument(openapi: JsonSchema): JsonSchema {
  const paths = (openapi.paths ?? {}) as Record<string, Record<string, JsonSchema>>;
  const kept = Object.entries(paths).filter(([, item]) => !METHODS.some((method) => ((item[method]?.tags ?? []) as string[]).includes(ADMIN_TAG)));
  return { ...openapi, paths: Object.fromEntries(kept), tags: ((openapi.tags ?? []) as { name: string }[]).filter((tag) => tag.name !== ADMIN_TAG) };
}

export function contractOperations(openapi: JsonSchema): OperationSpec[] {
  const out: OperationSpec[] = [];
  const paths = (openapi.paths ?? {}) as Record<string, Record<string, JsonSchema>>;
  const globalSecurity = Array.isArray(openapi.security) && openapi.security.length > 0;
  for (const [pathKey, item] of Object.entries(paths)) {
    const [path = pathKey, query] = pathKey.split('?');
    const action = query ? new URLSearchParams(query).get('action') ?? undefined : undefined;
    const shared = (item.parameters ?? []) as ParameterSpec[];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...shared, ...((op.parameters ?? []) as ParameterSpec[])].map((p) => ({ ...p, required: !!p.required }));
      const body = op.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } | undefined;
      const responses: Record<string, JsonSchema | undefined> = {};
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: JsonSchema }> }>)) {
        responses[status] = response.content?.['application/json']?.schema;
      }
      const security = Array.isArray(op.security) ? op.security.length > 0 && op.security.some((s) => Object.keys(s as object).length > 0) : globalSecurity;
      const spec: OperationSpec = {
        operationId: op.operationId as string,
        method,
        path,
        pathKey,
        tags: (op.tags ?? []) as string[],
        parameters,
        requestRequired: !!body?.required,
        responses,
        security,
        raw: op,
      };
      if (action) spec.action = action;
      const requestSchema = body?.content?.['application/json']?.schema;
      if (requestSchema) spec.requestSchema = requestSchema;
      out.push(spec);
    }
  }
  return out;
}
