/**
 * A schema field's business attribute (upstream's AddBusinessAttributeResolver and
 * RemoveBusinessAttributeResolver under resolvers/businessattribute/, datahub-graphql-core at v1.3.0.1):
 * each resource is a schemaField URN whose businessAttributes aspect gets (or loses) the association
 * `{businessAttributeUrn}`. Adding needs the attribute to exist ("This urn does not exist: ..."); removing
 * from a field without one is refused with upstream's words. Every resource is checked before anything is
 * written, and all are written or none.
 */
import type { GraphqlContext } from '../context.js';
import { badRequestError } from '../errors.js';
import { targetUrn } from '../target-urn.js';
import { authorizeAll, storedCopy, writeAspect, type ResourceRef } from './resources.js';

interface BusinessAttributeInput {
  businessAttributeUrn: string;
  resourceUrn: readonly ResourceRef[];
}

function fieldsOf(ctx: GraphqlContext, input: BusinessAttributeInput): string[] {
  return input.resourceUrn.map(({ resourceUrn }, i) => {
    if (targetUrn(ctx, resourceUrn).entity.name !== 'schemaField')
      throw badRequestError(`input.resourceUrn[${i}].resourceUrn: ${resourceUrn} is not a schemaField urn`);
    return resourceUrn;
  });
}

export function addBusinessAttribute(ctx: GraphqlContext, input: BusinessAttributeInput): boolean {
  const write = authorizeAll(
    ctx,
    input.resourceUrn.map((r) => r.resourceUrn),
  );
  targetUrn(ctx, input.businessAttributeUrn, 'businessAttribute');
  if (!ctx.store.entityExists(input.businessAttributeUrn))
    throw badRequestError(`This urn does not exist: ${input.businessAttributeUrn}`);
  const fields = fieldsOf(ctx, input);
  ctx.store.transaction(() => {
    for (const urn of fields) {
      const value = storedCopy(ctx, urn, 'businessAttributes');
      writeAspect(
        ctx,
        urn,
        'businessAttributes',
        { ...value, businessAttribute: { businessAttributeUrn: input.businessAttributeUrn } },
        write,
      );
    }
  });
  return true;
}

export function removeBusinessAttribute(ctx: GraphqlContext, input: BusinessAttributeInput): boolean {
  const write = authorizeAll(
    ctx,
    input.resourceUrn.map((r) => r.resourceUrn),
  );
  const fields = fieldsOf(ctx, input);
  const values = fields.map((urn) => {
    const value = storedCopy(ctx, urn, 'businessAttributes');
    if (value.businessAttribute == null)
      throw badRequestError(`Schema field has not attached with business attribute (${urn})`);
    const { businessAttribute: _removed, ...rest } = value;
    return [urn, rest] as const;
  });
  ctx.store.transaction(() => {
    for (const [urn, value] of values) writeAspect(ctx, urn, 'businessAttributes', value, write);
  });
  return true;
}
