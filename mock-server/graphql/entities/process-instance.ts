/**
 * A run (data process instance) as upstream's DataProcessInstanceMapper maps it
 * (datahub-graphql-core/.../types/dataprocessinst/mappers/DataProcessInstanceMapper.java, v1.3.0.1): name,
 * externalUrl, created and properties from dataProcessInstanceProperties, the training run's
 * mlTrainingRunProperties, the platform of its dataPlatformInstance, sub-types, container, status and
 * the parent template of dataProcessInstanceRelationships; `state(...)` its run events
 * (DataProcessInstanceRunEventMapper). A job's `runs(start, count)` are the runs that are InstanceOf it
 * and have run events, the most recently created first, as upstream's DataJobRunsResolver filters
 * (parentTemplate, hasRunEvents) and sorts (created, descending) them; an asset's `runs(start, count,
 * direction)` the runs that read or wrote it (EntityRunsResolver).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { badRequestError } from '../errors.js';
import { auditStampRecord, customPropertiesRecords } from '../aspect-records.js';
import { numberOr, objectOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { incomingUrns } from './edges.js';
import type { EntityView } from './entity-view.js';
import { mlValueRecords } from './ml-assets.js';
import { pageFields } from './page-fields.js';
import { timeSeriesValues, type TimeSeriesArgs } from './time-series-values.js';

/** Upstream's default page of a job's runs. */
const DEFAULT_RUNS = 20;
/** How many runs of one job the graph is asked for. */
const MAX_RUNS = 10_000;

function runEventRecord(view: EntityView, event: JsonObject): OutputRecord {
  const result = objectOf(event.result);
  return view.shapes.record('DataProcessRunEvent', {
    status: stringOr(event.status),
    attempt: numberOr(event.attempt),
    result: result
      ? view.shapes.record('DataProcessInstanceRunResult', {
          resultType: stringOr(result.type),
          nativeResultType: stringOr(result.nativeResultType),
        })
      : null,
    timestampMillis: numberOr(event.timestampMillis) ?? 0,
    durationMillis: numberOr(event.durationMillis),
  });
}

function trainingRunRecord(view: EntityView, aspect: JsonObject | undefined): OutputRecord | null {
  if (!aspect) return null;
  return view.shapes.record('MLTrainingRunProperties', {
    id: stringOr(aspect.id),
    outputUrls: Array.isArray(aspect.outputUrls) ? stringsOf(aspect.outputUrls) : null,
    hyperParams: mlValueRecords(view, 'MLHyperParam', aspect.hyperParams),
    trainingMetrics: mlValueRecords(view, 'MLMetric', aspect.trainingMetrics),
  });
}

export function dataProcessInstanceRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const info = () => stored.aspect('dataProcessInstanceProperties');
  return view.shapes.recordWithShared('DataProcessInstance', pageFields(view, urn, stored), {
    urn,
    type: 'DATA_PROCESS_INSTANCE',
    state: (args: TimeSeriesArgs) =>
      timeSeriesValues(view, urn, 'dataProcessInstanceRunEvent', args).map((event) => runEventRecord(view, event)),
    name: () => stringOr(info()?.name),
    externalUrl: () => stringOr(info()?.externalUrl),
    created: () => (info() ? auditStampRecord(view, info()?.created) : null),
    properties: () => {
      const aspect = info();
      const name = stringOr(aspect?.name);
      if (!aspect || name === null) return null;
      return view.shapes.record('DataProcessInstanceProperties', {
        name,
        externalUrl: stringOr(aspect.externalUrl),
        created: auditStampRecord(view, aspect.created),
        customProperties: customPropertiesRecords(view, aspect.customProperties, urn),
      });
    },
    platform: () => {
      const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
      return platform ? view.dataPlatform(platform) : null;
    },
    mlTrainingRunProperties: () => trainingRunRecord(view, stored.aspect('mlTrainingRunProperties')),
    parentTemplate: () => {
      const template = stringOr(stored.aspect('dataProcessInstanceRelationships')?.parentTemplate);
      return template ? view.entity(template) : null;
    },
  });
}

/** When a run was created (its properties' created time), for the newest-first order; 0 when unknown. */
function createdTime(view: EntityView, urn: string): number {
  const stored = view.store.getAspect(urn, 'dataProcessInstanceProperties', 0);
  return numberOr(objectOf(stored && view.valueOf(stored).created)?.time) ?? 0;
}

export interface RunsArgs {
  start?: number | null;
  count?: number | null;
}

/** One page of runs, the most recently created first (the sort both upstream resolvers ask the index for). */
function runsPage(view: EntityView, runs: readonly string[], args: RunsArgs): OutputRecord {
  const start = args.start ?? 0;
  const count = args.count ?? DEFAULT_RUNS;
  if (start < 0) throw badRequestError(`start: must be 0 or more, got ${start}`);
  if (count < 0) throw badRequestError(`count: must be 0 or more, got ${count}`);
  const sorted = runs.map((run) => ({ run, created: createdTime(view, run) })).sort((a, b) => b.created - a.created);
  const page = sorted.slice(start, start + count);
  return view.shapes.record('DataProcessInstanceResult', {
    count: page.length,
    start,
    total: sorted.length,
    runs: () => page.map(({ run }) => view.entity(run)),
  });
}

/** A job's runs that have run events, the most recently created first. */
export function jobRuns(view: EntityView, jobUrn: string, args: RunsArgs): OutputRecord {
  const runs = incomingUrns(view, jobUrn, 'InstanceOf', MAX_RUNS).filter(
    (run) => view.store.timeseries({ urn: run, aspect: 'dataProcessInstanceRunEvent', limit: 1 }).length > 0,
  );
  return runsPage(view, runs, args);
}

/**
 * An asset's `runs(start, count, direction)` (upstream's EntityRunsResolver,
 * datahub-graphql-core/.../resolvers/jobs/EntityRunsResolver.java, v1.3.0.1): the runs whose
 * dataProcessInstanceInput names it (INCOMING, the default) or whose dataProcessInstanceOutput does
 * (OUTGOING), the most recently created first, whether or not they have run events.
 */
export function assetRuns(view: EntityView, urn: string, args: RunsArgs & { direction?: string | null }): OutputRecord {
  const relationship = args.direction === 'OUTGOING' ? 'Produces' : 'Consumes';
  const runs = incomingUrns(view, urn, relationship, MAX_RUNS).filter(
    (run) => tryParseUrn(run)?.entityType === 'dataProcessInstance',
  );
  return runsPage(view, runs, args);
}
