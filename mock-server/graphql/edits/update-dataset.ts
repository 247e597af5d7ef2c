/**
 * mutation updateDataset (graphql-facts §3.3): each input section present replaces its whole
 * aspect, all in one store transaction, and the dataset is returned as read after the write. By
 * the document (§7) a dataset that does not exist makes the mutation fail with NOT_FOUND and nothing
 * written. The upstream profile does as upstream, which checks nothing: a well-formed dataset URN never
 * written gets its aspects and comes into being (upstream-differences: update-dataset-missing-entity).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { GlobalTagsUpdate, MutationUpdateDatasetArgs } from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { CatalogGraphqlError, badRequestError } from '../errors.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';

type DatasetUpdateInput = MutationUpdateDatasetArgs['input'];
type Aspects = [aspect: string, value: Record<string, unknown>][];

const stamp = (write: WriteContext): { time: number; actor: string } => ({ time: write.now, actor: write.actor });

function globalTags(update: GlobalTagsUpdate): Record<string, unknown> {
  return { tags: (update.tags ?? []).map(({ tag }) => ({ tag: tag.urn })) };
}

/** The aspect each present section becomes; the deprecation aspect is the one the registry allows. */
function sectionAspects(input: DatasetUpdateInput, write: WriteContext, allowed: readonly string[]): Aspects {
  const aspects: Aspects = [];
  if (input.editableProperties) {
    const { description, name } = input.editableProperties;
    aspects.push([
      'editableDatasetProperties',
      { description, ...(name != null ? { name } : {}), created: stamp(write), lastModified: stamp(write) },
    ]);
  }
  if (input.institutionalMemory) {
    const elements = input.institutionalMemory.elements.map((element, i) => {
      if (tryParseUrn(element.author)?.entityType !== 'corpuser') {
        throw badRequestError(`input.institutionalMemory.elements[${i}].author: '${element.author}' is not a user URN`);
      }
      return {
        url: element.url,
        ...(element.description != null ? { description: element.description } : {}),
        createStamp: { time: element.createdAt ?? write.now, actor: element.author },
      };
    });
    aspects.push(['institutionalMemory', { elements }]);
  }
  if (input.ownership) {
    const owners = input.ownership.owners.map((owner) => ({
      owner: owner.owner,
      type: owner.type ?? (owner.ownershipTypeUrn ? 'CUSTOM' : 'NONE'),
      ...(owner.ownershipTypeUrn ? { typeUrn: owner.ownershipTypeUrn } : {}),
    }));
    aspects.push(['ownership', { owners, lastModified: stamp(write) }]);
  }
  // globalTags is the deprecated spelling, but it wins when both are given, as upstream.
  const tags = input.globalTags ?? input.tags;
  if (tags) aspects.push(['globalTags', globalTags(tags)]);
  if (input.editableSchemaMetadata) {
    const editableSchemaFieldInfo = input.editableSchemaMetadata.editableSchemaFieldInfo.map((info) => ({
      fieldPath: info.fieldPath,
      ...(info.description != null ? { description: info.description } : {}),
      ...(info.globalTags ? { globalTags: globalTags(info.globalTags) } : {}),
    }));
    aspects.push([
      'editableSchemaMetadata',
      { editableSchemaFieldInfo, created: stamp(write), lastModified: stamp(write) },
    ]);
  }
  if (input.deprecation) {
    const { deprecated, decommissionTime, note } = input.deprecation;
    const aspect = allowed.includes('datasetDeprecation') ? 'datasetDeprecation' : 'deprecation';
    aspects.push([
      aspect,
      { deprecated, note, actor: write.actor, ...(decommissionTime != null ? { decommissionTime } : {}) },
    ]);
  }
  return aspects;
}

export function updateDataset(
  ctx: GraphqlContext,
  view: EntityView,
  { urn, input }: MutationUpdateDatasetArgs,
): OutputRecord {
  const write = authorizeMutation(ctx, urn);
  const { entity } = targetUrn(ctx, urn, 'dataset');
  ctx.store.transaction(() => {
    if (ctx.profile !== 'upstream' && !ctx.store.entityExists(urn))
      throw new CatalogGraphqlError('NOT_FOUND', `Failed to update ${urn}. ${urn} does not exist.`);
    for (const [aspect, value] of sectionAspects(input, write, entity.aspects)) {
      ctx.store.upsertAspect('dataset', urn, aspect, value, { ...write, valueRoot: `input (aspect ${aspect})` });
    }
  });
  return view.dataset(urn);
}
