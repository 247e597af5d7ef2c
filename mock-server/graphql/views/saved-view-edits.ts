/**
 * The saved view mutations, as upstream's resolvers make them (datahub-graphql-core/.../resolvers/view/
 * CreateViewResolver.java, UpdateViewResolver.java, DeleteViewResolver.java, ViewUtils.java;
 * metadata-service/services/.../service/ViewService.java):
 * - createView writes dataHubViewInfo at `<prefix>dataHubView:<random UUID>`, created and last modified
 *   by the caller now; a GLOBAL view needs the right to manage global views (MANAGE_GLOBAL_VIEWS), a
 *   PERSONAL one a caller's token;
 * - updateView changes the name, description and definition given, and the last modified stamp;
 *   deleteView deletes the view. Both are for the view's creator, and for a holder of MANAGE_GLOBAL_VIEWS on a GLOBAL view;
 *   a view that does not exist is a BAD_REQUEST with upstream's message;
 * - a definition's filter: AND puts every filter in one alternative, OR each in its own
 *   (ViewUtils.mapFilter); its entity types are registry names.
 */
import { randomUUID } from 'node:crypto';
import { makeUrn } from '../../../spec/index.js';
import type {
  MutationCreateViewArgs,
  MutationDeleteViewArgs,
  MutationUpdateViewArgs,
} from '../../../generated/graphql/resolvers.js';
import { writeContext } from '../../handlers/context.js';
import type { WriteContext } from '../../store/types.js';
import { authorizePlatform, callerOf, holdsPrivilege, type GraphqlContext } from '../context.js';
import { entityNameOf } from '../discovery/entity-types.js';
import { storedCriterion, type FacetFilterInput } from '../discovery/facet-filters.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError, UNAUTHORIZED_MESSAGE } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';

const ENTITY = 'dataHubView';
/** The privilege a GLOBAL view needs (AuthorizationUtils.canManageGlobalViews). */
const MANAGE_GLOBAL_VIEWS = ['MANAGE_GLOBAL_VIEWS'];
const ASPECT = 'dataHubViewInfo';

interface DefinitionInput {
  entityTypes: readonly string[];
  filter: { operator: string; filters: readonly FacetFilterInput[] };
}

/** ViewUtils.mapDefinition: the entity types as registry names, the filters as one alternative (AND) or one each (OR). */
function definitionOf(input: DefinitionInput, at: string): Record<string, unknown> {
  const criteria = input.filter.filters.map((f, i) => storedCriterion(f, `${at}.filter.filters[${i}]`));
  const or = input.filter.operator === 'AND' ? [{ and: criteria }] : criteria.map((c) => ({ and: [c] }));
  return {
    entityTypes: input.entityTypes.map((type, i) => entityNameOf(type, `${at}.entityTypes[${i}]`)),
    filter: { or },
  };
}

/** The caller's write, for a view of this type: a GLOBAL one needs MANAGE_GLOBAL_VIEWS, a PERSONAL one a token. */
function writeFor(ctx: GraphqlContext, viewType: string): WriteContext {
  if (viewType === 'GLOBAL') return authorizePlatform(ctx, MANAGE_GLOBAL_VIEWS);
  return writeContext(callerOf(ctx, true));
}

/** ViewUtils.canUpdateView: the stored view, when the caller may change it. */
function changeable(ctx: GraphqlContext, urn: string): { info: Record<string, unknown>; write: WriteContext } {
  targetUrn(ctx, urn, ENTITY);
  const info = ctx.store.getAspect(urn, ASPECT, 0)?.value;
  // In ViewUtils.canUpdateView's order: the caller's token, then the view's existence, then its owner.
  const caller = callerOf(ctx, true);
  if (!info) throw badRequestError(`Failed to modify View. View with urn ${urn} does not exist.`);
  const creator = (info.created as { actor?: string } | undefined)?.actor;
  const manages = info.type === 'GLOBAL' && holdsPrivilege(ctx, caller, MANAGE_GLOBAL_VIEWS);
  if (!manages && creator !== caller.user) throw new CatalogGraphqlError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return { info, write: writeContext(caller) };
}

export function createView(
  ctx: GraphqlContext,
  view: EntityView,
  { input }: MutationCreateViewArgs,
): OutputRecord | null {
  const urn = makeUrn(ctx.contract.names.urnPrefix, ENTITY, [randomUUID()]);
  const write = writeFor(ctx, input.viewType);
  const stamp = { time: write.now, actor: write.actor };
  const info: Record<string, unknown> = {
    type: input.viewType,
    name: input.name,
    definition: definitionOf(input.definition, 'input.definition'),
    created: stamp,
    lastModified: stamp,
  };
  if (input.description != null) info.description = input.description;
  ctx.store.upsertAspect(ENTITY, urn, ASPECT, info, { ...write, valueRoot: 'input' });
  return view.entity(urn);
}

export function updateView(
  ctx: GraphqlContext,
  view: EntityView,
  { urn, input }: MutationUpdateViewArgs,
): OutputRecord | null {
  return ctx.store.transaction(() => {
    const { info, write } = changeable(ctx, urn);
    const next: Record<string, unknown> = { ...info, lastModified: { time: write.now, actor: write.actor } };
    if (input.name != null) next.name = input.name;
    if (input.description != null) next.description = input.description;
    if (input.definition != null) next.definition = definitionOf(input.definition, 'input.definition');
    ctx.store.upsertAspect(ENTITY, urn, ASPECT, next, { ...write, valueRoot: 'input' });
    return view.entity(urn);
  });
}

export function deleteView(ctx: GraphqlContext, { urn }: MutationDeleteViewArgs): boolean {
  return ctx.store.transaction(() => {
    const { write } = changeable(ctx, urn);
    const key = ctx.contract.entity(ENTITY)?.keyAspect ?? 'dataHubViewKey';
    ctx.store.deleteAspect(ENTITY, urn, key, write);
    return true;
  });
}
