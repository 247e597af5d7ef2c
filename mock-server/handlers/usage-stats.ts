/**
 * The legacy usageStats resource (upstream's `UsageStats`, see ../ingest/usage-aggregation.ts): batchIngest
 * stores each usage record as a `datasetUsageStatistics` point; queryRange reads those points back
 * as upstream's `query` does, in buckets of the asked duration with aggregations over the range.
 */
import { datasetUsageStatisticsOf, type UsageAggregation } from '../ingest/usage-aggregation.js';
import { RestliError } from '../errors.js';
import { writeContext, type Handler } from './context.js';
import { entityOf } from './entity-urn.js';
import { USAGE_ASPECT, usageInRange } from './usage-query.js';

export const batchIngestUsageStats: Handler = ({ body, caller }, { contract, store }) => {
  (body as { buckets: UsageAggregation[] }).buckets.forEach((bucket, i) => {
    const at = `body.buckets[${i}]`;
    const entity = entityOf(contract, bucket.resource, `${at}.resource`);
    try {
      store.upsertAspect(entity.name, bucket.resource, USAGE_ASPECT, datasetUsageStatisticsOf(bucket), {
        ...writeContext(caller),
        valueRoot: `${at} (as ${USAGE_ASPECT})`,
      });
    } catch (error) {
      if (!(error instanceof RestliError) || error.message.includes(at)) throw error;
      throw new RestliError(error.status, `${at}.resource: ${error.message}`);
    }
  });
  return {};
};

export const queryUsageStatsRange: Handler = ({ body }, { contract, store }) => {
  const { resource, duration, rangeFromEnd } = body as { resource: string; duration: string; rangeFromEnd: string };
  entityOf(contract, resource, 'body.resource');
  return { json: { value: usageInRange(store, resource, duration, rangeFromEnd) } };
};
