/**
 * Domains (datahub-graphql-core/.../resolvers/domain/CreateDomainResolver.java, DeleteDomainResolver.java,
 * .../resolvers/mutate/MoveDomainResolver.java and DomainUtils.java at v1.3.0.1):
 * - createDomain writes domainProperties (name, description, created by the caller now, parentDomain) at
 *   `<prefix>domain:<id>` and makes the caller an owner; a taken id is "This Domain already exists!", a missing
 *   parent "Parent Domain does not exist!", a sibling of the same name under the parent a CONFLICT;
 * - moveDomain rewrites domainProperties' parentDomain (removed without one), with upstream's messages for a
 *   target that is not a domain or has no properties and a parent that is not a domain or does not exist, and
 *   the CONFLICT for a name taken at the destination (the domain itself counts, as upstream's search finds it);
 * - deleteDomain deletes the domain and the references to it; one with child domains is refused.
 * Where upstream answers a server error (a domain with children, a malformed URN) this answers BAD_REQUEST with
 * the inner message; a move under the domain itself or below it (a cycle upstream writes) and a delete of what
 * is not an existing domain (upstream answers true) are BAD_REQUEST too.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { addCreatorAsOwner } from '../edits/owners.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import { stringOr } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { existingOfType, newEntityUrn, refuseExisting, siblingNamed, type Siblings } from './new-entity.js';

const ENTITY = 'domain';
const PROPERTIES = 'domainProperties';
const SIBLINGS: Siblings = {
  entity: ENTITY,
  aspect: PROPERTIES,
  parent: { field: 'parentDomain', hasField: 'hasParentDomain' },
};

interface CreateDomainInput {
  id?: string | null;
  name: string;
  description?: string | null;
  parentDomain?: string | null;
}

export function createDomain(ctx: GraphqlContext, input: CreateDomainInput): string {
  const urn = newEntityUrn(ctx, ENTITY, input.id);
  const write = authorizeMutation(ctx, urn);
  const parent = input.parentDomain ?? null;
  return ctx.store.transaction(() => {
    refuseExisting(ctx, urn, 'This Domain already exists!');
    if (parent !== null) existingOfType(ctx, parent, ENTITY, 'Parent Domain does not exist!');
    if (siblingNamed(ctx, SIBLINGS, parent, input.name))
      throw new CatalogGraphqlError(
        'CONFLICT',
        `"${input.name}" already exists in this domain. Please pick a unique name.`,
      );
    const properties: Record<string, unknown> = { name: input.name, created: { time: write.now, actor: write.actor } };
    if (input.description != null) properties.description = input.description;
    if (parent !== null) properties.parentDomain = parent;
    ctx.store.upsertAspect(ENTITY, urn, PROPERTIES, properties, { ...write, valueRoot: 'input' });
    addCreatorAsOwner(ctx, urn, write);
    return urn;
  });
}

/** Whether `ancestor` is `urn` or above it, along the stored parentDomain links. */
function isAtOrAbove(ctx: GraphqlContext, ancestor: string, urn: string): boolean {
  const seen = new Set<string>();
  for (let at: string | null = urn; at !== null && !seen.has(at);) {
    if (at === ancestor) return true;
    seen.add(at);
    at = stringOr(ctx.store.getAspect(at, PROPERTIES, 0)?.value.parentDomain);
  }
  return false;
}

export function moveDomain(ctx: GraphqlContext, input: { parentDomain?: string | null; resourceUrn: string }): boolean {
  const urn = input.resourceUrn;
  const write = authorizeMutation(ctx, urn);
  const parent = input.parentDomain ?? null;
  return ctx.store.transaction(() => {
    if (targetUrn(ctx, urn).entity.name !== ENTITY) throw badRequestError('Resource is not a domain.');
    const properties = ctx.store.getAspect(urn, PROPERTIES, 0)?.value;
    if (!properties) throw badRequestError('Domain properties do not exist.');
    if (parent !== null) {
      if (targetUrn(ctx, parent).entity.name !== ENTITY) throw badRequestError('Parent entity is not a domain.');
      if (!ctx.store.entityExists(parent)) throw badRequestError('Parent entity does not exist.');
      if (isAtOrAbove(ctx, urn, parent))
        throw badRequestError(`input.parentDomain: ${parent} is the domain itself or one of its descendants.`);
    }
    const name = String(properties.name);
    if (siblingNamed(ctx, SIBLINGS, parent, name))
      throw new CatalogGraphqlError(
        'CONFLICT',
        `"${name}" already exists in the destination domain. Please pick a unique name.`,
      );
    const { parentDomain: _old, ...rest } = structuredClone(properties);
    const moved = parent === null ? rest : { ...rest, parentDomain: parent };
    ctx.store.upsertAspect(ENTITY, urn, PROPERTIES, moved, { ...write, valueRoot: 'input' });
    return true;
  });
}

export function deleteDomain(ctx: GraphqlContext, urn: string): boolean {
  const write = authorizeMutation(ctx, urn);
  return ctx.store.transaction(() => {
    existingOfType(ctx, urn, ENTITY, `urn: ${urn} is not an existing domain.`);
    const children = ctx.discovery.search({
      input: '*',
      entity: ENTITY,
      start: 0,
      count: 0,
      filter: { or: [{ and: [{ field: 'parentDomain', values: [urn], condition: 'EQUAL' }] }] },
    });
    if (children.numEntities > 0) throw badRequestError(`Cannot delete domain ${urn} which has child domains`);
    deleteEntityAndReferences(ctx, urn, write);
    return true;
  });
}
