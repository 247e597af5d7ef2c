/**
 * truncateTimeseriesAspect: removes the points of one time series index older than endTimeMillis.
 * A dry run (the default) only reports the counts, in upstream's words; a real run starts a task
 * that deletes the selected points in batches and answers its id. The document says "older than",
 * so a point exactly at endTimeMillis stays; the upstream profile deletes it too, as upstream does (a listed
 * difference, truncate-boundary).
 */
import type { CatalogStore } from '../store/catalog-store.js';
import type { OperationsContext } from './context.js';
import { operationBody } from './action-body.js';
import type { BatchedWork } from './task-registry.js';
import { timeseriesIndexOf, type TimeseriesIndex } from './timeseries-index.js';

export interface TruncateRequest {
  entityType: string;
  aspect: string;
  endTimeMillis: number;
  dryRun?: boolean;
  batchSize?: number;
  timeoutSeconds?: number;
  forceDeleteByQuery?: boolean;
  forceReindex?: boolean;
}

const DEFAULT_BATCH_SIZE = 10_000;

interface PointKey {
  urn: string;
  timestampMillis: number;
}

/** `upTo`: also the points at endTimeMillis, as upstream deletes them (Condition.LESS_THAN_OR_EQUAL_TO). */
function pointsOlderThan(
  store: CatalogStore,
  index: TimeseriesIndex,
  endTimeMillis: number,
  upTo: boolean,
): PointKey[] {
  return store.db
    .prepare(
      `SELECT urn, timestamp_millis AS timestampMillis FROM timeseries
       WHERE entity = ? AND aspect = ? AND timestamp_millis ${upTo ? '<=' : '<'} ? ORDER BY timestamp_millis, urn`,
    )
    .all(index.entity.name, index.aspect, endTimeMillis) as PointKey[];
}

function pointCount(store: CatalogStore, index: TimeseriesIndex): number {
  return store.db
    .prepare('SELECT COUNT(*) FROM timeseries WHERE entity = ? AND aspect = ?')
    .pluck()
    .get(index.entity.name, index.aspect) as number;
}

/**
 * Deletes the points selected at the start, batch by batch, each batch in its own transaction. A
 * point that is gone by the time its batch runs counts as a version conflict, as a document changed
 * under a running delete by query does upstream. Time series points feed no derived index, so
 * deleting them leaves relationships and search documents as they are.
 */
function batchedDelete(
  store: CatalogStore,
  index: TimeseriesIndex,
  points: PointKey[],
  batchSize: number,
): BatchedWork {
  const remove = store.db.prepare('DELETE FROM timeseries WHERE urn = ? AND aspect = ? AND timestamp_millis = ?');
  let next = 0;
  return {
    total: points.length,
    nextBatch() {
      const batch = points.slice(next, next + batchSize);
      next += batch.length;
      return store.transaction(() => {
        let deleted = 0;
        for (const p of batch) deleted += remove.run(p.urn, index.aspect, p.timestampMillis).changes;
        return { deleted, conflicts: batch.length - deleted, done: next >= points.length };
      });
    },
  };
}

/** Upstream's report: counts, percentage (Java's %.2f; NaN for an empty index) and the strategy it would use. */
function deleteSummary(request: TruncateRequest, toDelete: number, total: number): string {
  const percentage = ((toDelete / total) * 100).toFixed(2);
  const reindex =
    request.forceDeleteByQuery !== true && (request.forceReindex === true || toDelete > Math.floor(total / 2));
  const strategy = reindex
    ? 'Reindexing the aspect without the deleted records. '
    : 'Issuing a delete by query request. ';
  return `Delete ${toDelete} out of ${total} rows (${percentage}%). ${strategy}`;
}

export function truncateTimeseriesAspect(store: CatalogStore, body: unknown, ctx: OperationsContext): string {
  const request = operationBody<TruncateRequest>(store.contract, 'truncateTimeseriesAspect', body);
  const index = timeseriesIndexOf(store.contract, request.entityType, request.aspect);
  // Upstream answers this (with 200) before counting anything; both flags false counts as "equal" too.
  if (request.forceDeleteByQuery !== undefined && request.forceDeleteByQuery === request.forceReindex) {
    return 'please only set forceReindex OR forceDeleteByQuery flags';
  }
  const points = pointsOlderThan(store, index, request.endTimeMillis, ctx.profile === 'upstream');
  const summary = deleteSummary(request, points.length, pointCount(store, index));
  if (request.dryRun ?? true) return `${summary}This was a dry run. Run with dryRun = false to execute.`;
  const work = batchedDelete(store, index, points, request.batchSize ?? DEFAULT_BATCH_SIZE);
  return ctx.tasks.start(work, request.timeoutSeconds === undefined ? {} : { timeoutSeconds: request.timeoutSeconds });
}
