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
import { globalTagsRecord, statusRecord } from '../aspect-records.js';
import { objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { assertionInfoRecord } from './assertion-info.js';
import { catalogFields } from './catalog-fields.js';
import { lineageOf, relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';
import { timeSeriesValues, type TimeSeriesArgs } from './time-series-values.js';

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

function runEventsRecord(
  view: EntityView,
  urn: string,
  args: TimeSeriesArgs & { status?: string | null },
): OutputRecord {
  const events = timeSeriesValues(view, urn, 'assertionRunEvent', args).filter(
    (event) => !args.status || event.status === args.status,
  );
  return view.shapes.record('AssertionRunEventsResult', {
    total: events.length,
    failed: completedWith(events, 'FAILURE'),
    succeeded: completedWith(events, 'SUCCESS'),
    errored: completedWith(events, 'ERROR'),
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
