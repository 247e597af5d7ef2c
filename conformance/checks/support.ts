/**
 * What several check groups share: reading a `{value}` envelope, decoding JSON text held in a
 * string, and choosing the dataset a read-only check looks at (the run's own with --allow-writes,
 * else the first dataset the deployment's search returns).
 */
import { expect, fail, type CheckContext } from '../check.js';
import type { ApiResponse } from '../client.js';

export function valueOf<T = Record<string, unknown>>(res: ApiResponse): T {
  const body = res.body as { value?: unknown } | undefined;
  expect(body && typeof body === 'object' && 'value' in body, `response has no value: ${res.text.slice(0, 200)}`);
  return body.value as T;
}

export function jsonText<T = Record<string, unknown>>(text: unknown, what: string): T {
  expect(typeof text === 'string', `${what} is not a string holding JSON`);
  try {
    return JSON.parse(text) as T;
  } catch {
    fail(`${what} is not JSON: ${text.slice(0, 200)}`);
  }
}

/** A dataset to read: the run's own, else any the deployment has; skips when there is none. */
export async function readableDataset(ctx: CheckContext): Promise<string> {
  if (ctx.allowWrites && !ctx.fixture.failure && ctx.fixture.urns.length) return ctx.fixture.orders;
  const res = await ctx.client.expectStatus('searchEntities', { body: { input: '*', entity: 'dataset', start: 0, count: 1 } });
  const urn = valueOf<{ entities: string[] }>(res).entities[0];
  if (!urn) ctx.skip('the deployment has no dataset to read');
  return urn;
}

/** Search hits (URNs) of a query restricted to datasets. */
export async function searchUrns(ctx: CheckContext, input: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await ctx.client.expectStatus('searchEntities', { body: { input, entity: 'dataset', start: 0, count: 50, ...extra } });
  return valueOf<{ entities: string[] }>(res).entities;
}

export function ingestBody(urn: string, entityType: string, aspectName: string, aspect: unknown, changeType = 'UPSERT'): Record<string, unknown> {
  const proposal: Record<string, unknown> = { entityType, entityUrn: urn, changeType, aspectName };
  if (changeType !== 'DELETE') proposal.aspect = { value: JSON.stringify(aspect), contentType: 'application/json' };
  return { proposal };
}
