/**
 * An incident as upstream's IncidentMapper maps it (datahub-graphql-core/.../types/incident/IncidentMapper.java,
 * v1.3.0.1) from incidentInfo: the stored priority number as its enum (0 critical to 3 low), the
 * assignees as users or groups, the first of its entities as `entity`, status twice (incidentStatus
 * and status), and tags. An incident without incidentInfo has no record (upstream fails on it). An
 * entity's `incidents(...)` are the incidents raised on it (incoming IncidentOn edges), filtered by
 * state, stage, priority and assignees and sorted newest created first, as EntityIncidentsResolver
 * asks the search index for them (.../resolvers/incident/EntityIncidentsResolver.java).
 */
import { tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord, globalTagsRecord } from '../aspect-records.js';
import { badRequestError } from '../errors.js';
import { numberOr, objectOf, objectsOf, stringOr, stringsOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { incomingUrns, relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

/** The priority enum by the number the aspect stores. */
const PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];
/** Upstream's default page of an entity's incidents. */
const DEFAULT_INCIDENTS = 20;
/** How many incidents of one entity the graph is asked for. */
export const MAX_INCIDENTS = 10_000;

/** The stored incidentInfo of an incident; undefined without one. */
export function incidentInfo(view: EntityView, urn: string): JsonObject | undefined {
  const stored = view.store.getAspect(urn, 'incidentInfo', 0);
  return stored && view.valueOf(stored);
}

function statusRecord(view: EntityView, status: JsonObject | undefined): OutputRecord {
  return view.shapes.record('IncidentStatus', {
    state: stringOr(status?.state),
    stage: stringOr(status?.stage),
    message: stringOr(status?.message),
    lastUpdated: auditStampRecord(view, status?.lastUpdated),
  });
}

export function incidentRecord(view: EntityView, urn: string): OutputRecord | null {
  const info = incidentInfo(view, urn);
  const entity = stringsOf(info?.entities)[0];
  if (!info || !entity) return null;
  const status = statusRecord(view, objectOf(info.status));
  const priority = numberOr(info.priority);
  const source = objectOf(info.source);
  const sourceUrn = stringOr(source?.sourceUrn);
  return view.shapes.record('Incident', {
    urn,
    type: 'INCIDENT',
    incidentType: stringOr(info.type),
    customType: stringOr(info.customType),
    title: stringOr(info.title),
    description: stringOr(info.description),
    incidentStatus: status,
    status,
    priority: priority === null ? null : (PRIORITIES[priority] ?? null),
    assignees: Array.isArray(info.assignees)
      ? () =>
          objectsOf(info.assignees).flatMap((assignee) => {
            const actor = stringOr(assignee.actor);
            const kind = actor ? tryParseUrn(actor)?.entityType : undefined;
            return actor && (kind === 'corpuser' || kind === 'corpGroup') ? (view.entity(actor) ?? []) : [];
          })
      : null,
    entity: () => view.entity(entity),
    source: source
      ? view.shapes.record('IncidentSource', {
          type: stringOr(source.type),
          source: () => (sourceUrn ? view.entity(sourceUrn) : null),
        })
      : null,
    startedAt: numberOr(info.startedAt),
    created: auditStampRecord(view, info.created),
    tags: () => {
      const tags = view.store.getAspect(urn, 'globalTags', 0);
      return globalTagsRecord(view, tags && view.valueOf(tags), urn);
    },
    relationships: relationshipsOf(view, urn),
  });
}

export interface IncidentsArgs {
  state?: string | null;
  stage?: string | null;
  priority?: string | null;
  assigneeUrns?: readonly string[] | null;
  start?: number | null;
  count?: number | null;
}

/** An incident's fields the filters of `incidents(...)` and health read. */
export interface IncidentFacts {
  urn: string;
  state: string | null;
  stage: string | null;
  priority: string | null;
  assignees: string[];
  created: number;
  lastUpdated: number;
}

/** The incidents raised on an entity (incoming IncidentOn edges) that have an incidentInfo. */
export function incidentsOn(view: EntityView, urn: string): IncidentFacts[] {
  return incomingUrns(view, urn, 'IncidentOn', MAX_INCIDENTS).flatMap((incident) => {
    const info = incidentInfo(view, incident);
    if (!info) return [];
    const status = objectOf(info.status);
    const priority = numberOr(info.priority);
    return [
      {
        urn: incident,
        state: stringOr(status?.state),
        stage: stringOr(status?.stage),
        priority: priority === null ? null : (PRIORITIES[priority] ?? null),
        assignees: objectsOf(info.assignees).flatMap((a) => stringOr(a.actor) ?? []),
        created: numberOr(objectOf(info.created)?.time) ?? 0,
        lastUpdated: numberOr(objectOf(status?.lastUpdated)?.time) ?? 0,
      },
    ];
  });
}

export function entityIncidents(view: EntityView, urn: string, args: IncidentsArgs): OutputRecord {
  const start = args.start ?? 0;
  const count = args.count ?? DEFAULT_INCIDENTS;
  if (start < 0) throw badRequestError(`start: must be 0 or more, got ${start}`);
  if (count < 0) throw badRequestError(`count: must be 0 or more, got ${count}`);
  const assignees = args.assigneeUrns;
  const matching = incidentsOn(view, urn)
    .filter((i) => !args.state || i.state === args.state)
    .filter((i) => !args.stage || i.stage === args.stage)
    .filter((i) => !args.priority || i.priority === args.priority)
    .filter((i) => !assignees || i.assignees.some((actor) => assignees.includes(actor)))
    .sort((a, b) => b.created - a.created);
  const page = matching.slice(start, start + count);
  return view.shapes.record('EntityIncidentsResult', {
    start,
    count: page.length,
    total: matching.length,
    incidents: () => page.flatMap((i) => incidentRecord(view, i.urn) ?? []),
  });
}
