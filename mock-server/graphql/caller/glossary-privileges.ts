/**
 * A glossary term's or node's `privileges` (upstream's EntityPrivilegesResolver.getGlossaryTermPrivileges and
 * getGlossaryNodePrivileges over GlossaryUtils, datahub-graphql-core/.../resolvers/entity/ and
 * .../resolvers/mutate/util/GlossaryUtils.java, v1.3.0.1): the common checks of every entity, and whether the
 * caller may manage the entity (move or delete it: the platform's MANAGE_GLOSSARIES, or the right to manage the
 * children of its parent node) and, for a node, its children. Managing a node's children takes
 * MANAGE_GLOSSARIES, MANAGE_GLOSSARY_CHILDREN over that node, or MANAGE_ALL_GLOSSARY_CHILDREN over it or any
 * node above it. With `--auth off` the caller may do everything.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { callerOf, type GraphqlContext } from '../context.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from '../entities/entity-view.js';
import { entityPrivileges } from './entity-privileges.js';
import { actorOf, grantedPrivileges } from '../policy-engine.js';

/** A bound on the walk up the node chain, which also stops a cycle. */
const MAX_PARENT_NODES = 50;

/** The parent node a term's or node's info aspect names, or null. */
function parentNodeOf(ctx: GraphqlContext, urn: string): string | null {
  const aspect = tryParseUrn(urn)?.entityType === 'glossaryTerm' ? 'glossaryTermInfo' : 'glossaryNodeInfo';
  return stringOr(ctx.store.getAspect(urn, aspect, 0)?.value.parentNode);
}

/** Whether the caller may manage the children of `node` (GlossaryUtils.canManageChildrenEntities). */
function canManageChildrenOf(ctx: GraphqlContext, node: string | null, manageGlossaries: boolean): boolean {
  if (manageGlossaries) return true;
  if (node === null) return false;
  const actor = actorOf(ctx.store, callerOf(ctx).user);
  if (grantedPrivileges(ctx.store, actor, node).includes('MANAGE_GLOSSARY_CHILDREN')) return true;
  const seen = new Set<string>();
  for (let current: string | null = node; current && !seen.has(current) && seen.size < MAX_PARENT_NODES;) {
    seen.add(current);
    if (grantedPrivileges(ctx.store, actor, current).includes('MANAGE_ALL_GLOSSARY_CHILDREN')) return true;
    current = parentNodeOf(ctx, current);
  }
  return false;
}

export function glossaryPrivileges(ctx: GraphqlContext, view: EntityView, urn: string): OutputRecord {
  const record = entityPrivileges(ctx, view, urn);
  const manageGlossaries =
    ctx.auth.mode === 'off' ||
    grantedPrivileges(ctx.store, actorOf(ctx.store, callerOf(ctx).user)).includes('MANAGE_GLOSSARIES');
  record.canManageEntity = canManageChildrenOf(ctx, parentNodeOf(ctx, urn), manageGlossaries);
  if (tryParseUrn(urn)?.entityType === 'glossaryNode')
    record.canManageChildren = canManageChildrenOf(ctx, urn, manageGlossaries);
  return record;
}
