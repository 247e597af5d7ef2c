/**
 * mutation updateDataset (graphql-facts §3.3): each input section present replaces its whole
 * aspect, all in one store transaction, and the dataset is returned as read after the write. By
 * the document (§7) a dataset that does not exist makes the mutation fail with NOT_FOUND and nothing
 * written. The upstream profile does as upstream, which checks nothing: a well-formed dataset URN never
 * written gets its aspects and comes into being (upstream-differences: update-dataset-missing-entity).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { MutationUpdateDatasetArgs } from '../../../generated/graphql/resolvers.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { stamp } from './resources.js';
import { globalTags, ownershipAspect, writeUpdate, type Aspects } from './entity-updates.js';

type DatasetUpdateInput = MutationUpdateDatasetArgs['input'];

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
  if (input.ownership) aspects.push(['ownership', ownershipAspect(input.ownership, write)]);
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
  writeUpdate(ctx, 'dataset', urn, sectionAspects(input, write, entity.aspects), write);
  return view.dataset(urn);
}
