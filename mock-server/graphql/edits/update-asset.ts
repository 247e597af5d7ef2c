/**
 * updateChart, updateDashboard, updateDataFlow and updateDataJob (upstream's ChartType.update and
 * ChartUpdateInputMapper, and their dashboard, dataflow and datajob twins under
 * datahub-graphql-core/src/main/java/com/linkedin/datahub/graphql/types/ at v1.3.0.1): owners replace the
 * ownership aspect, tags the globalTags aspect (`tags` wins over `globalTags` when both are given, as in
 * these mappers), the description the editable properties aspect with the caller in its stamps; the entity
 * is answered as read after the write.
 */
import type { GlobalTagsUpdate, OwnershipUpdate } from '../../../generated/graphql/resolvers.js';
import { authorizeMutation, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { globalTags, ownershipAspect, writeUpdate, type Aspects } from './entity-updates.js';
import { stamp } from './resources.js';

export interface AssetUpdateInput {
  ownership?: OwnershipUpdate | null;
  globalTags?: GlobalTagsUpdate | null;
  tags?: GlobalTagsUpdate | null;
  editableProperties?: { description: string } | null;
}

/** The entity type each mutation updates, and the aspect its editable description goes to. */
export const EDITABLE_ASPECTS = {
  chart: 'editableChartProperties',
  dashboard: 'editableDashboardProperties',
  dataFlow: 'editableDataFlowProperties',
  dataJob: 'editableDataJobProperties',
} as const;

export function updateAsset(
  ctx: GraphqlContext,
  view: EntityView,
  entityType: keyof typeof EDITABLE_ASPECTS,
  urn: string,
  input: AssetUpdateInput,
): OutputRecord | null {
  const write = authorizeMutation(ctx, urn);
  targetUrn(ctx, urn, entityType);
  const aspects: Aspects = [];
  if (input.ownership) aspects.push(['ownership', ownershipAspect(input.ownership, write)]);
  const tags = input.tags ?? input.globalTags;
  if (tags) aspects.push(['globalTags', globalTags(tags)]);
  if (input.editableProperties) {
    // A new record each time, so `created` is the time of this write, as upstream's mapper makes it.
    const { description } = input.editableProperties;
    aspects.push([EDITABLE_ASPECTS[entityType], { description, created: stamp(write), lastModified: stamp(write) }]);
  }
  writeUpdate(ctx, entityType, urn, aspects, write);
  return view.entity(urn);
}
