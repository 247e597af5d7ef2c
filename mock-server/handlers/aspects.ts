/**
 * The aspects resource: ingestProposal (UPSERT and DELETE of one aspect), the legacy point lookup of a
 * versioned aspect, and the time series read.
 */
import type { JsonSchema, OperationSpec } from '../../spec/index.js';
import { badRequest, notFound } from '../errors.js';
import { RawJson } from '../raw-json.js';
import { writeContext, type Handler } from './context.js';
import { entityNamed, entityOf } from './entity-urn.js';
import { timeseriesPredicate, type TimeseriesFilter } from './timeseries-filter.js';

const MAX_TIMESERIES_LIMIT = 10000;

interface Proposal {
  entityType: string;
  entityUrn?: string;
  changeType: string;
  aspectName?: string;
  aspect?: { value?: string; contentType?: string };
  systemMetadata?: Record<string, unknown>;
}

/** Parses `proposal.aspect.value`, the aspect serialised as a JSON string. */
function proposedAspect(proposal: Proposal): Record<string, unknown> {
  const generic = proposal.aspect;
  if (!generic || typeof generic.value !== 'string' || !proposal.aspectName) {
    throw badRequest('body.proposal: Aspect and aspect name is required for create and update operations (aspectName and aspect.value)');
  }
  if (generic.contentType !== undefined && generic.contentType.toLowerCase() !== 'application/json') {
    throw badRequest(`body.proposal.aspect.contentType: must be application/json (was '${generic.contentType}')`);
  }
  let value: unknown;
  try {
    value = JSON.parse(generic.value);
  } catch (error) {
    throw badRequest(`body.proposal.aspect.value: is not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('body.proposal.aspect.value: must be a JSON object');
  return value as Record<string, unknown>;
}

/**
 * Upstream answered ingestProposal with the proposal's URN for a while and with "success" since; the
 * spec's response schema says which this contract promises (a URN-patterned value means the URN).
 */
function answersWithUrn(op: OperationSpec): boolean {
  const value = ((op.responses['200']?.properties ?? {}) as Record<string, JsonSchema>).value;
  return typeof value?.pattern === 'string' && value.pattern.startsWith('^urn');
}

export const ingestProposal: Handler = ({ op, body, caller }, { contract, store }) => {
  const proposal = (body as { proposal: Proposal }).proposal;
  const entity = entityNamed(contract, proposal.entityType, 'body.proposal.entityType');
  const urn = proposal.entityUrn;
  if (!urn) throw badRequest("body.proposal: missing required property 'entityUrn'");
  const urnEntity = entityOf(contract, urn, 'body.proposal.entityUrn');
  if (urnEntity.name !== entity.name) {
    throw badRequest(`body.proposal.entityUrn: '${urn}' is a ${urnEntity.name} URN but entityType is ${proposal.entityType}`);
  }
  const ctx = writeContext(caller, proposal.systemMetadata);
  if (proposal.changeType === 'DELETE') {
    if (!proposal.aspectName) throw badRequest("body.proposal: missing required property 'aspectName'");
    store.deleteAspect(entity.name, urn, proposal.aspectName, ctx);
  } else if (proposal.changeType === 'UPSERT') {
    store.upsertAspect(entity.name, urn, proposal.aspectName ?? '', proposedAspect(proposal), ctx);
  } else {
    throw badRequest(`body.proposal.changeType: only UPSERT and DELETE are supported (was ${proposal.changeType})`);
  }
  return { json: { value: answersWithUrn(op) ? urn : 'success' } };
};

export const getAspect: Handler = ({ params, query }, { contract, store }) => {
  const urn = params.urn ?? '';
  const entity = entityOf(contract, urn, 'path.urn');
  const aspectName = query.aspect as string | undefined;
  if (!aspectName) throw badRequest('query.aspect: missing required parameter (the name of the aspect to read)');
  if (!entity.aspects.includes(aspectName)) throw badRequest(`query.aspect: Unknown aspect ${aspectName} for entity ${entity.name}`);
  const version = (query.version as number | undefined) ?? 0;
  const stored = store.getAspect(urn, aspectName, version);
  const record = contract.recordOfAspect(aspectName);
  if (!stored || !record) throw notFound(`Did not find aspect ${aspectName} at version ${version} of ${urn}`);
  return { json: { version: stored.version, aspect: { [record]: new RawJson(stored.valueJson) } } };
};

interface TimeseriesQuery {
  urn: string;
  entity: string;
  aspect: string;
  startTimeMillis?: number;
  endTimeMillis?: number;
  limit?: number;
  latestValue?: boolean;
  filter?: TimeseriesFilter;
}

export const getTimeseriesAspectValues: Handler = ({ body }, { contract, store }) => {
  store.catchUp();
  const q = body as TimeseriesQuery;
  const entity = entityNamed(contract, q.entity, 'body.entity');
  const urnEntity = entityOf(contract, q.urn, 'body.urn');
  if (urnEntity.name !== entity.name) throw badRequest(`body.urn: '${q.urn}' is a ${urnEntity.name} URN but entity is ${q.entity}`);
  const isTimeseries = entity.timeseriesAspects.includes(q.aspect) || contract.aspects.get(q.aspect)?.kind === 'timeseries';
  if (!entity.aspects.includes(q.aspect) || !isTimeseries) throw badRequest(`body.aspect: ${q.aspect} is not a time series aspect of entity ${entity.name}`);
  // latestValue is upstream's deprecated way of asking for one point.
  const limit = q.latestValue ? 1 : Math.min(q.limit ?? MAX_TIMESERIES_LIMIT, MAX_TIMESERIES_LIMIT);
  const matches = timeseriesPredicate(q.filter ?? {}, contract.aspects.get(q.aspect));
  const range = { urn: q.urn, aspect: q.aspect, startTimeMillis: q.startTimeMillis, endTimeMillis: q.endTimeMillis };
  // With a filter the limit applies to the values that pass it, so the whole range is read first.
  const points = q.filter
    ? store.timeseries({ ...range, limit: Number.MAX_SAFE_INTEGER }).filter((p) => matches(p.value)).slice(0, limit)
    : store.timeseries({ ...range, limit });
  const value: Record<string, unknown> = { entityName: q.entity, aspectName: q.aspect, limit };
  if (q.startTimeMillis !== undefined) value.startTimeMillis = q.startTimeMillis;
  if (q.endTimeMillis !== undefined) value.endTimeMillis = q.endTimeMillis;
  value.values = points.map((p) => {
    const systemMetadata = p.systemMetadata;
    return { aspect: { value: p.valueJson, contentType: 'application/json' }, ...(systemMetadata ? { systemMetadata } : {}) };
  });
  return { json: { value } };
};
