/**
 * mutation createTag (graphql-facts §3.2): the tag URN is `<prefix>tag:<id>`, the id being input.id
 * or a random lowercase UUID; an existing tag is a BAD_REQUEST "This Tag already exists!" (the
 * resolver rejects, whatever the upstream doc comment says); tagProperties is written. The upstream
 * profile also makes the caller an owner of the new tag, as newer upstream resolvers do
 * (upstream-differences: create-tag-ownership).
 */
import { randomUUID } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type { MutationCreateTagArgs } from '../../../generated/graphql/resolvers.js';
import { authorizePlatform, type GraphqlContext } from '../context.js';
import { addCreatorAsOwner } from './owners.js';
import { badRequestError } from '../errors.js';
import { targetUrn } from '../target-urn.js';

export function createTag(ctx: GraphqlContext, { input }: MutationCreateTagArgs): string {
  const urn = makeUrn(ctx.contract.names.urnPrefix, 'tag', [input.id ?? randomUUID()]);
  const write = authorizePlatform(ctx, ['CREATE_TAGS', 'MANAGE_TAGS']);
  targetUrn(ctx, urn, 'tag');
  return ctx.store.transaction(() => {
    if (ctx.store.entityExists(urn)) throw badRequestError('This Tag already exists!');
    const properties: Record<string, unknown> = { name: input.name };
    if (input.description != null) properties.description = input.description;
    ctx.store.upsertAspect('tag', urn, 'tagProperties', properties, { ...write, valueRoot: 'input' });
    if (ctx.profile === 'upstream') addCreatorAsOwner(ctx, urn, write);
    return urn;
  });
}
