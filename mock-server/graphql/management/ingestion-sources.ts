/**
 * Ingestion sources, as upstream's resolvers keep them (datahub-graphql-core/.../resolvers/ingest/source/
 * ListIngestionSourcesResolver.java, GetIngestionSourceResolver.java, UpsertIngestionSourceResolver.java,
 * DeleteIngestionSourceResolver.java, v1.3.0.1), each needing MANAGE_INGESTION (IngestionAuthUtils):
 * - listIngestionSources: the stored sources matching the query (name) and the filters (`sourceType`, `type`,
 *   as the app excludes the platform's own sources), by name; ingestionSource(urn): one of them;
 * - createIngestionSource writes dataHubIngestionSourceInfo at `dataHubIngestionSource:<random UUID>`,
 *   updateIngestionSource replaces it at the URN given; a schedule's interval must be a cron expression of five
 *   fields and its timezone an IANA name (BAD_REQUEST otherwise); deleteIngestionSource deletes it. Each
 *   answers the source's URN. The answers depend on the clock (the requests' simulated runs), so none is kept.
 */
import type {
  FacetFilterInput,
  MutationDeleteIngestionSourceArgs,
  MutationUpdateIngestionSourceArgs,
  QueryIngestionSourceArgs,
  QueryListIngestionSourcesArgs,
  UpdateIngestionSourceInput,
} from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, callerOf, holdsPrivilege, unauthorized, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { ingestionSourceRecord } from '../entities/ingestion.js';
import { badRequestError } from '../errors.js';
import { objectOf, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { matchesQuery, pageOf } from './lists.js';
import { newUrn, removeEntity, storedOf } from './stored-entities.js';

export const SOURCE = 'dataHubIngestionSource';
export const SOURCE_INFO = 'dataHubIngestionSourceInfo';
export const MANAGE_INGESTION = ['MANAGE_INGESTION'];

/** A query needing MANAGE_INGESTION, whose answer follows the clock (so the response is not kept). */
export function ingestionReader(ctx: GraphqlContext): void {
  if (!holdsPrivilege(ctx, callerOf(ctx, true), MANAGE_INGESTION)) throw unauthorized();
  ctx.readJournal = true;
}

/** The values of a source's indexed field a filter names (DataHubIngestionSourceInfo's search annotations). */
function fieldOf(info: JsonObject, field: string): string[] {
  const value =
    field === 'sourceType'
      ? objectOf(info.source)?.type
      : field === 'sourceExecutorId'
        ? objectOf(info.config)?.executorId
        : info[field];
  return typeof value === 'string' ? [value] : [];
}

export function passesFilters(
  info: JsonObject,
  filters: readonly FacetFilterInput[] | null | undefined,
  valuesOf: (info: JsonObject, field: string) => string[],
): boolean {
  return (filters ?? []).every((filter) => {
    const wanted = filter.values ?? (filter.value != null ? [filter.value] : []);
    const held = valuesOf(info, filter.field).some((value) => wanted.includes(value));
    return filter.negated ? !held : held;
  });
}

export function listIngestionSources(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: QueryListIngestionSourcesArgs,
): OutputRecord {
  ingestionReader(ctx);
  const sources = storedOf(ctx, SOURCE, SOURCE_INFO)
    .filter(({ value }) => matchesQuery(input.query, value.name))
    .filter(({ value }) => passesFilters(value, input.filters, fieldOf))
    .sort((a, b) => String(a.value.name).localeCompare(String(b.value.name)));
  if (input.sort?.sortOrder === 'DESCENDING') sources.reverse();
  const page = pageOf(sources, input);
  return view.shapes.record('ListIngestionSourcesResult', {
    start: page.start,
    count: page.count,
    total: page.total,
    ingestionSources: page.items.flatMap(({ urn }) => ingestionSourceRecord(view, urn) ?? []),
  });
}

export function ingestionSource(
  ctx: GraphqlContext,
  view: EntityView,
  { urn }: QueryIngestionSourceArgs,
): OutputRecord | null {
  ingestionReader(ctx);
  targetUrn(ctx, urn, SOURCE);
  return ingestionSourceRecord(view, urn);
}

const CRON = /^\s*(\S+\s+){4}\S+\s*$/;

/** UpsertIngestionSourceResolver.mapIngestionSourceInfo, with its schedule checks. */
function sourceInfoOf(input: UpdateIngestionSourceInput): JsonObject {
  const { config, schedule } = input;
  if (schedule) {
    if (!CRON.test(schedule.interval))
      throw badRequestError(`input.schedule.interval: '${schedule.interval}' is not a cron expression of five fields`);
    try {
      new Intl.DateTimeFormat('en', { timeZone: schedule.timezone });
    } catch {
      throw badRequestError(`input.schedule.timezone: '${schedule.timezone}' is not a time zone`);
    }
  }
  const stored: JsonObject = { recipe: config.recipe, executorId: config.executorId };
  if (config.version != null) stored.version = config.version;
  if (config.debugMode != null) stored.debugMode = config.debugMode;
  if (config.extraArgs != null)
    stored.extraArgs = Object.fromEntries(config.extraArgs.map(({ key, value }) => [key, value ?? '']));
  const info: JsonObject = { name: input.name, type: input.type, config: stored };
  if (schedule) info.schedule = { interval: schedule.interval, timezone: schedule.timezone };
  if (input.source) info.source = { type: input.source.type };
  return info;
}

function upsertSource(ctx: GraphqlContext, urn: string | undefined, input: UpdateIngestionSourceInput): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  const target = urn ?? newUrn(ctx, SOURCE);
  targetUrn(ctx, target, SOURCE);
  ctx.store.upsertAspect(SOURCE, target, SOURCE_INFO, sourceInfoOf(input), { ...write, valueRoot: 'input' });
  return target;
}

export const createIngestionSource = (ctx: GraphqlContext, { input }: { input: UpdateIngestionSourceInput }): string =>
  upsertSource(ctx, undefined, input);

export const updateIngestionSource = (ctx: GraphqlContext, { urn, input }: MutationUpdateIngestionSourceArgs): string =>
  upsertSource(ctx, urn, input);

export function deleteIngestionSource(ctx: GraphqlContext, { urn }: MutationDeleteIngestionSourceArgs): string {
  const write = authorizePlatform(ctx, MANAGE_INGESTION);
  removeEntity(ctx, SOURCE, urn, write);
  return urn;
}
