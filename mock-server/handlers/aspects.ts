/**
 * The aspects resource: ingestProposal (one aspect, by any change type: ../ingest/apply-proposal.ts), the legacy point lookup of a
 * versioned aspect, and the time series read.
 */
import type { JsonSchema, OperationSpec } from '../../spec/index.js';
import type { Caller } from '../auth/bearer-auth.js';
import { applyChangeProposal } from '../ingest/apply-proposal.js';
import { badRequest, notFound, RestliError } from '../errors.js';
import { nestsTooDeep, tooDeep } from '../wire/json-depth.js';
import { RawJson } from '../wire/raw-json.js';
import type { MockContext } from '../controls/mock-context.js';
import { writeContext, type Handler } from './context.js';
import { entityNamed, entityOf } from './entity-urn.js';
import { timeseriesPredicate, type TimeseriesFilter } from './timeseries-filter.js';
import { upstreamDrops } from './upstream-proposal.js';

/** getTimeseriesAspectValues' limit when none is given, and its most (GraphQL's time series fields read the same). */
export const MAX_TIMESERIES_LIMIT = 10000;
const ENVELOPE_END = '}}';

interface Proposal {
  entityType: string;
  entityUrn?: string;
  changeType: string;
  aspectName?: string;
  aspect?: { value?: string; contentType?: string };
  systemMetadata?: Record<string, unknown>;
}

const JSON_CONTENT_TYPE = 'application/json';
const JSON_PATCH_CONTENT_TYPE = 'application/json-patch+json';

/**
 * Parses `proposal.aspect.value`, the aspect serialised as a JSON string: an object, or for PATCH a
 * JSON Patch, which upstream's clients send with content type application/json-patch+json; `at`
 * names the proposal in messages.
 */
function proposedAspect(proposal: Proposal, at: string): unknown {
  const generic = proposal.aspect;
  if (!generic || typeof generic.value !== 'string' || !proposal.aspectName) {
    throw badRequest(
      `${at}: Aspect and aspect name is required for create and update operations (aspectName and aspect.value)`,
    );
  }
  const contentType = generic.contentType?.toLowerCase();
  const patch = proposal.changeType === 'PATCH';
  if (
    contentType !== undefined &&
    contentType !== JSON_CONTENT_TYPE &&
    !(patch && contentType === JSON_PATCH_CONTENT_TYPE)
  ) {
    throw badRequest(
      `${at}.aspect.contentType: must be ${JSON_CONTENT_TYPE}${patch ? ` or ${JSON_PATCH_CONTENT_TYPE}` : ''} (was '${generic.contentType}')`,
    );
  }
  if (nestsTooDeep(generic.value)) throw tooDeep(`${at}.aspect.value`);
  let value: unknown;
  try {
    value = JSON.parse(generic.value);
  } catch (error) {
    throw badRequest(`${at}.aspect.value: is not valid JSON (${(error as Error).message})`);
  }
  if (!patch && (typeof value !== 'object' || value === null || Array.isArray(value)))
    throw badRequest(`${at}.aspect.value: must be a JSON object`);
  return value;
}

/**
 * Upstream answered ingestProposal with the proposal's URN for a while and with "success" since; the
 * spec's response schema says which this contract promises (a URN-patterned value means the URN).
 */
function respondsWithUrn(op: OperationSpec): boolean {
  const value = ((op.responses['200']?.properties ?? {}) as Record<string, JsonSchema>).value;
  return typeof value?.pattern === 'string' && value.pattern.startsWith('^urn');
}

/**
 * Applies one checked proposal of any change type; `at` is the request field that carried it. The
 * upstream profile takes the entity from the URN and drops what upstream drops (upstream-proposal.ts).
 */
function applyProposal(
  proposal: Proposal,
  at: string,
  caller: Caller,
  { contract, store, profile }: MockContext,
): string {
  const named = entityNamed(contract, proposal.entityType, `${at}.entityType`);
  const urn = proposal.entityUrn;
  if (!urn) throw badRequest(`${at}: missing required property 'entityUrn'`);
  const entity = entityOf(contract, urn, `${at}.entityUrn`);
  if (profile === 'upstream') {
    if (upstreamDrops(proposal, named, at)) return urn;
  } else if (entity.name !== named.name) {
    throw badRequest(`${at}.entityUrn: '${urn}' is a ${entity.name} URN but entityType is ${proposal.entityType}`);
  }
  const ctx = { ...writeContext(caller, proposal.systemMetadata), valueRoot: `${at}.aspect.value` };
  if (proposal.changeType === 'DELETE' && !proposal.aspectName)
    throw badRequest(`${at}: missing required property 'aspectName'`);
  const aspect = proposal.changeType === 'DELETE' ? undefined : proposedAspect(proposal, at);
  applyChangeProposal(
    store,
    {
      entityType: entity.name,
      entityUrn: urn,
      changeType: proposal.changeType,
      aspectName: proposal.aspectName ?? '',
      aspect,
    },
    ctx,
    at,
  );
  return urn;
}

export const ingestProposal: Handler = ({ op, body, caller }, context) => {
  const urn = applyProposal((body as { proposal: Proposal }).proposal, 'body.proposal', caller, context);
  return { json: { value: respondsWithUrn(op) ? urn : 'success' } };
};

/**
 * Every proposal of the batch in the request's one transaction: the first that fails rolls the
 * others back, and its error names it (`body.proposals[i]`), whichever check refused it.
 */
export const ingestProposalBatch: Handler = ({ body, caller }, context) => {
  (body as { proposals: Proposal[] }).proposals.forEach((proposal, i) => {
    const at = `body.proposals[${i}]`;
    try {
      applyProposal(proposal, at, caller, context);
    } catch (error) {
      if (!(error instanceof RestliError) || error.message.startsWith(at)) throw error;
      throw new RestliError(
        error.status,
        `${at} (${proposal.entityUrn ?? '?'} ${proposal.aspectName ?? '?'}): ${error.message}`,
      );
    }
  });
  return { json: { value: 'success' } };
};

export const getAspect: Handler = ({ params, query }, { contract, store }) => {
  const urn = params.urn ?? '';
  const entity = entityOf(contract, urn, 'path.urn');
  const aspectName = query.aspect as string | undefined;
  if (!aspectName) throw badRequest('query.aspect: missing required parameter (the name of the aspect to read)');
  if (!entity.aspects.includes(aspectName))
    throw badRequest(`query.aspect: Unknown aspect ${aspectName} for entity ${entity.name}`);
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
  if (urnEntity.name !== entity.name)
    throw badRequest(`body.urn: '${q.urn}' is a ${urnEntity.name} URN but entity is ${q.entity}`);
  const isTimeseries =
    entity.timeseriesAspects.includes(q.aspect) || contract.aspects.get(q.aspect)?.kind === 'timeseries';
  if (!entity.aspects.includes(q.aspect) || !isTimeseries)
    throw badRequest(`body.aspect: ${q.aspect} is not a time series aspect of entity ${entity.name}`);
  // latestValue is upstream's deprecated way of asking for one point.
  const limit = q.latestValue ? 1 : Math.min(q.limit ?? MAX_TIMESERIES_LIMIT, MAX_TIMESERIES_LIMIT);
  const matches = timeseriesPredicate(q.filter ?? {}, contract.aspects.get(q.aspect));
  const range = { urn: q.urn, aspect: q.aspect, startTimeMillis: q.startTimeMillis, endTimeMillis: q.endTimeMillis };
  const value: Record<string, unknown> = { entityName: q.entity, aspectName: q.aspect, limit };
  if (q.startTimeMillis !== undefined) value.startTimeMillis = q.startTimeMillis;
  if (q.endTimeMillis !== undefined) value.endTimeMillis = q.endTimeMillis;
  if (!q.filter) {
    // The answer (megabytes at 10,000 points) is the UTF-8 bytes SQLite writes of the points, sent
    // between the envelope's texts, values as its last field.
    const envelope = JSON.stringify({ value });
    const written = store.timeseriesJson(
      { ...range, limit },
      { before: `${envelope.slice(0, -ENVELOPE_END.length)},"values":`, after: ENVELOPE_END },
    );
    if (written !== undefined) return { json: new RawJson(undefined, written.bytes, written.giveBack) };
  }
  // With a filter the limit applies to the values that pass it, so the whole range is read first.
  const points = q.filter
    ? store
        .timeseries({ ...range, limit: Number.MAX_SAFE_INTEGER })
        .filter((p) => matches(p.value))
        .slice(0, limit)
    : store.timeseries({ ...range, limit });
  value.values = points.map((p) => {
    const systemMetadata = p.systemMetadataJson;
    return {
      aspect: { value: p.valueJson, contentType: 'application/json' },
      ...(systemMetadata ? { systemMetadata: new RawJson(systemMetadata) } : {}),
    };
  });
  return { json: { value } };
};
