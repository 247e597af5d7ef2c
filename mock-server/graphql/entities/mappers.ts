/**
 * The lookup table from entity type (the URN's) to the mapper that builds its GraphQL record: the
 * entity types the GraphQL schema has a type for. A search or an `entity(urn)` of any other type has
 * no record to give. `../schema.ts` hands it to each EntityView, so the mappers' files, which take
 * EntityView, are not imported back by it.
 */
import { chartRecord, dashboardRecord } from './tool-assets.js';
import { assertionRecord } from './assertion.js';
import { businessAttributeRecord } from './business-attribute.js';
import { connectionRecord } from './connection.js';
import { containerRecord } from './container.js';
import { dataContractRecord } from './data-contract.js';
import { dataFlowRecord, dataJobRecord } from './pipeline-assets.js';
import { corpGroupRecord } from './corp-group.js';
import { corpUserRecord } from './corp-user.js';
import { dataPlatformRecord } from './data-platform.js';
import { dataHubRoleRecord } from './datahub-role.js';
import { datasetRecord } from './dataset.js';
import { domainRecord } from './domain.js';
import type { EntityMapper } from './entity-view.js';
import { glossaryNodeRecord } from './glossary-node.js';
import { erModelRelationshipRecord } from './field-relationships.js';
import { formRecord } from './forms.js';
import { glossaryTermRecord } from './glossary-term.js';
import { incidentRecord } from './incident.js';
import { testRecord } from './metadata-tests.js';
import { dataHubPolicyRecord } from './policies-and-roles.js';
import { accessTokenRecord } from './access-token.js';
import { executionRequestRecord } from './ingestion.js';
import {
  mlFeatureRecord,
  mlFeatureTableRecord,
  mlModelGroupRecord,
  mlModelRecord,
  mlPrimaryKeyRecord,
} from './ml-assets.js';
import { ownershipTypeRecord } from './ownership-type.js';
import { dataPlatformInstanceRecord, roleRecord } from './platform-instance-and-role.js';
import { applicationRecord, dataProductRecord } from './products-and-applications.js';
import { dataProcessInstanceRecord } from './process-instance.js';
import { pageModuleRecord, pageTemplateRecord } from './page-template.js';
import { postRecord } from './post.js';
import { queryRecord } from './query-entity.js';
import { savedViewRecord } from './saved-view.js';
import { schemaFieldRecord } from './schema-field.js';
import { dataTypeRecord, entityTypeRecord, structuredPropertyRecord } from './structured-property.js';
import { tagRecord } from './tag.js';
import { versionSetRecord } from './versions.js';

export const ENTITY_MAPPERS: Readonly<Record<string, EntityMapper>> = {
  dataset: datasetRecord,
  chart: chartRecord,
  dashboard: dashboardRecord,
  dataFlow: dataFlowRecord,
  dataJob: dataJobRecord,
  container: containerRecord,
  corpuser: corpUserRecord,
  corpGroup: corpGroupRecord,
  tag: tagRecord,
  glossaryTerm: glossaryTermRecord,
  dataPlatform: dataPlatformRecord,
  domain: domainRecord,
  schemaField: schemaFieldRecord,
  ownershipType: ownershipTypeRecord,
  dataHubView: savedViewRecord,
  glossaryNode: glossaryNodeRecord,
  dataProduct: dataProductRecord,
  application: applicationRecord,
  structuredProperty: structuredPropertyRecord,
  dataType: dataTypeRecord,
  entityType: entityTypeRecord,
  dataPlatformInstance: dataPlatformInstanceRecord,
  role: roleRecord,
  dataHubRole: dataHubRoleRecord,
  mlModel: mlModelRecord,
  mlModelGroup: mlModelGroupRecord,
  mlFeature: mlFeatureRecord,
  mlPrimaryKey: mlPrimaryKeyRecord,
  mlFeatureTable: mlFeatureTableRecord,
  dataProcessInstance: dataProcessInstanceRecord,
  assertion: assertionRecord,
  incident: incidentRecord,
  versionSet: versionSetRecord,
  erModelRelationship: erModelRelationshipRecord,
  businessAttribute: businessAttributeRecord,
  dataHubPageTemplate: pageTemplateRecord,
  dataHubPageModule: pageModuleRecord,
  post: postRecord,
  dataHubPolicy: dataHubPolicyRecord,
  dataHubAccessToken: accessTokenRecord,
  dataHubExecutionRequest: executionRequestRecord,
  test: testRecord,
  form: formRecord,
  query: queryRecord,
  dataContract: dataContractRecord,
  dataHubConnection: connectionRecord,
};
