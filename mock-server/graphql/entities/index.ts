/**
 * The entity page root fields: `dataset`, `chart`, `dashboard`, `dataFlow`, `dataJob`, `container`, `corpUser`, `corpGroup`,
 * `tag`, `glossaryTerm`, `dataPlatform`, `view`, `glossaryNode`, `domain`, `dataProduct`, `application`,
 * `structuredProperty`, `dataPlatformInstance`, `role`, the ML roots (`mlModel`, `mlModelGroup`, `mlFeature`,
 * `mlFeatureTable`, `mlPrimaryKey`), `dataProcessInstance`, `assertion`, `versionSet`, `erModelRelationship`,
 * `businessAttribute`, `connection` (each takes a URN of its own type: another is a BAD_REQUEST
 * naming it), `versionedDataset(urn, versionStamp)` and `entity(urn)` / `entities(urns, checkForExistence)` for any type the schema serves (null for others).
 */
import { tryParseUrn } from '../../../spec/index.js';
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import type { Resolver, ResolverFamily, ViewOf } from '../resolver-types.js';
import { targetUrn } from '../target-urn.js';
import { versionedDatasetRecord } from './versioned-dataset.js';

const TYPED_ROOTS: Readonly<Record<string, string>> = {
  dataset: 'dataset',
  chart: 'chart',
  dashboard: 'dashboard',
  dataFlow: 'dataFlow',
  dataJob: 'dataJob',
  container: 'container',
  corpUser: 'corpuser',
  corpGroup: 'corpGroup',
  tag: 'tag',
  glossaryTerm: 'glossaryTerm',
  dataPlatform: 'dataPlatform',
  view: 'dataHubView',
  glossaryNode: 'glossaryNode',
  domain: 'domain',
  dataProduct: 'dataProduct',
  application: 'application',
  structuredProperty: 'structuredProperty',
  dataPlatformInstance: 'dataPlatformInstance',
  role: 'role',
  mlModel: 'mlModel',
  mlModelGroup: 'mlModelGroup',
  mlFeature: 'mlFeature',
  mlFeatureTable: 'mlFeatureTable',
  mlPrimaryKey: 'mlPrimaryKey',
  dataProcessInstance: 'dataProcessInstance',
  assertion: 'assertion',
  versionSet: 'versionSet',
  erModelRelationship: 'erModelRelationship',
  businessAttribute: 'businessAttribute',
  connection: 'dataHubConnection',
};

/** The entity page root fields of the entity types' family; `viewOf` gives the view of the request's store. */
export const entityFamily: ResolverFamily = (viewOf) => ({ Query: entityRoots(viewOf) });

function entityRoots(viewOf: ViewOf): Record<string, Resolver<never>> {
  const resolvers: Record<string, Resolver<never>> = {};
  for (const [field, entityType] of Object.entries(TYPED_ROOTS)) {
    resolvers[field] = ((_root, { urn }, ctx) => {
      targetUrn(ctx, urn, entityType);
      return viewOf(ctx).entity(urn);
    }) satisfies Resolver<{ urn: string }>;
  }
  // Any URN of this namespace: an entity type the registry lacks (e.g. ownershipType) is still shown when the schema serves it.
  const anyEntity = (ctx: GraphqlContext, urn: string): OutputRecord | null => {
    const entityType = tryParseUrn(urn)?.entityType;
    if (entityType === undefined || ctx.contract.entity(entityType)) targetUrn(ctx, urn);
    else if (!urn.startsWith(ctx.contract.names.urnPrefix))
      throw badRequestError(`urn: '${urn}' is not a URN of this namespace (${ctx.contract.names.urnPrefix}...)`);
    return viewOf(ctx).entity(urn);
  };
  // A dataset at a version stamp (upstream's VersionedDatasetType): null for a dataset never written.
  resolvers.versionedDataset = ((_root, { urn, versionStamp }, ctx) => {
    targetUrn(ctx, urn, 'dataset');
    return versionedDatasetRecord(viewOf(ctx), urn, versionStamp);
  }) satisfies Resolver<{ urn: string; versionStamp?: string | null }>;
  resolvers.entity = ((_root, { urn }, ctx) => anyEntity(ctx, urn)) satisfies Resolver<{ urn: string }>;
  // checkForExistence (upstream's ResolverUtils.filterEntitiesForExistence): true leaves out the URNs the store does not hold.
  // Built under the request's budget: 10,000 records are seconds of work, done in slices that let others in.
  resolvers.entities = ((_root, { urns, checkForExistence }, ctx) => {
    return ctx.requestBudget.map(urns, (urn) => {
      const entity = anyEntity(ctx, urn);
      return checkForExistence !== true || ctx.store.entityExists(urn) ? entity : undefined;
    });
  }) satisfies Resolver<{ urns: string[]; checkForExistence?: boolean | null }>;
  return resolvers;
}
