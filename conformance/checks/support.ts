/**
 * What several check groups share: reading a `{value}` envelope, decoding JSON text held in a
 * string, and choosing the dataset a read-only check looks at
 * (the run's own with --allow-writes, else --dataset, else the first dataset the deployment's search
 * returns).
 */
import { expect, fail, type CheckContext } from '../check.js';
import type { ApiResponse } from '../client.js';
import { hitUrns, restliEncode, restliList } from '../../shapes/index.js';

// The shape-tolerant readers live in shapes/ (shared with the pull); the checks take them from here.
export { hitUrns, restliEncode, restliList };

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

/** A dataset to read: the run's own, else --dataset, else any the deployment's search finds; skips when there is none. */
export async function readableDataset(ctx: CheckContext): Promise<string> {
  if (ctx.allowWrites && !ctx.fixture.failure && ctx.fixture.urns.length) return ctx.fixture.orders;
  return ctx.dataset ?? (await anyEntity(ctx, 'dataset'));
}

/** The first entity of a type the deployment's search finds; skips when there is none. */
export async function anyEntity(ctx: CheckContext, entity: string): Promise<string> {
  const res = await ctx.client.expectStatus('searchEntities', { body: { input: '*', entity, start: 0, count: 1 } });
  return hitUrns(valueOf(res))[0] ?? ctx.skip(`the deployment has no ${entity} to read`);
}

/** Search hits (URNs) of a query restricted to datasets. */
export async function searchUrns(ctx: CheckContext, input: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await ctx.client.expectStatus('searchEntities', { body: { input, entity: 'dataset', start: 0, count: 50, ...extra } });
  return hitUrns(valueOf(res));
}

/** Waits until the run's three searchable datasets show in search, their writes indexed. */
export async function fixtureSearchable(ctx: CheckContext): Promise<void> {
  const { orders, customers, returns } = ctx.fixture;
  await ctx.eventually(() => searchUrns(ctx, ctx.fixture.word), (hits) => [orders, customers, returns].every((urn) => hits.includes(urn)));
}

/** The timestamps of the time series points of a getTimeseriesAspectValues body. */
export async function pointTimes(ctx: CheckContext, body: Record<string, unknown>): Promise<number[]> {
  const values = valueOf<{ values: { aspect: { value: unknown } }[] }>(await ctx.client.expectStatus('getTimeseriesAspectValues', { body })).values;
  return values.map((v) => jsonText<{ timestampMillis: number }>(v.aspect.value, 'aspect.value').timestampMillis);
}

/** Waits until the run's datasetProfile points on `orders` all show. */
export async function fixtureProfilesVisible(ctx: CheckContext): Promise<void> {
  const { timeBase, profileTimes, orders } = ctx.fixture;
  const body = { urn: orders, entity: 'dataset', aspect: 'datasetProfile', startTimeMillis: timeBase, endTimeMillis: timeBase + 10_000 };
  await ctx.eventually(() => pointTimes(ctx, body), (times) => profileTimes.every((t) => times.includes(t)));
}

export function ingestBody(urn: string, entityType: string, aspectName: string, aspect: unknown, changeType = 'UPSERT'): Record<string, unknown> {
  const proposal: Record<string, unknown> = { entityType, entityUrn: urn, changeType, aspectName };
  if (changeType !== 'DELETE') proposal.aspect = { value: JSON.stringify(aspect), contentType: 'application/json' };
  return { proposal };
}

/** The query of a relationships read, written as protocol 2.0.0 wants it (`types=List(...)`). */
export function relationshipsQuery(urn: string, direction: string, types = 'DownstreamOf'): string {
  return `urn=${restliEncode(urn)}&direction=${restliEncode(direction)}&types=${restliList([types])}`;
}
