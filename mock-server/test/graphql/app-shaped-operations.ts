/**
 * Operations in the shapes DataHub's web app sends (v1.3.0.1, `datahub-web-react/src/graphql/`: `search.graphql`,
 * `fragments.graphql`, `dataset.graphql`, `lineage.graphql`), written for this project over the types of the
 * built-in schema: the same depth of nesting, the same reuse of small fragments (owners, tags, terms,
 * domain, platform, parent containers) under a fragment per entity type, the search results' fragment
 * spread on every entity type with the two lineage counts per result, an entity page of many fragments,
 * and a lineage view of a hop both ways with the counts beyond. Measured against upstream's schema, the app's own search is depth 17 and
 * complexity about 1,500 (count 10), its dataset page 9 and about 700, its lineage 15 and about 1,000.
 */

/** Fragments the others reuse, as the app's `fragments.graphql` does. */
const SHARED = `
fragment platformBits on DataPlatform { urn type name displayName properties { type displayName datasetNameDelimiter logoUrl } }
fragment stampBits on AuditStamp { time actor }
fragment ownerBits on Ownership {
  owners {
    owner {
      ... on CorpUser { urn type username properties { displayName fullName email title } editableProperties { displayName pictureLink email } }
      ... on CorpGroup { urn type name properties { displayName email } editableProperties { pictureLink } }
    }
    type
    ownershipType { urn type info { name description } }
    associatedUrn
  }
  lastModified { ...stampBits }
}
fragment tagBits on GlobalTags { tags { tag { urn type name description properties { name colorHex } } associatedUrn } }
fragment termBits on GlossaryTerms {
  terms { term { urn type name hierarchicalName properties { name description definition termSource } } associatedUrn }
}
fragment domainBits on DomainAssociation { domain { urn type id properties { name description } } associatedUrn }
fragment deprecationBits on Deprecation { deprecated note actor decommissionTime }
fragment containersBits on ParentContainersResult {
  count
  containers { urn type properties { name } subTypes { typeNames } platform { ...platformBits } }
}
fragment customBits on CustomPropertiesEntry { key value associatedUrn }
`;

/** The owners, tags, terms, domain and deprecation every asset type's result selects, as the app repeats them. */
const GOVERNANCE = `ownership { ...ownerBits }
    tags { ...tagBits }
    glossaryTerms { ...termBits }
    domain { ...domainBits }
    deprecation { ...deprecationBits }`;

/** One result of a search, per entity type (the app's `searchResultsWithoutSchemaField`). */
const RESULT_FIELDS = `
fragment resultNoLineage on Entity {
  urn
  type
  ... on Dataset {
    name origin uri lastIngested exists
    platform { ...platformBits }
    properties { name qualifiedName description externalUrl customProperties { ...customBits } }
    editableProperties { description name }
    ${GOVERNANCE}
    subTypes { typeNames }
    container { urn type properties { name } }
    parentContainers { ...containersBits }
    status { removed }
    statsSummary { queryCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn type username } }
  }
  ... on Chart {
    tool chartId lastIngested
    platform { ...platformBits }
    properties { name description externalUrl chartType: type access lastRefreshed customProperties { ...customBits } }
    editableProperties { description }
    ${GOVERNANCE}
    parentContainers { ...containersBits }
    subTypes { typeNames }
    status { removed }
  }
  ... on Dashboard {
    tool dashboardId lastIngested
    platform { ...platformBits }
    properties { name description externalUrl access lastRefreshed customProperties { ...customBits } }
    editableProperties { description }
    ${GOVERNANCE}
    parentContainers { ...containersBits }
    subTypes { typeNames }
    status { removed }
  }
  ... on DataFlow {
    orchestrator flowId cluster lastIngested
    platform { ...platformBits }
    properties { name description project externalUrl customProperties { ...customBits } }
    ${GOVERNANCE}
    status { removed }
  }
  ... on DataJob {
    jobId lastIngested
    dataFlow { urn type orchestrator flowId properties { name } platform { ...platformBits } }
    properties { name description externalUrl customProperties { ...customBits } }
    ${GOVERNANCE}
    subTypes { typeNames }
    status { removed }
  }
  ... on Container {
    lastIngested
    platform { ...platformBits }
    properties { name description externalUrl qualifiedName customProperties { ...customBits } }
    editableProperties { description }
    ${GOVERNANCE}
    parentContainers { ...containersBits }
    subTypes { typeNames }
    entities(input: {start: 0, count: 0}) { total }
  }
  ... on CorpUser {
    username isNativeUser
    properties { active displayName email title firstName lastName fullName departmentName }
    editableProperties { displayName title pictureLink teams skills }
    tags { ...tagBits }
  }
  ... on CorpGroup { name properties { displayName description email } editableProperties { description pictureLink } ownership { ...ownerBits } }
  ... on Tag { name description properties { name description colorHex } ownership { ...ownerBits } }
  ... on GlossaryTerm {
    name hierarchicalName
    properties { name description definition termSource customProperties { ...customBits } }
    ownership { ...ownerBits }
    domain { ...domainBits }
    deprecation { ...deprecationBits }
  }
  ... on Domain { id properties { name description } ownership { ...ownerBits } }
  ... on DataPlatform { ...platformBits }
  ... on SchemaFieldEntity { fieldPath parent { urn type ... on Dataset { name platform { ...platformBits } } } }
  ... on OwnershipTypeEntity { info { name description } status { removed } }
  ... on DataHubView { viewType name description definition { entityTypes } }
}
fragment searchResultFields on Entity {
  ...resultNoLineage
  ... on EntityWithRelationships {
    upstream: lineage(input: {direction: UPSTREAM, start: 0, count: 100}) { total filtered }
    downstream: lineage(input: {direction: DOWNSTREAM, start: 0, count: 100}) { total filtered }
  }
}
`;

/** The search page: results with the result fragment spread on every entity type, facets and suggestions. */
export const SEARCH = `
query appSearch($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    start count total
    searchResults {
      entity { ...searchResultFields }
      matchedFields { name value entity { urn type } }
      insights { text icon }
    }
    facets {
      field displayName
      entity { urn type }
      aggregations {
        value count displayName
        entity {
          urn type
          ... on Tag { name properties { name colorHex } }
          ... on GlossaryTerm { name properties { name } }
          ... on DataPlatform { ...platformBits }
          ... on Domain { properties { name } }
          ... on Container { platform { ...platformBits } properties { name } parentContainers { ...containersBits } }
          ... on CorpUser { username properties { displayName fullName } editableProperties { displayName pictureLink } }
          ... on CorpGroup { name properties { displayName } }
        }
      }
    }
    suggestions { text frequency score }
  }
}
${RESULT_FIELDS}${SHARED}`;

/** A dataset's page: the header, schema, documentation, ownership, lineage counts and usage, in fragments. */
export const DATASET_PAGE = `
query appDataset($urn: String!) {
  dataset(urn: $urn) { ...datasetHeader ...datasetSchema ...datasetAbout ...datasetUsage }
}
fragment datasetHeader on Dataset {
  urn type name origin uri lastIngested exists
  platform { ...platformBits }
  container { urn type properties { name } platform { ...platformBits } }
  parentContainers { ...containersBits }
  subTypes { typeNames }
  status { removed }
  deprecation { ...deprecationBits }
  browsePaths { path }
  upstream: lineage(input: {direction: UPSTREAM, start: 0, count: 100}) { total filtered }
  downstream: lineage(input: {direction: DOWNSTREAM, start: 0, count: 100}) { total filtered }
}
fragment datasetSchema on Dataset {
  schemaMetadata {
    aspectVersion name platformUrn version hash primaryKeys createdAt
    fields {
      fieldPath label nullable description type nativeDataType recursive isPartOfKey isPartitioningKey jsonProps
      globalTags { ...tagBits }
      glossaryTerms { ...termBits }
      schemaFieldEntity { urn type fieldPath }
    }
  }
  editableSchemaMetadata {
    editableSchemaFieldInfo { fieldPath description globalTags { ...tagBits } glossaryTerms { ...termBits } }
  }
}
fragment datasetAbout on Dataset {
  properties {
    name qualifiedName description externalUrl created createdActor lastModifiedActor
    lastModified { ...stampBits }
    customProperties { ...customBits }
  }
  editableProperties { description name }
  ownership { ...ownerBits }
  tags { ...tagBits }
  glossaryTerms { ...termBits }
  domain { ...domainBits }
  institutionalMemory {
    elements { url label description associatedUrn author { urn type username } created { ...stampBits } }
  }
}
fragment datasetUsage on Dataset {
  statsSummary { queryCountLast30Days uniqueUserCountLast30Days topUsersLast30Days { urn type username properties { displayName } } }
  usageStats(range: MONTH) {
    buckets { bucket duration resource metrics { uniqueUserCount totalSqlQueries topSqlQueries } }
    aggregations { uniqueUserCount totalSqlQueries users { count userEmail user { urn username } } fields { fieldName count } }
  }
}
${SHARED}`;

/** One node of the lineage graph, as the app draws it. */
const LINEAGE_NODE = `
fragment lineageNode on Entity {
  urn type
  ... on Dataset { name properties { name description customProperties { ...customBits } } platform { ...platformBits } subTypes { typeNames } status { removed } deprecation { ...deprecationBits } ownership { ...ownerBits } tags { ...tagBits } glossaryTerms { ...termBits } domain { ...domainBits } parentContainers { ...containersBits } }
  ... on DataJob { jobId properties { name description } dataFlow { urn orchestrator platform { ...platformBits } } status { removed } ownership { ...ownerBits } }
  ... on Chart { tool properties { name description } platform { ...platformBits } status { removed } ownership { ...ownerBits } }
  ... on Dashboard { tool properties { name description } platform { ...platformBits } status { removed } ownership { ...ownerBits } }
  ... on DataFlow { orchestrator properties { name } platform { ...platformBits } }
}
`;

/** A lineage hop in one direction (a field of the types that have lineage), `inner` inside each neighbour. */
function hop(direction: 'UPSTREAM' | 'DOWNSTREAM', inner: string): string {
  return `${direction.toLowerCase()}: lineage(input: {direction: ${direction}, start: 0, count: 100}) {
    start count total filtered
    relationships {
      type degree isManual createdOn updatedOn
      createdActor { urn type }
      updatedActor { urn type }
      entity { ...lineageNode ${inner} }
    }
  }`;
}

/**
 * The lineage view: the entity, its neighbours both ways and their counts of neighbours, as the app's
 * lineage query asks for them; `deeper` more hops downstream between (the same shape, deepened).
 */
export function lineageView(deeper = 0): string {
  let inner = `... on EntityWithRelationships {
    upstream: lineage(input: {direction: UPSTREAM, start: 0, count: 0}) { total }
    downstream: lineage(input: {direction: DOWNSTREAM, start: 0, count: 0}) { total }
  }`;
  for (let i = 0; i < deeper; i += 1) inner = `... on EntityWithRelationships { ${hop('DOWNSTREAM', inner)} }`;
  return `
query appLineage($urn: String!) {
  entity(urn: $urn) { ...lineageNode ... on EntityWithRelationships { ${hop('UPSTREAM', inner)} ${hop('DOWNSTREAM', inner)} } }
}
${LINEAGE_NODE}${SHARED}`;
}
