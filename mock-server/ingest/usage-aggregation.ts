/**
 * Upstream's legacy usage record (`com.linkedin.usage.UsageAggregation`, what the Python emitter's
 * `emit_usage` sends) as the `datasetUsageStatistics` time series point its server stores in its
 * place: `UsageStats.ingest` in
 * `metadata-service/restli-servlet-impl/src/main/java/com/linkedin/metadata/resources/usage/UsageStats.java`,
 * commit 096c36c1ba86a9558175d6f82a64c2eeca7db9a4. The users' e-mail addresses are not kept, as there.
 */
export interface UsageAggregation {
  bucket: number;
  duration: string;
  resource: string;
  metrics: {
    uniqueUserCount?: number;
    users?: { user?: string; count: number; userEmail?: string }[];
    totalSqlQueries?: number;
    topSqlQueries?: string[];
    fields?: { fieldName: string; count: number }[];
  };
}

export function datasetUsageStatisticsOf(aggregation: UsageAggregation): Record<string, unknown> {
  const { metrics } = aggregation;
  const value: Record<string, unknown> = {
    timestampMillis: aggregation.bucket,
    eventGranularity: { unit: aggregation.duration, multiple: 1 },
  };
  if (metrics.uniqueUserCount !== undefined) value.uniqueUserCount = metrics.uniqueUserCount;
  if (metrics.totalSqlQueries !== undefined) value.totalSqlQueries = metrics.totalSqlQueries;
  if (metrics.topSqlQueries !== undefined) value.topSqlQueries = metrics.topSqlQueries;
  if (metrics.users !== undefined)
    value.userCounts = metrics.users.map((u) => ({
      ...(u.user !== undefined ? { user: u.user } : {}),
      count: u.count,
    }));
  if (metrics.fields !== undefined)
    value.fieldCounts = metrics.fields.map((f) => ({ fieldPath: f.fieldName, count: f.count }));
  return value;
}

/** Whether a seed entry is a usage record rather than a change event or proposal. */
export function isUsageAggregation(entry: Record<string, unknown>): boolean {
  return 'bucket' in entry && 'resource' in entry && 'metrics' in entry;
}
