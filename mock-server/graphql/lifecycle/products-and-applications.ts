/**
 * Data products and applications (datahub-graphql-core/.../resolvers/dataproduct/CreateDataProductResolver.java,
 * UpdateDataProductResolver.java, DeleteDataProductResolver.java, .../resolvers/application/
 * CreateApplicationResolver.java, DeleteApplicationResolver.java; metadata-service/services/.../service/
 * DataProductService.java and ApplicationService.java at v1.3.0.1):
 * - createDataProduct: the domain must exist ("The Domain provided dos not exist", upstream's spelling), the
 *   id (a random UUID when absent or blank) must be free ("This Data product already exists!");
 *   dataProductProperties (name, description) and the domains aspect holding the domain are written, the
 *   caller made an owner, and the data product returned;
 * - updateDataProduct: the name and description given replace the stored ones;
 * - createApplication: applicationProperties, the domains aspect when a domain is given (here it must exist),
 *   the caller an owner; "This Application already exists!" for a taken id;
 * - deleteDataProduct and deleteApplication delete the entity and the references to it (the assets'
 *   dataProductProperties assets are the product's own; the assets' applications lose the application).
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { addCreatorAsOwner } from '../edits/owners.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import type { WriteContext } from '../../store/types.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { existingOfType, newEntityUrn, refuseExisting } from './new-entity.js';

const DOMAIN = 'domain';

interface PropertiesInput {
  name: string;
  description?: string | null;
}

interface CreateInput {
  properties: PropertiesInput;
  domainUrn?: string | null;
  id?: string | null;
}

/** The kinds this file creates: the entity, its properties aspect and upstream's words. */
const KINDS = {
  dataProduct: {
    aspect: 'dataProductProperties',
    exists: 'This Data product already exists!',
    missing: 'The Data Product provided dos not exist',
  },
  application: {
    aspect: 'applicationProperties',
    exists: 'This Application already exists!',
    missing: 'The Application provided does not exist',
  },
} as const;
type Kind = keyof typeof KINDS;

function writeCreated(ctx: GraphqlContext, kind: Kind, urn: string, input: CreateInput, write: WriteContext): void {
  refuseExisting(ctx, urn, KINDS[kind].exists);
  const properties: Record<string, unknown> = { name: input.properties.name };
  if (input.properties.description != null) properties.description = input.properties.description;
  ctx.store.upsertAspect(kind, urn, KINDS[kind].aspect, properties, { ...write, valueRoot: 'input.properties' });
  if (input.domainUrn != null) ctx.store.upsertAspect(kind, urn, 'domains', { domains: [input.domainUrn] }, write);
  addCreatorAsOwner(ctx, urn, write);
}

export function createDataProduct(
  ctx: GraphqlContext,
  view: EntityView,
  input: CreateInput & { domainUrn: string },
): OutputRecord | null {
  if (targetUrn(ctx, input.domainUrn).entity.name !== DOMAIN || !ctx.store.entityExists(input.domainUrn))
    throw badRequestError('The Domain provided dos not exist');
  const urn = newEntityUrn(ctx, 'dataProduct', input.id, true);
  const write = authorizeMutation(ctx, urn);
  ctx.store.transaction(() => writeCreated(ctx, 'dataProduct', urn, input, write));
  return view.entity(urn);
}

export function createApplication(ctx: GraphqlContext, view: EntityView, input: CreateInput): OutputRecord | null {
  const urn = newEntityUrn(ctx, 'application', input.id, true);
  const write = authorizeMutation(ctx, urn);
  if (input.domainUrn != null)
    existingOfType(ctx, input.domainUrn, DOMAIN, `input.domainUrn: ${input.domainUrn} is not an existing domain.`);
  ctx.store.transaction(() => writeCreated(ctx, 'application', urn, input, write));
  return view.entity(urn);
}

export function updateDataProduct(
  ctx: GraphqlContext,
  view: EntityView,
  urn: string,
  input: { name?: string | null; description?: string | null },
): OutputRecord | null {
  existingOfType(ctx, urn, 'dataProduct', KINDS.dataProduct.missing);
  const write = authorizeMutation(ctx, urn);
  ctx.store.transaction(() => {
    const stored = ctx.store.getAspect(urn, KINDS.dataProduct.aspect, 0)?.value;
    if (!stored) throw badRequestError(`Failed to update DataProduct. DataProduct with urn ${urn} does not exist.`);
    const properties = structuredClone(stored);
    if (input.name != null) properties.name = input.name;
    if (input.description != null) properties.description = input.description;
    ctx.store.upsertAspect('dataProduct', urn, KINDS.dataProduct.aspect, properties, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}

export function deleteOfKind(ctx: GraphqlContext, kind: Kind, urn: string): boolean {
  existingOfType(ctx, urn, kind, KINDS[kind].missing);
  const write = authorizeMutation(ctx, urn);
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}
