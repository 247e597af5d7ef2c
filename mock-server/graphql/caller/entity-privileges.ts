/**
 * An entity's `privileges`: what the caller may do on it, as upstream's EntityPrivilegesResolver computes
 * them (datahub-graphql-core/.../resolvers/entity/EntityPrivilegesResolver.java, v1.3.0.1): every entity
 * type gets the common checks (addCommonPrivileges); a dataset adds its embed, queries, schema field and
 * statistics checks, a chart and a dashboard their embed check. Each answer is whether the stored policies grant
 * the caller, over this entity, the privilege the matching check of upstream's authorization utilities asks
 * for, or EDIT_ENTITY (all of an entity's edits), which each of the edit checks also accepts. A check the
 * entity's type does not make stays null, as upstream leaves it unset (canManageEntity and canManageChildren
 * concern glossary entities). With `--auth off` the caller may do everything, as `me` answers.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { callerOf, type GraphqlContext } from '../context.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from '../entities/entity-view.js';
import { actorOf, grantedPrivileges } from '../policy-engine.js';

/** The edit checks every entity type gets, and the privilege each asks for (besides EDIT_ENTITY). */
const COMMON_EDIT_CHECKS: Readonly<Record<string, string>> = {
  canEditLineage: 'EDIT_LINEAGE',
  canEditProperties: 'EDIT_ENTITY_PROPERTIES',
  canEditAssertions: 'EDIT_ENTITY_ASSERTIONS',
  canEditIncidents: 'EDIT_ENTITY_INCIDENTS',
  canEditDomains: 'EDIT_DOMAINS_PRIVILEGE',
  canEditDataProducts: 'EDIT_ENTITY_DATA_PRODUCTS',
  canEditDeprecation: 'EDIT_DEPRECATION_PRIVILEGE',
  canEditGlossaryTerms: 'EDIT_ENTITY_GLOSSARY_TERMS',
  canEditTags: 'EDIT_ENTITY_TAGS',
  canEditOwners: 'EDIT_ENTITY_OWNERS',
  canEditDescription: 'EDIT_ENTITY_DOCS',
  canEditLinks: 'EDIT_ENTITY_DOC_LINKS',
  canManageAssetSummary: 'MANAGE_ASSET_SUMMARY',
};

const EMBED_CHECK = { canEditEmbed: 'EDIT_ENTITY_EMBED' };

/** The edit checks only some entity types make (getDatasetPrivileges, getChartPrivileges, getDashboardPrivileges). */
const TYPE_EDIT_CHECKS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  dataset: {
    ...EMBED_CHECK,
    canEditQueries: 'EDIT_ENTITY_QUERIES',
    canEditSchemaFieldTags: 'EDIT_DATASET_COL_TAGS',
    canEditSchemaFieldGlossaryTerms: 'EDIT_DATASET_COL_GLOSSARY_TERMS',
    canEditSchemaFieldDescription: 'EDIT_DATASET_COL_DESCRIPTION',
  },
  chart: EMBED_CHECK,
  dashboard: EMBED_CHECK,
};

/** The views of a dataset's statistics: their own privilege only (AuthorizationUtils.isView...Authorized). */
const DATASET_VIEW_CHECKS: Readonly<Record<string, string>> = {
  canViewDatasetUsage: 'VIEW_DATASET_USAGE',
  canViewDatasetProfile: 'VIEW_DATASET_PROFILE',
  canViewDatasetOperations: 'VIEW_DATASET_OPERATIONS',
};

export function entityPrivileges(ctx: GraphqlContext, view: EntityView, urn: string): OutputRecord {
  const entityType = tryParseUrn(urn)?.entityType ?? '';
  const everything = ctx.auth.mode === 'off';
  const granted = new Set(everything ? [] : grantedPrivileges(ctx.store, actorOf(ctx.store, callerOf(ctx).user), urn));
  const holds = (privilege: string) => everything || granted.has(privilege);
  const fields: Record<string, boolean> = {};
  for (const [field, privilege] of Object.entries({ ...COMMON_EDIT_CHECKS, ...TYPE_EDIT_CHECKS[entityType] }))
    fields[field] = holds('EDIT_ENTITY') || holds(privilege);
  if (entityType === 'dataset')
    for (const [field, privilege] of Object.entries(DATASET_VIEW_CHECKS)) fields[field] = holds(privilege);
  return view.shapes.record('EntityPrivileges', fields);
}
