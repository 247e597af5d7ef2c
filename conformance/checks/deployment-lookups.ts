/**
 * What a check reads from the deployment before it can check anything: the dataset a read-only check
 * looks at (the run's own with --allow-writes, else --dataset, else the first dataset the deployment's
 * search returns), search hits and time series points, and waiting until the run's own writes show.
 */
import type { CheckContext } from '../check.js';
import { hitUrns, jsonText, valueOf } from './response-readers.js';

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
export async function searchUrns(
  ctx: CheckContext,
  input: string,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const res = await ctx.client.expectStatus('searchEntities', {
    body: { input, entity: 'dataset', start: 0, count: 50, ...extra },
  });
  return hitUrns(valueOf(res));
}

/** Waits until the run's three searchable datasets show in search, their writes indexed. */
export async function fixtureSearchable(ctx: CheckContext): Promise<void> {
  const { orders, customers, returns } = ctx.fixture;
  await ctx.eventually(
    () => searchUrns(ctx, ctx.fixture.word),
    (hits) => [orders, customers, returns].every((urn) => hits.includes(urn)),
  );
}

/** The timestamps of the time series points of a getTimeseriesAspectValues body. */
export async function pointTimes(ctx: CheckContext, body: Record<string, unknown>): Promise<number[]> {
  const values = valueOf<{ values: { aspect: { value: unknown } }[] }>(
    await ctx.client.expectStatus('getTimeseriesAspectValues', { body }),
  ).values;
  return values.map((v) => jsonText<{ timestampMillis: number }>(v.aspect.value, 'aspect.value').timestampMillis);
}

/** Waits until the run's datasetProfile points on `orders` all show. */
export async function fixtureProfilesVisible(ctx: CheckContext): Promise<void> {
  const { timeBase, profileTimes, orders } = ctx.fixture;
  const body = {
    urn: orders,
    entity: 'dataset',
    aspect: 'datasetProfile',
    startTimeMillis: timeBase,
    endTimeMillis: timeBase + 10_000,
  };
  await ctx.eventually(
    () => pointTimes(ctx, body),
    (times) => profileTimes.every((t) => times.includes(t)),
  );
}
