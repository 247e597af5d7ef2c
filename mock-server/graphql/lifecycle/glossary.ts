/**
 * The glossary's terms and nodes (datahub-graphql-core/.../resolvers/glossary/CreateGlossaryTermResolver.java,
 * CreateGlossaryNodeResolver.java, DeleteGlossaryEntityResolver.java and .../resolvers/mutate/
 * UpdateParentNodeResolver.java at v1.3.0.1):
 * - createGlossaryTerm writes glossaryTermInfo (name, definition: the description or empty, termSource
 *   INTERNAL, parentNode) at `<prefix>glossaryTerm:<id>`, createGlossaryNode glossaryNodeInfo (name,
 *   definition, parentNode); each makes the caller an owner. A taken id is "This Glossary Term/Node already
 *   exists!"; a term named as another term under the same parent is refused (upstream checks terms only);
 * - updateParentNode rewrites the info aspect's parentNode (removed without one) of a term or node, with
 *   upstream's messages for a missing target, a parent that is missing or not a node, and missing info;
 * - deleteGlossaryEntity deletes the term or node and the references to it: the terms of assets, the
 *   parentNode of its children (which move to the root).
 * Upstream takes a parent node it never checks; here a parent that is not an existing node is BAD_REQUEST
 * naming `input.parentNode`, as is a move under the node itself or below it. Server errors upstream (an
 * unsupported type, a malformed URN) are BAD_REQUEST here.
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import { addCreatorAsOwner } from '../edits/owners.js';
import { badRequestError } from '../errors.js';
import { stringOr } from '../json-values.js';
import { targetUrn } from '../target-urn.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { existingOfType, newEntityUrn, refuseExisting, siblingNamed } from './new-entity.js';

const NODE = 'glossaryNode';
const INFO: Readonly<Record<string, { aspect: string; label: string }>> = {
  glossaryTerm: { aspect: 'glossaryTermInfo', label: 'Glossary Term' },
  glossaryNode: { aspect: 'glossaryNodeInfo', label: 'Glossary Node' },
};

interface CreateGlossaryEntityInput {
  id?: string | null;
  name: string;
  description?: string | null;
  parentNode?: string | null;
}

const parentNodeOf = (ctx: GraphqlContext, parent: string | null | undefined): string | null =>
  parent == null
    ? null
    : existingOfType(ctx, parent, NODE, `input.parentNode: ${parent} either does not exist or is not a glossaryNode.`);

export function createGlossaryEntity(
  ctx: GraphqlContext,
  entity: 'glossaryTerm' | 'glossaryNode',
  input: CreateGlossaryEntityInput,
): string {
  const { aspect, label } = INFO[entity] ?? { aspect: '', label: '' };
  const urn = newEntityUrn(ctx, entity, input.id);
  const write = authorizeMutation(ctx, urn);
  return ctx.store.transaction(() => {
    const parent = parentNodeOf(ctx, input.parentNode);
    const sibling = { entity, aspect, parent: { field: 'parentNode', hasField: 'hasParentNode' } };
    if (entity === 'glossaryTerm' && siblingNamed(ctx, sibling, parent, input.name))
      throw badRequestError('Glossary Term with this name already exists at this level of the Business Glossary');
    refuseExisting(ctx, urn, `This ${label} already exists!`);
    const info: Record<string, unknown> = { name: input.name, definition: input.description ?? '' };
    if (entity === 'glossaryTerm') info.termSource = 'INTERNAL';
    if (parent !== null) info.parentNode = parent;
    ctx.store.upsertAspect(entity, urn, aspect, info, { ...write, valueRoot: 'input' });
    addCreatorAsOwner(ctx, urn, write);
    return urn;
  });
}

/** Whether `node` is `urn` or above it, along the stored parentNode links of nodes. */
function isAtOrAbove(ctx: GraphqlContext, node: string, urn: string): boolean {
  const seen = new Set<string>();
  for (let at: string | null = urn; at !== null && !seen.has(at);) {
    if (at === node) return true;
    seen.add(at);
    at = stringOr(ctx.store.getAspect(at, 'glossaryNodeInfo', 0)?.value.parentNode);
  }
  return false;
}

export function updateParentNode(
  ctx: GraphqlContext,
  input: { parentNode?: string | null; resourceUrn: string },
): boolean {
  const urn = input.resourceUrn;
  const entity = targetUrn(ctx, urn).entity.name;
  if (!ctx.store.entityExists(urn)) throw badRequestError(`Failed to update ${urn}. ${urn} does not exist.`);
  const parent = input.parentNode ?? null;
  if (parent !== null && (targetUrn(ctx, parent).entity.name !== NODE || !ctx.store.entityExists(parent)))
    throw badRequestError(`Failed to update ${urn}. ${parent} either does not exist or is not a glossaryNode.`);
  const write = authorizeMutation(ctx, urn);
  const info = INFO[entity];
  if (!info) throw badRequestError(`Failed to update parentNode. Unsupported resource type ${urn} provided.`);
  if (parent !== null && entity === NODE && isAtOrAbove(ctx, urn, parent))
    throw badRequestError(`input.parentNode: ${parent} is the node itself or one of its descendants.`);
  return ctx.store.transaction(() => {
    const stored = ctx.store.getAspect(urn, info.aspect, 0)?.value;
    if (!stored) throw badRequestError(`Info for this ${info.label} does not yet exist!`);
    const { parentNode: _old, ...rest } = structuredClone(stored);
    const moved = parent === null ? rest : { ...rest, parentNode: parent };
    ctx.store.upsertAspect(entity, urn, info.aspect, moved, { ...write, valueRoot: 'input' });
    return true;
  });
}

export function deleteGlossaryEntity(ctx: GraphqlContext, urn: string): boolean {
  const entity = targetUrn(ctx, urn).entity.name;
  const write = authorizeMutation(ctx, urn);
  if (!INFO[entity]) throw badRequestError(`urn: ${urn} is not a glossary term or node.`);
  return ctx.store.transaction(() => {
    if (!ctx.store.entityExists(urn)) throw badRequestError(`This urn does not exist: ${urn}`);
    deleteEntityAndReferences(ctx, urn, write);
    return true;
  });
}
