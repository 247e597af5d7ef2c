/**
 * What each read of a pull must answer, checked before anything of it is kept: an entity of entitiesV2,
 * a search or browse result (in either shape, deployment/), relationships, time series points. A 2xx
 * whose body is not JSON, is empty or has another shape is not an entity with nothing in it: it stops the
 * pull with one line naming the request and what came instead (deployment-reader.ts), so a bad upstream
 * never gives an empty seed file and exit code 0.
 */
import { browseGroups, hitUrns, relatedUrns } from '../deployment/index.js';

/** What an answer should be, and the part of it the pull keeps; undefined when the answer is not that. */
export interface AnswerShape<T> {
  /** The answer expected, in the words of the error that says it did not come. */
  expected: string;
  read(json: unknown): T | undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An aspect as entitiesV2 envelopes it (spec/schemas/EntityResponse.yaml). */
export interface EnvelopedAspect {
  type?: string;
  value: Record<string, unknown>;
  systemMetadata?: unknown;
}

export interface EntityAnswer {
  entityName?: string;
  aspects: Record<string, EnvelopedAspect>;
}

/** `GET /entitiesV2/<urn>`: `{urn, entityName, aspects: {<name>: {value: {...}, ...}}}`. */
export const ENTITY: AnswerShape<EntityAnswer> = {
  expected: 'an entity ({urn, aspects: {<name>: {value: {...}}}})',
  read(json) {
    if (!isObject(json) || !isObject(json.aspects)) return undefined;
    const aspects = json.aspects as Record<string, unknown>;
    for (const enveloped of Object.values(aspects))
      if (!isObject(enveloped) || (enveloped.type !== 'TIMESERIES' && !isObject(enveloped.value))) return undefined;
    return {
      ...(typeof json.entityName === 'string' ? { entityName: json.entityName } : {}),
      aspects: aspects as Record<string, EnvelopedAspect>,
    };
  },
};

/** The `value` of an action's answer (`{value: {...}}`), or undefined. */
function actionValue(json: unknown): Record<string, unknown> | undefined {
  return isObject(json) && isObject(json.value) ? json.value : undefined;
}

const isUrnList = (urns: unknown[]): urns is string[] => urns.every((urn) => typeof urn === 'string' && urn !== '');

/** `POST /entities?action=search`: the URNs of `{value: {entities: [...]}}`, in either shape. */
export const SEARCH_RESULT: AnswerShape<string[]> = {
  expected: 'a search result ({value: {entities: [...]}})',
  read(json) {
    const value = actionValue(json);
    if (!Array.isArray(value?.entities)) return undefined;
    const hits: unknown[] = value.entities;
    if (!hits.every((hit) => typeof hit === 'string' || (isObject(hit) && typeof hit.entity === 'string')))
      return undefined;
    const urns = hitUrns(value);
    return isUrnList(urns) ? urns : undefined;
  },
};

/** `POST /entities?action=browse`: the URNs and the group names of `{value: {entities: [{urn}], groups}}`. */
export const BROWSE_RESULT: AnswerShape<{ urns: string[]; groups: string[] }> = {
  expected: 'a browse result ({value: {entities: [{urn}], groups: [...]}})',
  read(json) {
    const value = actionValue(json);
    if (!Array.isArray(value?.entities) || !value.entities.every(isObject)) return undefined;
    const urns = (value.entities as { urn?: unknown }[]).map((e) => e.urn);
    const groups: unknown[] = browseGroups(value);
    if (!Array.isArray(groups) || !groups.every((g) => isObject(g) && typeof g.name === 'string')) return undefined;
    return isUrnList(urns) ? { urns, groups: (groups as { name: string }[]).map((g) => g.name) } : undefined;
  },
};

/** `GET /relationships`: the related URNs, in either shape. */
export const RELATED: AnswerShape<string[]> = {
  expected: 'relationships ({entities: [...]} or {relationships: [{entity}]})',
  read(json) {
    const urns = isObject(json) ? relatedUrns(json) : undefined;
    return urns && isUrnList(urns) ? urns : undefined;
  },
};

/** One time series point: its aspect, parsed, and its system metadata. */
export interface TimeseriesPoint {
  value: unknown;
  systemMetadata?: unknown;
}

/** `POST /aspects?action=getTimeseriesAspectValues`: `{value: {values: [{aspect: {value: "<json>"}}]}}`, newest first. */
export const TIMESERIES_VALUES: AnswerShape<TimeseriesPoint[]> = {
  expected: 'time series values ({value: {values: [{aspect: {value: "<JSON>"}}]}})',
  read(json) {
    const values = actionValue(json)?.values;
    if (!Array.isArray(values)) return undefined;
    const points: TimeseriesPoint[] = [];
    for (const point of values) {
      if (!isObject(point) || !isObject(point.aspect) || typeof point.aspect.value !== 'string') return undefined;
      try {
        points.push({
          value: JSON.parse(point.aspect.value) as unknown,
          ...(point.systemMetadata ? { systemMetadata: point.systemMetadata } : {}),
        });
      } catch {
        return undefined;
      }
    }
    return points;
  },
};
