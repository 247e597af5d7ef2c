/**
 * A dataset's `privileges`: what the caller may do on it, as upstream's EntityPrivilegesResolver computes
 * them for a dataset (datahub-graphql-core/.../resolvers/entity/EntityPrivilegesResolver.java, v1.3.0.1):
 * each answer is whether the stored policies grant the caller, over this dataset, the privilege the matching
 * check of upstream's authorization utilities asks for, or EDIT_ENTITY (all of an entity's edits), which
 * each of the edit checks also accepts. canManageEntity and canManageChildren concern glossary entities
 * only and stay null. With `--auth off` the caller may do everything, as `me` answers.
 */
import { callerOf, type GraphqlContext } from '../context.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from '../entities/entity-view.js';
import { actorOf, grantedPrivileges } from '../policy-engine.js';

/** Each field and the privilege its upstream check asks for (besides EDIT_ENTITY for the edits). */
const EDIT_CHECKS: Readonly<Record<string, string>> = {
  canEditLineage: 'EDIT_LINEAGE',
  canEditEmbed: 'EDIT_ENTITY_EMBED',
  canEditQueries: 'EDIT_ENTITY_QUERIES',
  canEditProperties: 'EDIT_ENTITY_PROPERTIES',
  canEditTags: 'EDIT_ENTITY_TAGS',
  canEditGlossaryTerms: 'EDIT_ENTITY_GLOSSARY_TERMS',
  canEditDescription: 'EDIT_ENTITY_DOCS',
  canEditLinks: 'EDIT_ENTITY_DOC_LINKS',
  canEditDomains: 'EDIT_DOMAINS_PRIVILEGE',
  canEditDataProducts: 'EDIT_ENTITY_DATA_PRODUCTS',
  canEditOwners: 'EDIT_ENTITY_OWNERS',
  canEditIncidents: 'EDIT_ENTITY_INCIDENTS',
  canEditAssertions: 'EDIT_ENTITY_ASSERTIONS',
  canEditDeprecation: 'EDIT_DEPRECATION_PRIVILEGE',
  canEditSchemaFieldTags: 'EDIT_DATASET_COL_TAGS',
  canEditSchemaFieldGlossaryTerms: 'EDIT_DATASET_COL_GLOSSARY_TERMS',
  canEditSchemaFieldDescription: 'EDIT_DATASET_COL_DESCRIPTION',
  canManageAssetSummary: 'MANAGE_ASSET_SUMMARY',
};

/** The views of a dataset's statistics: their own privilege only (AuthorizationUtils.isView...Authorized). */
const VIEW_CHECKS: Readonly<Record<string, string>> = {
  canViewDatasetUsage: 'VIEW_DATASET_USAGE',
  canViewDatasetProfile: 'VIEW_DATASET_PROFILE',
  canViewDatasetOperations: 'VIEW_DATASET_OPERATIONS',
};

export function datasetPrivileges(ctx: GraphqlContext, view: EntityView, urn: string): OutputRecord {
  const everything = ctx.auth.mode === 'off';
  const granted = new Set(everything ? [] : grantedPrivileges(ctx.store, actorOf(ctx.store, callerOf(ctx).user), urn));
  const holds = (privilege: string) => everything || granted.has(privilege);
  const fields: Record<string, boolean> = {};
  for (const [field, privilege] of Object.entries(EDIT_CHECKS))
    fields[field] = holds('EDIT_ENTITY') || holds(privilege);
  for (const [field, privilege] of Object.entries(VIEW_CHECKS)) fields[field] = holds(privilege);
  return view.shapes.record('EntityPrivileges', fields);
}
