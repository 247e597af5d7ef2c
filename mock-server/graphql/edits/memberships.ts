/**
 * What an asset belongs to: an application (upstream's BatchSetApplicationResolver over
 * ApplicationService.batchSetApplicationAssets and unsetApplication: the asset's applications aspect holds
 * the one application, or none) and a data product (BatchSetDataProductResolver over DataProductService:
 * the product's dataProductProperties.assets gains the assets not yet in it, each with created and
 * lastModified stamps of the caller; unsetting takes each asset out of every product that contains it,
 * found by the DataProductContains edges). Read in datahub-graphql-core .../resolvers/application/,
 * .../resolvers/dataproduct/ and metadata-service/services/.../service/ at v1.3.0.1. Every asset and the
 * application or product must exist, with upstream's messages; all are written or none.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { objectsOf } from '../json-values.js';
import { authorizeAll, entityNameOf, stamp, storedCopy, writeAspect } from './resources.js';

function verify(ctx: GraphqlContext, resourceUrns: readonly string[], target: string | null, what: string) {
  const write = authorizeAll(ctx, resourceUrns);
  for (const urn of resourceUrns) {
    entityNameOf(ctx, urn);
    if (!ctx.store.entityExists(urn))
      throw badRequestError(`Failed to batch set ${what}, ${urn} in resources does not exist`);
  }
  if (target != null) {
    entityNameOf(ctx, target);
    if (!ctx.store.entityExists(target))
      throw badRequestError(`Failed to batch set ${what}, ${what} urn ${target} does not exist`);
  }
  return write;
}

export function batchSetApplication(
  ctx: GraphqlContext,
  input: { applicationUrn?: string | null; resourceUrns: readonly string[] },
): boolean {
  const application = input.applicationUrn ?? null;
  const write = verify(ctx, input.resourceUrns, application, 'Application');
  ctx.store.transaction(() => {
    for (const urn of input.resourceUrns)
      writeAspect(ctx, urn, 'applications', { applications: application == null ? [] : [application] }, write);
  });
  return true;
}

export function batchSetDataProduct(
  ctx: GraphqlContext,
  input: { dataProductUrn?: string | null; resourceUrns: readonly string[] },
): boolean {
  const product = input.dataProductUrn ?? null;
  const write = verify(ctx, input.resourceUrns, product, 'Data Product');
  ctx.store.transaction(() => {
    if (product != null) {
      const properties = storedCopy(ctx, product, 'dataProductProperties');
      const assets = objectsOf(properties.assets);
      for (const urn of input.resourceUrns)
        if (!assets.some((a) => a.destinationUrn === urn))
          assets.push({ destinationUrn: urn, created: stamp(write), lastModified: stamp(write) });
      writeAspect(ctx, product, 'dataProductProperties', { ...properties, assets }, write);
      return;
    }
    for (const urn of input.resourceUrns) {
      const holders = ctx.store.relationships({
        urn,
        direction: 'INCOMING',
        types: ['DataProductContains'],
        start: 0,
        count: 10,
      });
      for (const holder of holders.relationships) {
        const properties = storedCopy(ctx, holder.entity, 'dataProductProperties');
        const assets = objectsOf(properties.assets).filter((a) => a.destinationUrn !== urn);
        writeAspect(ctx, holder.entity, 'dataProductProperties', { ...properties, assets }, write);
      }
    }
  });
  return true;
}
