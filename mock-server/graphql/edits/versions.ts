/**
 * Versions of an asset (upstream's LinkAssetVersionResolver and UnlinkAssetVersionResolver under
 * resolvers/entity/versioning/ over EntityVersioningServiceImpl and AlphanumericSortIdGenerator in
 * metadata-io, v1.3.0.1). Linking gives the asset a versionProperties in the set (its version tag
 * attributed to the caller, the next sort id after the latest's, "AAAAAAAA" for a new set) and makes it the
 * set's latest (versionSetProperties.latest, isLatest on both versions, as upstream's side effect does);
 * an asset already in the set answers null with nothing written, one in another set is refused. Unlinking
 * removes the asset's versionProperties; when it was the latest, the version before it becomes the latest,
 * and a set left empty is deleted. The set's entity type (its key) must be the asset's.
 */
import type { WriteContext } from '../../store/types.js';
import type { GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, stamp, storedCopy, writeAspect } from './resources.js';

const INITIAL_SORT_ID = 'AAAAAAAA';
const SCHEME = 'ALPHANUMERIC_GENERATED_BY_DATAHUB';

/** The next sort id: base 26 over A-Z, eight letters, wrapping to the first after the last. */
export function nextSortId(sortId: string): string {
  if (!/^[A-Z]{8}$/.test(sortId)) throw badRequestError(`The latest version's sort id ${sortId} is not 8 letters A-Z`);
  const letters = [...sortId];
  for (let i = letters.length - 1; i >= 0; i--) {
    if (letters[i] !== 'Z') {
      letters[i] = String.fromCharCode(letters[i]!.charCodeAt(0) + 1);
      return letters.join('');
    }
    letters[i] = 'A';
  }
  return INITIAL_SORT_ID;
}

function checkSet(ctx: GraphqlContext, setUrn: string, assetUrn: string): void {
  const set = targetUrn(ctx, setUrn);
  if (set.entity.name !== 'versionSet') throw badRequestError(`Version Set urn ${setUrn} must be of type Version Set.`);
  const asset = targetUrn(ctx, assetUrn).entity.name;
  if (set.parsed.parts[1] !== asset)
    throw badRequestError(
      `Entity type must match Version Set's specified type: ${set.parsed.parts[1]} invalid type: ${asset}`,
    );
}

/** The set's versions with their sort ids, found by their VersionOf edges. */
function versionsOf(ctx: GraphqlContext, setUrn: string): { urn: string; sortId: string }[] {
  const edges = ctx.store.relationships({
    urn: setUrn,
    direction: 'INCOMING',
    types: ['VersionOf'],
    start: 0,
    count: 10_000,
  });
  return [...new Set(edges.relationships.map((e) => e.entity))].flatMap((urn) => {
    const sortId = stringOr(ctx.store.getAspect(urn, 'versionProperties', 0)?.value.sortId);
    return sortId ? [{ urn, sortId }] : [];
  });
}

function latestOf(ctx: GraphqlContext, setUrn: string): string | null {
  const stored = stringOr(ctx.store.getAspect(setUrn, 'versionSetProperties', 0)?.value.latest);
  if (stored) return stored;
  const versions = versionsOf(ctx, setUrn).sort((a, b) => b.sortId.localeCompare(a.sortId));
  return versions[0]?.urn ?? null;
}

function makeLatest(ctx: GraphqlContext, setUrn: string, urn: string, write: WriteContext): void {
  const previous = latestOf(ctx, setUrn);
  if (previous && previous !== urn && ctx.store.getAspect(previous, 'versionProperties', 0))
    writeAspect(
      ctx,
      previous,
      'versionProperties',
      { ...storedCopy(ctx, previous, 'versionProperties'), isLatest: false },
      write,
    );
  writeAspect(ctx, urn, 'versionProperties', { ...storedCopy(ctx, urn, 'versionProperties'), isLatest: true }, write);
  const properties = storedCopy(ctx, setUrn, 'versionSetProperties');
  writeAspect(ctx, setUrn, 'versionSetProperties', { versioningScheme: SCHEME, ...properties, latest: urn }, write);
}

export interface LinkVersionInput {
  versionSet: string;
  linkedEntity: string;
  version: string;
  sourceTimestamp?: number | null;
  sourceCreator?: string | null;
  comment?: string | null;
}

export function linkAssetVersion(ctx: GraphqlContext, view: EntityView, input: LinkVersionInput): OutputRecord | null {
  const write = authorizeAll(ctx, [input.versionSet, input.linkedEntity]);
  checkSet(ctx, input.versionSet, input.linkedEntity);
  if (!ctx.store.entityExists(input.linkedEntity))
    throw badRequestError(`input.linkedEntity: ${input.linkedEntity} does not exist`);
  const current = ctx.store.getAspect(input.linkedEntity, 'versionProperties', 0)?.value;
  if (current?.versionSet === input.versionSet) return null;
  if (current)
    throw badRequestError(
      `Version already exists for specified entity: ${input.linkedEntity} for a different Version Set: ${String(current.versionSet)}`,
    );
  const latest = ctx.store.entityExists(input.versionSet) ? latestOf(ctx, input.versionSet) : null;
  const latestSortId = latest ? stringOr(ctx.store.getAspect(latest, 'versionProperties', 0)?.value.sortId) : null;
  const properties = {
    versionSet: input.versionSet,
    ...(input.comment != null ? { comment: input.comment } : {}),
    version: { versionTag: input.version, metadataAttribution: { actor: write.actor, time: write.now } },
    metadataCreatedTimestamp: stamp(write),
    sortId: latestSortId ? nextSortId(latestSortId) : INITIAL_SORT_ID,
    versioningScheme: SCHEME,
    ...(input.sourceTimestamp != null
      ? { sourceCreatedTimestamp: { time: input.sourceTimestamp, actor: input.sourceCreator ?? write.actor } }
      : {}),
  };
  ctx.store.transaction(() => {
    writeAspect(ctx, input.linkedEntity, 'versionProperties', properties, write);
    makeLatest(ctx, input.versionSet, input.linkedEntity, write);
  });
  return view.entity(input.versionSet);
}

export function unlinkAssetVersion(
  ctx: GraphqlContext,
  view: EntityView,
  input: { versionSet?: string | null; unlinkedEntity?: string | null },
): OutputRecord | null {
  if (input.versionSet == null) throw badRequestError('input.versionSet is required');
  if (input.unlinkedEntity == null) throw badRequestError('input.unlinkedEntity is required');
  const setUrn = input.versionSet;
  const urn = input.unlinkedEntity;
  const write = authorizeAll(ctx, [setUrn, urn]);
  checkSet(ctx, setUrn, urn);
  const current = ctx.store.getAspect(urn, 'versionProperties', 0)?.value;
  if (!current) return null;
  if (current.versionSet !== setUrn)
    throw badRequestError(
      `Version is not linked to specified version set: ${setUrn} but is linked to: ${String(current.versionSet)}`,
    );
  const wasLatest = latestOf(ctx, setUrn) === urn;
  const before = versionsOf(ctx, setUrn)
    .filter((v) => v.urn !== urn && v.sortId < String(current.sortId))
    .sort((a, b) => b.sortId.localeCompare(a.sortId))[0];
  const set = targetUrn(ctx, setUrn).entity;
  ctx.store.transaction(() => {
    ctx.store.deleteAspect(targetUrn(ctx, urn).entity.name, urn, 'versionProperties', write);
    if (!wasLatest) return;
    if (before) makeLatest(ctx, setUrn, before.urn, write);
    else ctx.store.deleteAspect(set.name, setUrn, set.keyAspect, write);
  });
  return view.entity(setUrn);
}
