/**
 * The arguments and input fields the SDL gained with DataHub v1.3.0.1's signatures, each answered as that
 * release's resolvers do (datahub-graphql-core at tag v1.3.0.1):
 * - `Query.entities(checkForExistence)`: GmsGraphQLEngine.getEntitiesResolver with
 *   ResolverUtils.filterEntitiesForExistence: true leaves out the URNs of entities that do not exist.
 * - `Dataset.usageStats(startTimeMillis, timeZone)` and `TimeRange.HALF_YEAR`: DatasetUsageStatsResolver,
 *   UsageStatsJavaClient (a start replaces the range's) and UsageServiceUtil (daily buckets in the zone);
 *   TimeseriesUtils.convertRangeToStartTime (HALF_YEAR is 183 days back).
 * - `AddLinkInput.settings`, `RemoveLinkInput.label`: LinkUtils (mapSettings; removal by URL and label).
 * - `FacetFilterInput.value`: ResolverUtils.criterionFromFilter (the single value when `values` is absent).
 */
import { describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, ingest, serverForTests } from '../http-harness.js';

const server = serverForTests({ indexLagMs: 0 });
const HIVE = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,shop.orders,PROD)';
const KAFKA = 'urn:svc:dataset:(urn:svc:dataPlatform:kafka,shop.clicks,PROD)';
const MISSING = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,shop.missing,PROD)';
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function gql(query: string, variables?: Record<string, unknown>) {
  const reply = await graphql(server(), { query, token: ADMIN, ...(variables ? { variables } : {}) });
  return reply.json as { data?: any; errors?: { message: string; extensions: { type: string } }[] };
}

async function aspect(urn: string, name: string): Promise<any> {
  const reply = await call(server(), 'GET', `/aspects/${encodeURIComponent(urn)}?aspect=${name}&version=0`);
  return reply.status === 200 ? Object.values(reply.json.aspect as Record<string, unknown>)[0] : undefined;
}

describe('Query.entities(checkForExistence)', () => {
  const QUERY =
    'query q($urns: [String!]!, $check: Boolean) { entities(urns: $urns, checkForExistence: $check) { urn } }';

  it('keeps every URN without it or when false, and leaves out what does not exist when true', async () => {
    await ingest(server(), HIVE, 'datasetProperties', { name: 'orders', customProperties: {} });
    const urns = [HIVE, MISSING];
    const all = await gql(QUERY, { urns });
    expect(all.errors).toBeUndefined();
    const asked = (await gql(QUERY, { urns, check: false })).data.entities;
    expect(asked).toEqual(all.data.entities);
    expect(all.data.entities).toHaveLength(2);
    const checked = await gql(QUERY, { urns, check: true });
    expect(checked.errors).toBeUndefined();
    expect(checked.data.entities).toEqual([{ urn: HIVE }]);
  });

  it('still refuses a malformed URN when checking', async () => {
    const reply = await gql(QUERY, { urns: ['not-a-urn'], check: true });
    expect(reply.errors?.[0]?.extensions.type).toBe('BAD_REQUEST');
  });
});

describe('Dataset.usageStats(startTimeMillis, timeZone)', () => {
  const QUERY = `query u($urn: String!, $range: TimeRange, $start: Long, $tz: String) { dataset(urn: $urn) {
    usageStats(range: $range, startTimeMillis: $start, timeZone: $tz) { buckets { bucket metrics { totalSqlQueries } } aggregations { totalSqlQueries } } } }`;
  const today = Math.floor(Date.now() / DAY) * DAY;
  const usage = (variables: Record<string, unknown>) => gql(QUERY, { urn: KAFKA, ...variables });

  it('starts the range at startTimeMillis instead of the range start', async () => {
    const point = (timestampMillis: number, totalSqlQueries: number) => ({
      timestampMillis,
      eventGranularity: { unit: 'DAY', multiple: 1 },
      totalSqlQueries,
    });
    await ingest(server(), KAFKA, 'datasetUsageStatistics', point(today - 2 * DAY, 3));
    await ingest(server(), KAFKA, 'datasetUsageStatistics', point(today - 100 * DAY, 5));
    await ingest(server(), KAFKA, 'datasetUsageStatistics', point(today - 150 * DAY + HOUR, 7));
    const month = await usage({ range: 'MONTH' });
    expect(month.errors).toBeUndefined();
    expect(month.data.dataset.usageStats.aggregations.totalSqlQueries).toBe(3);
    const fromStart = await usage({ range: 'MONTH', start: today - 120 * DAY });
    expect(fromStart.data.dataset.usageStats.aggregations.totalSqlQueries).toBe(8);
    const halfYear = await usage({ range: 'HALF_YEAR' });
    expect(halfYear.errors).toBeUndefined();
    expect(halfYear.data.dataset.usageStats.aggregations.totalSqlQueries).toBe(15);
  });

  it("buckets the days on the time zone's calendar", async () => {
    const utc = await usage({ range: 'HALF_YEAR' });
    const buckets = (reply: typeof utc) =>
      (reply.data.dataset.usageStats.buckets as { bucket: number }[]).map((b) => b.bucket);
    // The point an hour into its UTC day falls on the previous day in New York (UTC-4 or -5) and starts there at 04:00 or 05:00 UTC.
    expect(buckets(utc)).toContain(today - 150 * DAY);
    const newYork = await usage({ range: 'HALF_YEAR', tz: 'America/New_York' });
    expect(newYork.errors).toBeUndefined();
    const shifted = buckets(newYork).find((b) => b < today - 149 * DAY)!;
    expect([4, 5].map((h) => today - 151 * DAY + h * HOUR)).toContain(shifted);
    // Tokyo (UTC+9, no daylight saving): the day starts at 15:00 UTC of the day before.
    const tokyo = await usage({ range: 'HALF_YEAR', tz: 'Asia/Tokyo' });
    expect(buckets(tokyo)).toContain(today - 150 * DAY - 9 * HOUR);
    expect(buckets(await usage({ range: 'HALF_YEAR', tz: 'UTC' }))).toEqual(buckets(utc));
  });

  it('names a time zone it does not know', async () => {
    const reply = await usage({ range: 'MONTH', tz: 'Mars/Olympus' });
    expect(reply.errors?.[0]).toMatchObject({ extensions: { type: 'BAD_REQUEST' } });
    expect(reply.errors?.[0]?.message).toContain('Mars/Olympus');
  });
});

describe('addLink(settings) and removeLink(label)', () => {
  const url = 'https://wiki.example.com/orders';
  const mutate = (field: string, input: Record<string, unknown>) =>
    gql(`mutation m($input: ${field[0]!.toUpperCase()}${field.slice(1)}Input!) { ${field}(input: $input) }`, { input });
  const links = async () => ((await aspect(HIVE, 'institutionalMemory'))?.elements ?? []) as Record<string, any>[];

  it('stores the settings with the link, an empty record when showInAssetPreview is absent', async () => {
    const shown = { linkUrl: url, label: 'Wiki', resourceUrn: HIVE, settings: { showInAssetPreview: true } };
    expect((await mutate('addLink', shown)).errors).toBeUndefined();
    expect(
      (await mutate('addLink', { linkUrl: url, label: 'Runbook', resourceUrn: HIVE, settings: {} })).errors,
    ).toBeUndefined();
    expect((await mutate('addLink', { linkUrl: url, label: 'Plain', resourceUrn: HIVE })).errors).toBeUndefined();
    expect((await links()).map((l) => [l.description, l.settings])).toEqual([
      ['Wiki', { showInAssetPreview: true }],
      ['Runbook', {}],
      ['Plain', undefined],
    ]);
  });

  it('removes only the link of that URL and label when a label is given, every link of the URL without one', async () => {
    expect((await mutate('removeLink', { linkUrl: url, label: 'Runbook', resourceUrn: HIVE })).errors).toBeUndefined();
    expect((await links()).map((l) => l.description)).toEqual(['Wiki', 'Plain']);
    expect((await mutate('removeLink', { linkUrl: url, resourceUrn: HIVE })).errors).toBeUndefined();
    expect(await links()).toEqual([]);
  });
});

describe('FacetFilterInput.value', () => {
  const SEARCH =
    'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { searchResults { entity { urn } } } }';
  const found = async (filter: Record<string, unknown>) => {
    const reply = await gql(SEARCH, { input: { query: '*', types: ['DATASET'], filters: [filter] } });
    expect(reply.errors).toBeUndefined();
    return (reply.data.searchAcrossEntities.searchResults as { entity: { urn: string } }[]).map((r) => r.entity.urn);
  };

  it('filters by the single value when values is absent, and values wins when both are given', async () => {
    const hive = 'urn:svc:dataPlatform:hive';
    const kafka = 'urn:svc:dataPlatform:kafka';
    expect(await found({ field: 'platform', value: hive })).toEqual([HIVE]);
    expect(await found({ field: 'platform', values: [hive] })).toEqual([HIVE]);
    expect(await found({ field: 'platform', value: hive, values: [kafka] })).toEqual([KAFKA]);
  });
});
