/**
 * GraphQL's EntityType values and the registry's entity names, for the entity types the GraphQL schema
 * has an output type for (upstream's EntityTypeMapper pairs them the same way). Discovery of any other
 * type is a BAD_REQUEST naming it: its results could not be shown as entities.
 */
import { badRequestError } from '../errors.js';

const ENTITY_NAMES: Readonly<Record<string, string>> = {
  DATASET: 'dataset',
  CHART: 'chart',
  DASHBOARD: 'dashboard',
  DATA_FLOW: 'dataFlow',
  DATA_JOB: 'dataJob',
  CONTAINER: 'container',
  CORP_USER: 'corpuser',
  CORP_GROUP: 'corpGroup',
  TAG: 'tag',
  GLOSSARY_TERM: 'glossaryTerm',
  DATA_PLATFORM: 'dataPlatform',
  DATAHUB_VIEW: 'dataHubView',
  GLOSSARY_NODE: 'glossaryNode',
  DOMAIN: 'domain',
  DATA_PRODUCT: 'dataProduct',
  APPLICATION: 'application',
  STRUCTURED_PROPERTY: 'structuredProperty',
  DATA_TYPE: 'dataType',
  ENTITY_TYPE: 'entityType',
  DATA_PLATFORM_INSTANCE: 'dataPlatformInstance',
  ROLE: 'role',
  MLMODEL: 'mlModel',
  MLMODEL_GROUP: 'mlModelGroup',
  MLFEATURE: 'mlFeature',
  MLFEATURE_TABLE: 'mlFeatureTable',
  MLPRIMARY_KEY: 'mlPrimaryKey',
  DATA_PROCESS_INSTANCE: 'dataProcessInstance',
  ASSERTION: 'assertion',
  INCIDENT: 'incident',
  VERSION_SET: 'versionSet',
  ER_MODEL_RELATIONSHIP: 'erModelRelationship',
  BUSINESS_ATTRIBUTE: 'businessAttribute',
  QUERY: 'query',
  DATA_CONTRACT: 'dataContract',
  DATAHUB_CONNECTION: 'dataHubConnection',
  SCHEMA_FIELD: 'schemaField',
};

const ENTITY_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ENTITY_NAMES).map(([type, name]) => [name, type]),
);

/**
 * The types searched when a cross-entity search names none: upstream's SearchUtils.SEARCHABLE_ENTITY_TYPES
 * (v1.3.0.1) that the schema serves, in its order (NOTEBOOK is not served; SCHEMA_FIELD is searched only when named,
 * as the app's asset lists of a container, a group or a tag name it).
 */
export const SEARCHABLE_TYPES: readonly string[] = [
  'DATASET',
  'DASHBOARD',
  'CHART',
  'MLMODEL',
  'MLMODEL_GROUP',
  'MLFEATURE_TABLE',
  'MLFEATURE',
  'MLPRIMARY_KEY',
  'DATA_FLOW',
  'DATA_JOB',
  'GLOSSARY_TERM',
  'GLOSSARY_NODE',
  'TAG',
  'ROLE',
  'CORP_USER',
  'CORP_GROUP',
  'CONTAINER',
  'DOMAIN',
  'DATA_PRODUCT',
  'BUSINESS_ATTRIBUTE',
  'APPLICATION',
];

/** Every EntityType the schema serves. */
export const SERVED_TYPES: readonly string[] = Object.keys(ENTITY_NAMES);

/** The registry's name of an EntityType the schema serves; undefined for the others. */
export function servedEntityName(type: string): string | undefined {
  return ENTITY_NAMES[type];
}

export function entityNameOf(type: string, field: string): string {
  const name = servedEntityName(type);
  if (!name)
    throw badRequestError(
      `${field}: entity type ${type} is not served by this GraphQL schema; use one of ${Object.keys(ENTITY_NAMES).join(', ')}`,
    );
  return name;
}

export function entityTypeOf(entityName: string): string {
  return ENTITY_TYPES[entityName] ?? 'OTHER';
}
