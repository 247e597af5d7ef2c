/**
 * The home page's templates and modules (datahub-graphql-core/.../resolvers/template/UpsertPageTemplateResolver.java,
 * DeletePageTemplateResolver.java, .../resolvers/module/UpsertPageModuleResolver.java, DeletePageModuleResolver.java;
 * metadata-service/services/.../service/PageTemplateService.java and PageModuleService.java at v1.3.0.1):
 * - upsertPageTemplate writes dataHubPageTemplateProperties at the URN given or a new one: the rows (each module
 *   must exist), the asset summary when given, surface and visibility, created (on a new one) and last modified
 *   by the caller now;
 * - upsertPageModule writes dataHubPageModuleProperties: name, type, visibility, the parameters the type needs
 *   (a rich text module its rich text, ...; another type is refused), created and last modified;
 * - deletePageTemplate and deletePageModule delete one; the default template and the default modules may not be
 *   deleted, one that does not exist is refused, and a personal one is its creator's.
 * A GLOBAL template or module needs the right to manage home page templates (here the admin role), a PERSONAL
 * one a caller's token. Upstream's server errors (a missing module in a row, a delete refused by permission)
 * are BAD_REQUEST or UNAUTHORIZED here, with upstream's words.
 */
import { makeUrn } from '../../../spec/index.js';
import { writeContext } from '../../handlers/context.js';
import type { WriteContext } from '../../store/types.js';
import { authorizeMutation, callerOf, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import { objectOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { newEntityUrn } from './new-entity.js';

const TEMPLATE = { entity: 'dataHubPageTemplate', aspect: 'dataHubPageTemplateProperties', label: 'page template' };
const MODULE = { entity: 'dataHubPageModule', aspect: 'dataHubPageModuleProperties', label: 'page module' };
type Kind = typeof TEMPLATE | typeof MODULE;

/** The modules upstream's PageModuleService refuses to delete, by id. */
const DEFAULT_MODULES = [
  'your_assets',
  'your_subscriptions',
  'top_domains',
  'assets',
  'child_hierarchy',
  'data_products',
  'related_terms',
];
const DEFAULT_TEMPLATE = 'home_default_1';

/** The parameters each module type needs (UpsertPageModuleResolver.validateInput), with upstream's words when missing. */
const NEEDED_PARAMS: Readonly<Record<string, { params: string; missing: string }>> = {
  RICH_TEXT: { params: 'richTextParams', missing: 'Did not provide rich text params for rich text module' },
  LINK: { params: 'linkParams', missing: 'Did not provide link params for link module' },
  ASSET_COLLECTION: {
    params: 'assetCollectionParams',
    missing: 'Did not provide asset collection params for asset collection module',
  },
  HIERARCHY: {
    params: 'hierarchyViewParams',
    missing: 'Did not provide hierarchy view params for hierarchy view module',
  },
};

/** The caller's write for a template or module of this scope: GLOBAL needs the admin role, PERSONAL a token. */
function writeFor(ctx: GraphqlContext, urn: string, scope: string): WriteContext {
  return scope === 'GLOBAL' ? authorizeMutation(ctx, urn) : writeContext(callerOf(ctx, true));
}

/** The URN given (of the kind) or a new one with a random id. */
function urnOf(ctx: GraphqlContext, kind: Kind, urn: string | null | undefined): string {
  if (urn == null) return newEntityUrn(ctx, kind.entity, null);
  if (targetUrn(ctx, urn).entity.name !== kind.entity)
    throw badRequestError(`input.urn: ${urn} is not a ${kind.entity} URN`);
  return urn;
}

/** The stored properties with the stamps of this write: created kept (now on a new one), last modified now. */
function stamped(ctx: GraphqlContext, kind: Kind, urn: string, write: WriteContext): Record<string, unknown> {
  const stamp = { time: write.now, actor: write.actor };
  const stored = ctx.store.getAspect(urn, kind.aspect, 0)?.value;
  return { ...(stored ? structuredClone(stored) : { created: stamp }), lastModified: stamp };
}

/** Drops the absent (null) optional fields of an input object, as the resolvers copy only those given. */
const given = (input: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value != null));

interface TemplateInput {
  urn?: string | null;
  rows: readonly { modules: readonly string[] }[];
  assetSummary?: { summaryElements: readonly { elementType: string; structuredPropertyUrn?: string | null }[] } | null;
  scope: string;
  surfaceType: string;
}

export function upsertPageTemplate(ctx: GraphqlContext, view: EntityView, input: TemplateInput): OutputRecord | null {
  const urn = urnOf(ctx, TEMPLATE, input.urn);
  const write = writeFor(ctx, urn, input.scope);
  input.rows.forEach((row, r) =>
    row.modules.forEach((module, m) => {
      if (targetUrn(ctx, module).entity.name !== MODULE.entity || !ctx.store.entityExists(module))
        throw badRequestError(`input.rows[${r}].modules[${m}]: Module with urn ${module} does not exist`);
    }),
  );
  ctx.store.transaction(() => {
    const properties = stamped(ctx, TEMPLATE, urn, write);
    properties.rows = input.rows.map((row) => ({ modules: [...row.modules] }));
    if (input.assetSummary != null)
      properties.assetSummary = {
        summaryElements: input.assetSummary.summaryElements.map((element) => given({ ...element })),
      };
    properties.surface = { surfaceType: input.surfaceType };
    properties.visibility = { scope: input.scope };
    ctx.store.upsertAspect(TEMPLATE.entity, urn, TEMPLATE.aspect, properties, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}

interface ModuleInput {
  urn?: string | null;
  name: string;
  type: string;
  scope: string;
  params: Record<string, Record<string, unknown> | null | undefined>;
}

export function upsertPageModule(ctx: GraphqlContext, view: EntityView, input: ModuleInput): OutputRecord | null {
  const urn = urnOf(ctx, MODULE, input.urn);
  const write = writeFor(ctx, urn, input.scope);
  const needed = NEEDED_PARAMS[input.type];
  if (!needed) throw badRequestError('Attempted to create an unsupported module type.');
  if (input.params[needed.params] == null) throw badRequestError(needed.missing);
  const params = Object.fromEntries(
    Object.entries(input.params)
      .filter((entry): entry is [string, Record<string, unknown>] => entry[1] != null)
      .map(([name, value]) => [name, given(value)]),
  );
  ctx.store.transaction(() => {
    const properties = stamped(ctx, MODULE, urn, write);
    Object.assign(properties, { name: input.name, type: input.type, visibility: { scope: input.scope }, params });
    ctx.store.upsertAspect(MODULE.entity, urn, MODULE.aspect, properties, { ...write, valueRoot: 'input' });
  });
  return view.entity(urn);
}

/** PageTemplateService / PageModuleService checkDelete…Permissions, then the delete. */
function deletePageElement(ctx: GraphqlContext, kind: Kind, urn: string): boolean {
  if (targetUrn(ctx, urn).entity.name !== kind.entity)
    throw badRequestError(`input.urn: ${urn} is not a ${kind.entity} URN`);
  const prefix = ctx.contract.names.urnPrefix;
  if (kind === TEMPLATE && urn === makeUrn(prefix, kind.entity, [DEFAULT_TEMPLATE]))
    throw new CatalogGraphqlError('UNAUTHORIZED', 'Attempted to delete the default page template');
  if (kind === MODULE && DEFAULT_MODULES.some((id) => urn === makeUrn(prefix, kind.entity, [id])))
    throw badRequestError(`Cannot delete default page module with urn ${urn}`);
  const properties = ctx.store.getAspect(urn, kind.aspect, 0)?.value;
  if (!properties) throw badRequestError(`Attempted to delete a ${kind.label} that does not exist with urn ${urn}`);
  const scope = stringOr(objectOf(properties.visibility)?.scope) ?? '';
  const write = writeFor(ctx, urn, scope);
  if (scope === 'PERSONAL' && stringOr(objectOf(properties.created)?.actor) !== write.actor)
    throw new CatalogGraphqlError(
      'UNAUTHORIZED',
      `Attempted to delete personal a ${kind.label} that was not created by the actor`,
    );
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}

export const deletePageTemplate = (ctx: GraphqlContext, urn: string): boolean => deletePageElement(ctx, TEMPLATE, urn);
export const deletePageModule = (ctx: GraphqlContext, urn: string): boolean => deletePageElement(ctx, MODULE, urn);
