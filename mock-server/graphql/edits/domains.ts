/**
 * An entity's domain (upstream's SetDomainResolver and UnsetDomainResolver under resolvers/domain/ and
 * BatchSetDomainResolver over DomainUtils under resolvers/mutate/, datahub-graphql-core at v1.3.0.1): the
 * domains aspect holds one domain (setting replaces what was there) or none. The domain and every
 * target must exist, with upstream's messages; a batch writes all its resources or none.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import {
  authorizeAll,
  entityNameOf,
  storedCopy,
  validateResource,
  writeAspect,
  type ResourceRef,
} from './resources.js';

function write(ctx: GraphqlContext, urns: readonly string[], domainUrn: string | null): boolean {
  const stamp = authorizeAll(ctx, urns);
  ctx.store.transaction(() => {
    for (const urn of urns) {
      const domains = storedCopy(ctx, urn, 'domains');
      writeAspect(ctx, urn, 'domains', { ...domains, domains: domainUrn == null ? [] : [domainUrn] }, stamp);
    }
  });
  return true;
}

export function setDomain(ctx: GraphqlContext, entityUrn: string, domainUrn: string): boolean {
  authorizeAll(ctx, [entityUrn]);
  entityNameOf(ctx, entityUrn);
  entityNameOf(ctx, domainUrn);
  const failed = `Failed to add Entity ${entityUrn} to Domain ${domainUrn}.`;
  if (!ctx.store.entityExists(domainUrn)) throw badRequestError(`${failed} Domain does not exist.`);
  if (!ctx.store.entityExists(entityUrn)) throw badRequestError(`${failed} Entity does not exist.`);
  return write(ctx, [entityUrn], domainUrn);
}

export function unsetDomain(ctx: GraphqlContext, entityUrn: string): boolean {
  authorizeAll(ctx, [entityUrn]);
  entityNameOf(ctx, entityUrn);
  // Upstream's message here lacks its second argument (a format error, a 500); the mock names the entity.
  if (!ctx.store.entityExists(entityUrn))
    throw badRequestError(`Failed to remove Entity ${entityUrn} from its Domain. Entity does not exist.`);
  return write(ctx, [entityUrn], null);
}

export function batchSetDomain(
  ctx: GraphqlContext,
  input: { domainUrn?: string | null; resources: readonly ResourceRef[] },
): boolean {
  const domainUrn = input.domainUrn ?? null;
  if (domainUrn != null) {
    entityNameOf(ctx, domainUrn);
    if (!ctx.store.entityExists(domainUrn))
      throw badRequestError(`Failed to validate Domain with urn ${domainUrn}. Urn does not exist.`);
  }
  authorizeAll(
    ctx,
    input.resources.map((r) => r.resourceUrn),
  );
  for (const ref of input.resources) validateResource(ctx, ref);
  return write(
    ctx,
    input.resources.map((r) => r.resourceUrn),
    domainUrn,
  );
}
