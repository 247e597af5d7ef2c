/**
 * An assertion as upstream's AssertionMapper maps it (datahub-graphql-core/.../types/assertion/AssertionMapper.java,
 * v1.3.0.1): info from assertionInfo (./assertion-info.ts), actions from assertionActions, the platform
 * of its dataPlatformInstance (upstream's unknown platform without one), status and tags.
 * `runEvents(...)` counts its run events in the window as AssertionRunEventResolver does, and an
 * entity's `assertions(start, count, includeSoftDeleted)` are the assertions that Assert it, as
 * EntityAssertionsResolver reads them from the graph (.../resolvers/assertion/, v1.3.0.1).
 */
import { makeUrn } from '../../../spec/index.js';
import { badRequestError } from '../errors.js';
import type { TimeseriesPoint } from '../../store/types.js';
import { globalTagsRecord, statusRecord, stringMapRecords } from '../aspect-records.js';
import { numberOr, objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { assertionInfoRecord } from './assertion-info.js';
import { catalogFields } from './catalog-fields.js';
import { lineageOf, relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';
import { timeSeriesLimit, timeSeriesPoints, type TimeSeriesArgs } from './time-series-values.js';

/** Upstream's default page of an entity's assertions. */
const DEFAULT_ASSERTIONS = 200;

function actionsRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  const actions = (list: unknown) =>
    objectsOf(list).flatMap((action) => {
      const type = stringOr(action.type);
      return type ? [view.shapes.record('AssertionAction', { type })] : [];
    });
  return view.shapes.record('AssertionActions', {
    onSuccess: actions(aspect.onSuccess),
    onFailure: actions(aspect.onFailure),
  });
}

/** The completed run events' results of one kind, counted as upstream counts them. */
const completedWith = (events: JsonObject[], result: string): number =>
  events.filter((event) => event.status === 'COMPLETE' && objectOf(event.result)?.type === result).length;

/** An assertion run event as upstream's AssertionRunEventMapper maps it (the result's error is left out, as there). */
function runEventRecord(view: EntityView, point: TimeseriesPoint): OutputRecord {
  const event = point.value;
  const batch = objectOf(event.batchSpec);
  const partition = objectOf(event.partitionSpec);
  const result = objectOf(event.result);
  return view.shapes.record('AssertionRunEvent', {
    timestampMillis: event.timestampMillis,
    lastObservedMillis: numberOr(point.systemMetadata?.lastObserved),
    assertionUrn: stringOr(event.assertionUrn),
    asserteeUrn: stringOr(event.asserteeUrn),
    runId: stringOr(event.runId),
    status: stringOr(event.status),
    batchSpec: batch
      ? view.shapes.record('BatchSpec', {
          nativeBatchId: stringOr(batch.nativeBatchId),
          query: stringOr(batch.query),
          limit: numberOr(batch.limit),
          customProperties: stringMapRecords(view, batch.customProperties),
        })
      : null,
    partitionSpec: partition
      ? view.shapes.record('PartitionSpec', {
          partition: stringOr(partition.partition),
          type: stringOr(partition.type),
        })
      : null,
    runtimeContext: stringMapRecords(view, event.runtimeContext),
    result: result
      ? view.shapes.record('AssertionResult', {
          type: stringOr(result.type),
          rowCount: numberOr(result.rowCount),
          missingCount: numberOr(result.missingCount),
          unexpectedCount: numberOr(result.unexpectedCount),
          actualAggValue: numberOr(result.actualAggValue),
          externalUrl: stringOr(result.externalUrl),
          nativeResults: stringMapRecords(view, result.nativeResults),
        })
      : null,
  });
}

/**
 * The run events of the window (AssertionRunEventResolver, .../resolvers/assertion/, v1.3.0.1): those
 * of the status asked for, newest first, at most `limit`; the counts are of those returned.
 */
function runEventsRecord(
  view: EntityView,
  urn: string,
  args: TimeSeriesArgs & { status?: string | null },
): OutputRecord {
  const points = timeSeriesPoints(view, urn, 'assertionRunEvent', args)
    .filter((point) => !args.status || point.value.status === args.status)
    .slice(0, timeSeriesLimit(args));
  const events = points.map((point) => point.value);
  return view.shapes.record('AssertionRunEventsResult', {
    total: events.length,
    failed: completedWith(events, 'FAILURE'),
    succeeded: completedWith(events, 'SUCCESS'),
    errored: completedWith(events, 'ERROR'),
    runEvents: () => points.map((point) => runEventRecord(view, point)),
  });
}

export function assertionRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('Assertion', catalogFields(view, urn, stored), {
    urn,
    type: 'ASSERTION',
    platform: () =>
      view.dataPlatform(
        stringOr(stored.aspect('dataPlatformInstance')?.platform) ??
          makeUrn(view.urnPrefix, 'dataPlatform', ['unknown']),
      ),
    info: () => assertionInfoRecord(view, stored.aspect('assertionInfo')),
    runEvents: (args: TimeSeriesArgs & { status?: string | null }) => runEventsRecord(view, urn, args),
    relationships: relationshipsOf(view, urn),
    lineage: lineageOf(view, urn),
    status: () => statusRecord(view, stored.aspect('status')),
    tags: () => globalTagsRecord(view, stored.aspect('globalTags'), urn),
    actions: () => actionsRecord(view, stored.aspect('assertionActions')),
  });
}

export interface AssertionsArgs {
  start?: number | null;
  count?: number | null;
  includeSoftDeleted?: boolean | null;
}

/** The assertions of an entity: a page of its incoming Asserts edges, soft-deleted assertions left out unless asked for. */
export function entityAssertions(view: EntityView, urn: string, args: AssertionsArgs): OutputRecord {
  const start = args.start ?? 0;
  const count = args.count ?? DEFAULT_ASSERTIONS;
  if (start < 0) throw badRequestError(`start: must be 0 or more, got ${start}`);
  if (count < 0) throw badRequestError(`count: must be 0 or more, got ${count}`);
  const page = view.store.relationships({ urn, direction: 'INCOMING', types: ['Asserts'], start, count });
  const assertions = page.relationships
    .map((edge) => edge.entity)
    .filter((assertion) => view.store.entityExists(assertion))
    .filter((assertion) => args.includeSoftDeleted === true || !view.store.isSoftDeleted(assertion))
    .map((assertion) => assertionRecord(view, assertion));
  return view.shapes.record('EntityAssertionsResult', {
    start,
    count: page.relationships.length,
    total: page.total,
    assertions,
  });
}
