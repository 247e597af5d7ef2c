/**
 * Incidents raised by hand (upstream's RaiseIncidentResolver, UpdateIncidentResolver and
 * UpdateIncidentStatusResolver over IncidentUtils under resolvers/incident/, datahub-graphql-core at
 * v1.3.0.1). raiseIncident makes `urn:<ns>:incident:<random UUID>` with an incidentInfo of the input: its
 * assets (`resourceUrn` joined to `resourceUrns`, at least one), source MANUAL, priority as a number
 * (CRITICAL 0 to LOW 3), assignees and status stamped with the caller (ACTIVE when absent); a CUSTOM type
 * needs `customType`. updateIncident changes only the parts given, but priority and assignees, which an
 * absent input clears, as upstream's; updateIncidentStatus replaces the status. A missing incident is
 * NOT_FOUND, with upstream's message.
 */
import { randomUUID } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import { CatalogGraphqlError, badRequestError } from '../errors.js';
import { stringsOf } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

const PRIORITIES: Readonly<Record<string, number>> = { CRITICAL: 0, HIGH: 1, MEDIUM: 2, LOW: 3 };

interface StatusInput {
  state: string;
  stage?: string | null;
  message?: string | null;
}

function statusOf(input: StatusInput | null | undefined, write: WriteContext): Record<string, unknown> {
  if (!input) return { state: 'ACTIVE', lastUpdated: stamp(write) };
  return {
    state: input.state,
    ...(input.stage != null ? { stage: input.stage } : {}),
    ...(input.message != null ? { message: input.message } : {}),
    lastUpdated: stamp(write),
  };
}

const assigneesOf = (urns: readonly string[], write: WriteContext) =>
  urns.map((actor) => ({ actor, assignedAt: stamp(write) }));

function resourcesOf(ctx: GraphqlContext, urns: readonly string[], field: string): string[] {
  urns.forEach((urn, i) => {
    try {
      entityNameOf(ctx, urn);
    } catch {
      throw badRequestError(`${field}[${i}]: ${urn} is not an urn of this service`);
    }
  });
  return [...new Set(urns)];
}

export interface RaiseIncidentInput {
  type: string;
  customType?: string | null;
  title?: string | null;
  description?: string | null;
  resourceUrn?: string | null;
  resourceUrns?: readonly string[] | null;
  startedAt?: number | null;
  status?: StatusInput | null;
  priority?: string | null;
  assigneeUrns?: readonly string[] | null;
}

export function raiseIncident(ctx: GraphqlContext, input: RaiseIncidentInput): string {
  const resources = resourcesOf(ctx, input.resourceUrns ?? [], 'input.resourceUrns');
  if (input.resourceUrn != null && !resources.includes(input.resourceUrn))
    resources.push(...resourcesOf(ctx, [input.resourceUrn], 'input.resourceUrn'));
  if (resources.length === 0) throw badRequestError('At least 1 resource urn must be defined to raise an incident.');
  const write = authorizeAll(ctx, resources);
  if (input.type === 'CUSTOM' && input.customType == null)
    throw badRequestError('Failed to create incident: customType is required (input.customType)');
  const urn = makeUrn(ctx.contract.names.urnPrefix, 'incident', [randomUUID()]);
  const info = {
    type: input.type,
    ...(input.customType != null ? { customType: input.customType } : {}),
    ...(input.title != null ? { title: input.title } : {}),
    ...(input.description != null ? { description: input.description } : {}),
    entities: resources,
    created: stamp(write),
    ...(input.startedAt != null ? { startedAt: input.startedAt } : {}),
    source: { type: 'MANUAL' },
    ...(input.priority != null ? { priority: PRIORITIES[input.priority] } : {}),
    ...(input.assigneeUrns != null ? { assignees: assigneesOf(input.assigneeUrns, write) } : {}),
    status: statusOf(input.status, write),
  };
  ctx.store.transaction(() => writeAspect(ctx, urn, 'incidentInfo', info, write));
  return urn;
}

function storedIncident(ctx: GraphqlContext, urn: string): Record<string, unknown> {
  targetUrn(ctx, urn, 'incident');
  if (!ctx.store.getAspect(urn, 'incidentInfo', 0))
    throw new CatalogGraphqlError('NOT_FOUND', 'Failed to update incident. Incident does not exist.');
  return storedCopy(ctx, urn, 'incidentInfo');
}

export interface UpdateIncidentInput {
  title?: string | null;
  description?: string | null;
  startedAt?: number | null;
  status?: StatusInput | null;
  priority?: string | null;
  resourceUrns?: readonly string[] | null;
  assigneeUrns?: readonly string[] | null;
}

export function updateIncident(ctx: GraphqlContext, urn: string, input: UpdateIncidentInput): boolean {
  const info = storedIncident(ctx, urn);
  const resources = input.resourceUrns == null ? null : resourcesOf(ctx, input.resourceUrns, 'input.resourceUrns');
  const write = authorizeAll(ctx, [...stringsOf(info.entities), ...(resources ?? [])]);
  if (resources?.length === 0) throw badRequestError('resourceUrns cannot be empty if provided');
  if (input.title != null) info.title = input.title;
  if (input.description != null) info.description = input.description;
  if (input.status != null) info.status = statusOf(input.status, write);
  if (resources) info.entities = resources;
  // Upstream's update keeps startedAt as stored and clears priority and assignees the input leaves out.
  delete info.priority;
  delete info.assignees;
  if (input.priority != null) info.priority = PRIORITIES[input.priority];
  if (input.assigneeUrns != null) info.assignees = assigneesOf(input.assigneeUrns, write);
  ctx.store.transaction(() => writeAspect(ctx, urn, 'incidentInfo', info, write));
  return true;
}

export function updateIncidentStatus(ctx: GraphqlContext, urn: string, input: StatusInput): boolean {
  const info = storedIncident(ctx, urn);
  const write = authorizeAll(ctx, stringsOf(info.entities).slice(0, 1));
  info.status = statusOf(input, write);
  ctx.store.transaction(() => writeAspect(ctx, urn, 'incidentInfo', info, write));
  return true;
}
