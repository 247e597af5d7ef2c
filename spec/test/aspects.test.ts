import { describe, expect, it } from 'vitest';
import { aspectSpec, fromRoot, loadContract, readYaml, specFiles, type JsonSchema, type SearchableField } from '../index.js';
import { SchemaValidators } from '../validation.js';

const contract = loadContract('svc');
const validators = new SchemaValidators();
const schemas = (contract.openapi.components as { schemas: Record<string, JsonSchema> }).schemas;

interface AspectHeader {
  name: string;
  record: string;
  kind: string;
}

describe('aspect schema files', () => {
  const files = specFiles('aspects');

  it.each(files)('%s names its aspect after the file and is listed in openapi.yaml', (file) => {
    const raw = readYaml<{ 'x-aspect'?: AspectHeader }>(fromRoot('spec', 'aspects', file));
    const header = raw['x-aspect'];
    expect(header?.name).toBe(file.replace(/\.yaml$/, ''));
    expect(header?.record).toMatch(/^com\.svc\.[a-z.]+\.[A-Z][A-Za-z0-9]*$/);
    expect(['versioned', 'timeseries']).toContain(header?.kind);
    expect(contract.aspects.get(header!.name)?.record).toBe(header!.record);
  });

  it('gives every time series aspect a required timestampMillis', () => {
    const timeseries = [...contract.aspects.values()].filter((a) => a.kind === 'timeseries');
    expect(timeseries.map((a) => a.name).sort()).toEqual([
      'assertionRunEvent',
      'datasetProfile',
      'datasetUsageStatistics',
      'operation',
    ]);
    for (const aspect of timeseries) expect(aspect.schema.required).toContain('timestampMillis');
  });

  it('uses each record name once', () => {
    expect(contract.aspectsByRecord.size).toBe(contract.aspects.size);
  });
});

describe('entity registry', () => {
  const entities = [...contract.entities.values()];
  const raw = readYaml<{ aspectRecords: Record<string, string> }>(fromRoot('spec', 'entities.yaml'));

  it('covers every entity type of upstream\'s registry, the document\'s among them', () => {
    // upstream-registry.yaml: the names of upstream's entity-registry.yml at the release entities.yaml records.
    const upstream = Object.keys(readYaml<{ entities: Record<string, string[]> }>(fromRoot('spec', 'upstream-registry.yaml')).entities);
    expect(upstream.length).toBeGreaterThanOrEqual(61);
    expect(entities.map((e) => e.name).sort()).toEqual([...upstream].sort());
  });

  it('names a record for every allowed aspect: a schema, or an aspectRecords entry', () => {
    const unnamed = entities.flatMap((e) => e.aspects.filter((a) => !contract.recordOfAspect(a)).map((a) => `${e.name}/${a}`));
    expect(unnamed).toEqual([]);
  });

  it('lists in aspectRecords only aspects without a schema, and only aspects some entity allows', () => {
    const allowed = new Set(entities.flatMap((e) => e.aspects));
    for (const name of Object.keys(raw.aspectRecords)) {
      expect(contract.aspects.has(name), name).toBe(false);
      expect(allowed.has(name), name).toBe(true);
    }
  });

  it.each(entities.map((e) => [e.name, e] as const))('%s: the key aspect fields are the urnKey, in the allowed aspects', (_name, entity) => {
    const key = contract.aspects.get(entity.keyAspect);
    expect(key, entity.keyAspect).toBeDefined();
    expect(Object.keys(key!.schema.properties as object).sort()).toEqual([...entity.urnKey].sort());
    expect(entity.aspects).toContain(entity.keyAspect);
    for (const ts of entity.timeseriesAspects) expect(entity.aspects).toContain(ts);
  });

  it.each(entities.filter((e) => e.defaultBrowsePath).map((e) => [e.name, e] as const))(
    '%s: the default browse path names key fields only',
    (_name, entity) => {
      const placeholders = [...entity.defaultBrowsePath!.matchAll(/\{([^}|]+)(\|dots)?\}/g)].map((m) => m[1]!.split('.')[0]);
      expect(placeholders.length).toBeGreaterThan(0);
      for (const field of placeholders) expect(entity.urnKey).toContain(field);
    },
  );

  it('marks as time series exactly the allowed aspects whose schema says so', () => {
    for (const entity of entities) {
      for (const name of entity.aspects) {
        const spec = contract.aspects.get(name);
        if (spec) expect(entity.timeseriesAspects.includes(name), `${entity.name}/${name}`).toBe(spec.kind === 'timeseries');
      }
    }
  });
});

describe('relationships', () => {
  const relationships = [...contract.aspects.values()].flatMap((a) => a.relationships.map((r) => ({ aspect: a.name, ...r })));

  it('point at registry entities only', () => {
    const unknown = relationships.flatMap((r) => r.entityTypes.filter((t) => !contract.entities.has(t)).map((t) => `${r.aspect}:${r.name}->${t}`));
    expect(unknown).toEqual([]);
  });

  it.each([
    { given: ['ownership', 'owners/*/owner'], want: { name: 'OwnedBy', entityTypes: ['corpuser', 'corpGroup'] } },
    { given: ['globalTags', 'tags/*/tag'], want: { name: 'TaggedWith', entityTypes: ['tag'] } },
    { given: ['upstreamLineage', 'upstreams/*/dataset'], want: { name: 'DownstreamOf', entityTypes: ['dataset'] } },
    { given: ['chartInfo', 'inputs/*/string'], want: { name: 'Consumes', entityTypes: ['dataset'] } },
    { given: ['dashboardInfo', 'charts/*'], want: { name: 'Contains', entityTypes: ['chart'] } },
    { given: ['corpGroupInfo', 'members/*'], want: { name: 'IsPartOf', entityTypes: ['corpuser'] } },
    { given: ['groupMembership', 'groups/*'], want: { name: 'IsMemberOfGroup', entityTypes: ['corpGroup'] } },
    { given: ['corpUserInfo', 'managerUrn'], want: { name: 'ReportsTo', entityTypes: ['corpuser'] } },
    { given: ['glossaryTermInfo', 'parentNode'], want: { name: 'IsPartOf', entityTypes: ['glossaryNode'] } },
    { given: ['schemaMetadata', 'fields/*/globalTags/tags/*/tag'], want: { name: 'SchemaFieldTaggedWith', entityTypes: ['tag'] } },
    { given: ['editableSchemaMetadata', 'editableSchemaFieldInfo/*/globalTags/tags/*/tag'], want: { name: 'EditableSchemaFieldTaggedWith', entityTypes: ['tag'] } },
    { given: ['dataJobKey', 'flow'], want: { name: 'IsPartOf', entityTypes: ['dataFlow'] } },
    { given: ['testResults', 'passing/*/test'], want: { name: 'IsPassing', entityTypes: ['test'] } },
    { given: ['testResults', 'failing/*/test'], want: { name: 'IsFailing', entityTypes: ['test'] } },
  ])('$given.0 $given.1 is $want.name', ({ given: [aspect, path], want }) => {
    const found = contract.aspects.get(aspect!)?.relationships.find((r) => r.path.join('/') === path);
    expect(found && { name: found.name, entityTypes: found.entityTypes }).toEqual(want);
  });

  // Upstream's @Relationship isLineage and isUpstream (Upstream.pdl, ChartInfo.pdl, DashboardInfo.pdl,
  // DataJobInputOutput.pdl, MLModelProperties.pdl; MLFeatureTableProperties.pdl's Contains is not lineage).
  it.each([
    ['upstreamLineage', 'upstreams/*/dataset', { isUpstream: true }],
    ['chartInfo', 'inputEdges/*/destinationUrn', { isUpstream: true }],
    ['dashboardInfo', 'dashboards/*/destinationUrn', { isUpstream: true }],
    ['dataJobInputOutput', 'inputDatasets/*', { isUpstream: true }],
    ['dataJobInputOutput', 'outputDatasets/*', { isUpstream: false }],
    ['mlModelProperties', 'mlFeatures/*', { isUpstream: true }],
    ['mlFeatureTableProperties', 'mlFeatures/*', undefined],
    ['ownership', 'owners/*/owner', undefined],
  ])('%s %s is lineage as upstream marks it', (aspect, path, want) => {
    const relationship = contract.aspects.get(aspect)?.relationships.find((r) => r.path.join('/') === path);
    expect(relationship).toBeDefined();
    expect(relationship?.lineage).toEqual(want);
  });

  // Upstream's @Relationship createdOn, createdActor, updatedOn, updatedActor and properties (Upstream.pdl, ChartInfo.pdl, DashboardInfo.pdl).
  it.each([
    ['upstreamLineage', 'upstreams/*/dataset', { item: ['upstreams', '*'], value: ['dataset'], createdOn: ['created', 'time'], createdActor: ['created', 'actor'], updatedOn: ['auditStamp', 'time'], updatedActor: ['auditStamp', 'actor'], properties: ['properties'] }],
    ['chartInfo', 'inputEdges/*/destinationUrn', { item: ['inputEdges', '*'], value: ['destinationUrn'], createdOn: ['created', 'time'], createdActor: ['created', 'actor'], updatedOn: ['lastModified', 'time'], updatedActor: ['lastModified', 'actor'], properties: ['properties'] }],
    ['dashboardInfo', 'datasetEdges/*/destinationUrn', { item: ['datasetEdges', '*'], value: ['destinationUrn'], createdOn: ['created', 'time'], createdActor: ['created', 'actor'], updatedOn: ['lastModified', 'time'], updatedActor: ['lastModified', 'actor'], properties: ['properties'] }],
    ['ownership', 'owners/*/owner', undefined],
  ])('%s %s reads its edge times where upstream does', (aspect, path, want) => {
    expect(contract.aspects.get(aspect)?.relationships.find((r) => r.path.join('/') === path)?.edge).toEqual(want);
  });

  it('refuses edge paths outside the array item of the edge, naming them', () => {
    const schema = (createdOn: string): JsonSchema => ({
      'x-aspect': { name: 'lineageProbe', record: 'com.svc.Probe', kind: 'versioned' },
      type: 'object',
      properties: { upstreams: { type: 'array', items: { type: 'object', properties: { dataset: { type: 'string', 'x-relationship': { name: 'DownstreamOf', entityTypes: ['dataset'], createdOn } } } } } },
    });
    expect(aspectSpec(schema('upstreams/*/created/time')).relationships[0]?.edge?.createdOn).toEqual(['created', 'time']);
    expect(() => aspectSpec(schema('created/time'))).toThrow(/createdOn created\/time is not inside the array item upstreams\/\*/);
  });
});

describe('searchable fields of restli-facts §4.2', () => {
  type Want = Partial<Omit<SearchableField, 'path'>>;
  const table: { given: [aspect: string, path: string]; want: Want }[] = [
    { given: ['datasetKey', 'platform'], want: { fieldName: 'platform', fieldType: 'URN', addToFilters: true, enableAutocomplete: true } },
    { given: ['datasetKey', 'name'], want: { fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['datasetKey', 'origin'], want: { fieldName: 'origin', addToFilters: true, queryByDefault: false } },
    { given: ['datasetProperties', 'name'], want: { fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['datasetProperties', 'description'], want: { fieldName: 'description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' } },
    { given: ['datasetProperties', 'customProperties'], want: { fieldName: 'customProperties', fieldType: 'TEXT', queryByDefault: true } },
    { given: ['editableDatasetProperties', 'description'], want: { fieldName: 'editedDescription', fieldType: 'TEXT' } },
    { given: ['schemaMetadata', 'fields/*/fieldPath'], want: { fieldName: 'fieldPaths', fieldType: 'TEXT', queryByDefault: true } },
    { given: ['schemaMetadata', 'fields/*/description'], want: { fieldName: 'fieldDescriptions', boostScore: 0.1 } },
    { given: ['schemaMetadata', 'fields/*/globalTags/tags/*/tag'], want: { fieldName: 'fieldTags', fieldType: 'URN', boostScore: 0.5 } },
    { given: ['editableSchemaMetadata', 'editableSchemaFieldInfo/*/globalTags/tags/*/tag'], want: { fieldName: 'editedFieldTags', fieldType: 'URN' } },
    { given: ['upstreamLineage', 'upstreams/*/dataset'], want: { fieldName: 'upstreams', fieldType: 'URN', queryByDefault: false, hasValuesFieldName: 'hasUpstreams' } },
    { given: ['globalTags', 'tags/*/tag'], want: { fieldName: 'tags', fieldType: 'URN', addToFilters: true, queryByDefault: true, hasValuesFieldName: 'hasTags' } },
    { given: ['ownership', 'owners/*/owner'], want: { fieldName: 'owners', fieldType: 'URN', addToFilters: true, queryByDefault: false, hasValuesFieldName: 'hasOwners' } },
    { given: ['glossaryTerms', 'terms/*/urn'], want: { fieldName: 'glossaryTerms', fieldType: 'URN', addToFilters: true } },
    { given: ['status', 'removed'], want: { fieldName: 'removed', fieldType: 'BOOLEAN' } },
    { given: ['browsePaths', 'paths/*'], want: { fieldName: 'browsePaths', fieldType: 'BROWSE_PATH' } },
    { given: ['chartKey', 'dashboardTool'], want: { fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 } },
    { given: ['chartInfo', 'title'], want: { fieldName: 'title', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['chartInfo', 'description'], want: { fieldName: 'description', fieldType: 'TEXT' } },
    { given: ['chartInfo', 'type'], want: { fieldName: 'type', fieldType: 'KEYWORD', addToFilters: true } },
    { given: ['chartInfo', 'access'], want: { fieldName: 'access', fieldType: 'KEYWORD', addToFilters: true } },
    { given: ['dashboardKey', 'dashboardTool'], want: { fieldName: 'tool', fieldType: 'TEXT_PARTIAL', boostScore: 4 } },
    { given: ['dashboardInfo', 'title'], want: { fieldName: 'title', fieldType: 'WORD_GRAM', enableAutocomplete: true } },
    { given: ['dashboardInfo', 'description'], want: { fieldName: 'description', fieldType: 'TEXT', hasValuesFieldName: 'hasDescription' } },
    { given: ['dashboardInfo', 'lastModified/lastModified/time'], want: { fieldName: 'lastModifiedAt', fieldType: 'DATETIME' } },
    { given: ['corpUserKey', 'username'], want: { fieldName: 'ldap', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 2 } },
    { given: ['corpUserInfo', 'active'], want: { fieldName: 'active', fieldType: 'BOOLEAN' } },
    { given: ['corpUserInfo', 'displayName'], want: { fieldName: 'displayName', fieldType: 'WORD_GRAM', enableAutocomplete: true, queryByDefault: true } },
    { given: ['corpUserInfo', 'email'], want: { fieldName: 'email', fieldType: 'KEYWORD', queryByDefault: true } },
    { given: ['corpUserInfo', 'managerUrn'], want: { fieldName: 'managerLdap', fieldType: 'URN', queryByDefault: false } },
    { given: ['corpUserInfo', 'fullName'], want: { fieldName: 'fullName', fieldType: 'WORD_GRAM', enableAutocomplete: true } },
    { given: ['corpUserEditableInfo', 'teams/*'], want: { fieldName: 'teams', fieldType: 'TEXT' } },
    { given: ['tagKey', 'name'], want: { fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['tagProperties', 'name'], want: { fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['tagProperties', 'description'], want: { fieldName: 'description', fieldType: 'TEXT' } },
    { given: ['glossaryTermKey', 'name'], want: { fieldName: 'id', fieldType: 'WORD_GRAM', enableAutocomplete: true } },
    { given: ['glossaryTermInfo', 'name'], want: { fieldName: 'name', fieldType: 'WORD_GRAM', enableAutocomplete: true, boostScore: 10 } },
    { given: ['glossaryTermInfo', 'definition'], want: { fieldName: 'definition', fieldType: 'TEXT' } },
    { given: ['glossaryTermInfo', 'parentNode'], want: { fieldName: 'parentNode', fieldType: 'URN', hasValuesFieldName: 'hasParentNode' } },
    { given: ['glossaryTermInfo', 'termSource'], want: { fieldName: 'termSource', fieldType: 'KEYWORD' } },
    { given: ['glossaryTermInfo', 'sourceRef'], want: { fieldName: 'sourceRef', fieldType: 'KEYWORD' } },
  ];

  it.each(table)('$given.0 $given.1 -> $want.fieldName', ({ given: [aspect, path], want }) => {
    const field = contract.aspects.get(aspect)?.searchable.find((f) => f.path.join('/') === path);
    expect(field, `${aspect} ${path}`).toBeDefined();
    expect(field).toMatchObject(want);
  });

  it('does not index what upstream leaves out', () => {
    const paths = (aspect: string) => contract.aspects.get(aspect)!.searchable.map((f) => f.path.join('/'));
    expect(paths('institutionalMemory')).toEqual([]);
    expect(paths('chartKey')).not.toContain('chartId');
    expect(paths('corpGroupInfo')).not.toContain('members/*');
    expect(paths('tagProperties')).not.toContain('colorHex');
  });
});

describe('snapshot unions', () => {
  it('name exactly the snapshot records of the registry', () => {
    const names = (schemas.Snapshot!.propertyNames as { enum: string[] }).enum;
    const registry = [...contract.entities.values()].flatMap((e) => (e.snapshot ? [e.snapshot] : []));
    expect([...names].sort()).toEqual([...registry].sort());
  });

  it.each([
    { given: { 'com.svc.metadata.snapshot.TagSnapshot': { urn: 'urn:svc:tag:pii', aspects: [{ 'com.svc.tag.TagProperties': { name: 'pii' } }] } }, want: [] },
    { given: { 'com.svc.metadata.snapshot.MLModelSnapshot': { urn: 'urn:svc:mlModel:(urn:svc:dataPlatform:science,m,PROD)', aspects: [{ 'com.svc.common.Cost': { costType: 'ORG_COST_TYPE' } }] } }, want: [] },
    { given: { 'com.svc.metadata.snapshot.TagSnapshot': { urn: 'urn:svc:tag:pii', aspects: [{ 'com.svc.tag.TagProperties': { description: 'x' } }] } }, want: ["missing required property 'name'"] },
    { given: { 'com.svc.metadata.snapshot.NoSuchSnapshot': { urn: 'urn:svc:tag:pii', aspects: [] } }, want: ['snapshot: must be one of'] },
    { given: { 'com.svc.metadata.snapshot.TagSnapshot': { urn: 'urn:svc:tag:pii', aspects: [{ 'com.svc.tag.TagProperties': { name: 'a' }, 'com.svc.common.Status': {} }] } }, want: ['must NOT have more than 1 properties'] },
  ])('snapshot %# is rejected with $want', ({ given, want }) => {
    const errors = validators.validate(schemas.Snapshot!, given, 'snapshot');
    expect(errors.length === 0).toBe(want.length === 0);
    for (const fragment of want) expect(errors.join('\n')).toContain(fragment);
  });
});

describe('metadata test rules (testInfo)', () => {
  const testInfo = contract.aspects.get('testInfo')!.schema;
  const base = { name: 'has owners', entityTypes: ['dataset'] };

  it.each([
    { given: { exists: 'ownership.owners.owner' }, want: true },
    { given: { equals: ['status.removed', false] }, want: true },
    { given: { contains: ['globalTags.tags.tag', 'urn:svc:tag:pii'] }, want: true },
    { given: { greaterThan: ['datasetProfile.rowCount', 0] }, want: true },
    { given: { and: [{ exists: 'ownership' }, { not: { lessThan: ['datasetProfile.rowCount', 10] } }, { or: [{ exists: 'glossaryTerms' }, { exists: 'globalTags' }] }] }, want: true },
    { given: { not: { exists: 'deprecation' } }, want: true },
    { given: { exists: 'ownership', equals: ['status.removed', false] }, want: false },
    { given: { greaterThan: ['datasetProfile.rowCount', 'many'] }, want: false },
    { given: { equals: ['status.removed'] }, want: false },
    { given: { matches: ['datasetProperties.name', 'x'] }, want: false },
    { given: { exists: 'not a path' }, want: false },
    { given: { and: [] }, want: false },
  ])('rule $given is valid: $want', ({ given, want }) => {
    expect(validators.validate(testInfo, { ...base, rules: given }).length === 0).toBe(want);
  });

  it('requires the entity types the test applies to', () => {
    expect(validators.validate(testInfo, { name: 'x', rules: { exists: 'ownership' } })).toEqual(["body: missing required property 'entityTypes'"]);
  });
});
