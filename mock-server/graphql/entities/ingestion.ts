/**
 * Ingestion sources and execution requests as upstream maps them (datahub-graphql-core/.../resolvers/ingest/
 * IngestionResolverUtils.java, v1.3.0.1): a source from dataHubIngestionSourceInfo, a request from
 * dataHubExecutionRequestInput and dataHubExecutionRequestResult; neither has a record without its info/input.
 *
 * The mock runs no ingestion. A request without a stored result is a simulated run on the mock's clock: it
 * waits PENDING_MS after it was requested (result null, as a queued request has none), runs RUNNING_MS (status
 * RUNNING, its log so far), then succeeds with its whole log (and, for a connection test, a report that every
 * capability could be checked). A stored result (a cancelled request, the sample's past runs) is what it says.
 */
import { urnLastPart } from '../../../spec/index.js';
import { ownershipRecord } from '../aspect-records.js';
import { booleanOr, numberOr, objectOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

export const PENDING_MS = 1000;
export const RUNNING_MS = 4000;

const entriesOf = (view: EntityView, map: unknown): OutputRecord[] | null => {
  const object = objectOf(map);
  return object
    ? Object.entries(object).map(([key, value]) =>
        view.shapes.record('StringMapEntry', { key, value: typeof value === 'string' ? value : null }),
      )
    : null;
};

/** The simulated log of a run, line by line, as far as it got by `elapsed` milliseconds of running. */
function runLog(input: JsonObject, elapsed: number): string {
  const task = stringOr(input.task) ?? 'RUN_INGEST';
  const lines = [
    `Execution request ${task} accepted by executor ${stringOr(input.executorId) ?? 'default'}.`,
    'Reading the recipe and resolving its secrets.',
    'Connecting to the source (simulated: the mock runs no ingestion).',
    'Extracting metadata.',
    'Done: the source reported no failures.',
  ];
  const shown = Math.min(lines.length, 1 + Math.floor((elapsed / RUNNING_MS) * (lines.length - 1)));
  return lines.slice(0, shown).join('\n');
}

/** A stored result, or the simulated run's state now; null while it waits. */
export function resultOf(view: EntityView, urn: string, input: JsonObject, now: number): OutputRecord | null {
  const stored = view.aspectsOf(urn).aspect('dataHubExecutionRequestResult');
  if (stored) {
    const structured = objectOf(stored.structuredReport);
    return view.shapes.record('ExecutionRequestResult', {
      status: stringOr(stored.status) ?? 'UNKNOWN',
      startTimeMs: numberOr(stored.startTimeMs),
      durationMs: numberOr(stored.durationMs),
      report: stringOr(stored.report),
      structuredReport: structured
        ? view.shapes.record('StructuredReport', {
            type: stringOr(structured.type) ?? '',
            serializedValue: stringOr(structured.serializedValue) ?? '',
            contentType: stringOr(structured.contentType) ?? '',
          })
        : null,
    });
  }
  const requestedAt = numberOr(input.requestedAt) ?? now;
  const startTimeMs = requestedAt + PENDING_MS;
  if (now < startTimeMs) return null;
  const running = now - startTimeMs < RUNNING_MS;
  const testConnection = input.task === 'TEST_CONNECTION';
  return view.shapes.record('ExecutionRequestResult', {
    status: running ? 'RUNNING' : 'SUCCESS',
    startTimeMs,
    durationMs: running ? null : RUNNING_MS,
    report: runLog(input, running ? now - startTimeMs : RUNNING_MS),
    structuredReport:
      !running && testConnection
        ? view.shapes.record('StructuredReport', {
            type: 'TEST_CONNECTION',
            serializedValue: JSON.stringify({ basic_connectivity: { capable: true }, capability_report: {} }),
            contentType: 'application/json',
          })
        : null,
  });
}

export function executionRequestRecord(view: EntityView, urn: string): OutputRecord | null {
  const input = view.aspectsOf(urn).aspect('dataHubExecutionRequestInput');
  if (!input) return null;
  const source = objectOf(input.source) ?? {};
  const sourceUrn = stringOr(source.ingestionSource);
  const actor = stringOr(input.actorUrn);
  return view.shapes.record('ExecutionRequest', {
    urn,
    type: 'EXECUTION_REQUEST',
    id: urnLastPart(urn),
    input: view.shapes.record('ExecutionRequestInput', {
      task: stringOr(input.task) ?? '',
      source: view.shapes.record('ExecutionRequestSource', { type: stringOr(source.type), ingestionSource: sourceUrn }),
      arguments: entriesOf(view, input.args),
      requestedAt: numberOr(input.requestedAt) ?? 0,
      actorUrn: actor,
      actor: actor ? () => view.corpUser(actor) : null,
      executorId: stringOr(input.executorId),
    }),
    result: () => resultOf(view, urn, input, Date.now()),
    source: () => (sourceUrn ? ingestionSourceRecord(view, sourceUrn) : null),
    relationships: relationshipsOf(view, urn),
  });
}

/** The requests of a source, newest first (the `ingestionSource` of each request's input). */
export function executionRequestsOf(view: EntityView, sourceUrn: string | undefined): string[] {
  return view.store
    .latestOfAspect('dataHubExecutionRequest', 'dataHubExecutionRequestInput')
    .filter(({ value }) => sourceUrn === undefined || objectOf(value.source)?.ingestionSource === sourceUrn)
    .sort((a, b) => Number(b.value.requestedAt) - Number(a.value.requestedAt))
    .map(({ urn }) => urn);
}

export function executionsPage(view: EntityView, urns: readonly string[], start: number, count: number): OutputRecord {
  const page = urns.slice(start, start + count);
  return view.shapes.record('IngestionSourceExecutionRequests', {
    start,
    count: page.length,
    total: urns.length,
    executionRequests: page.flatMap((urn) => executionRequestRecord(view, urn) ?? []),
  });
}

export function ingestionSourceRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const info = stored.aspect('dataHubIngestionSourceInfo');
  if (!info) return null;
  const schedule = objectOf(info.schedule);
  const config = objectOf(info.config) ?? {};
  const platform = stringOr(info.platform);
  const sourceKind = stringOr(objectOf(info.source)?.type);
  return view.shapes.record('IngestionSource', {
    urn,
    type: stringOr(info.type) ?? '',
    name: stringOr(info.name) ?? '',
    schedule: schedule
      ? view.shapes.record('IngestionSchedule', {
          timezone: stringOr(schedule.timezone),
          interval: stringOr(schedule.interval) ?? '',
        })
      : null,
    platform: platform ? () => view.dataPlatform(platform) : null,
    config: view.shapes.record('IngestionConfig', {
      recipe: stringOr(config.recipe) ?? '',
      executorId: stringOr(config.executorId) ?? 'default',
      version: stringOr(config.version),
      debugMode: booleanOr(config.debugMode),
      extraArgs: entriesOf(view, config.extraArgs),
    }),
    executions: ({ start, count }: { start?: number | null; count?: number | null }) =>
      executionsPage(view, executionRequestsOf(view, urn), start ?? 0, count ?? 10),
    ownership: () => ownershipRecord(view, stored.aspect('ownership'), urn),
    latestSuccessfulExecution: () => {
      const now = Date.now();
      for (const request of executionRequestsOf(view, urn)) {
        const input = view.aspectsOf(request).aspect('dataHubExecutionRequestInput');
        const result = input && resultOf(view, request, input, now);
        if (result?.status === 'SUCCESS') return executionRequestRecord(view, request);
      }
      return null;
    },
    source: sourceKind ? view.shapes.record('IngestionSourceSource', { type: sourceKind }) : null,
  });
}
