import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isObjectType,
  parse,
  validate,
  type GraphQLField,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { fromRoot, loadContract, specFiles, type Namespace } from '../index.js';
import { interfaceDocument } from '../interface-document.js';

const schema = buildSchema(loadContract('svc').graphqlSdl);
function field(typeName: string, fieldName: string): GraphQLField<unknown, unknown> {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const found = type.getFields()[fieldName];
  if (!found) throw new Error(`${typeName}.${fieldName} is not declared`);
  return found;
}

function signature(f: GraphQLField<unknown, unknown>): string {
  return `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')}): ${String(f.type)}`;
}

describe('the GraphQL SDL', () => {
  it.each<Namespace>(['svc', 'li'])('builds in namespace %s, written in that namespace only', (ns) => {
    const { graphqlSdl, names } = loadContract(ns);
    const other = loadContract(ns === 'svc' ? 'li' : 'svc').names;
    expect(() => buildSchema(graphqlSdl)).not.toThrow();
    expect(graphqlSdl).toContain(names.urnPrefix);
    expect(graphqlSdl).not.toContain(other.urnPrefix);
  });

  // The four root fields keep the real service's exact signatures, all nullable.
  it.each([
    { given: 'Query.dataset', want: '(urn: String!): Dataset' },
    { given: 'Mutation.createTag', want: '(input: CreateTagInput!): String' },
    { given: 'Mutation.updateDataset', want: '(urn: String!, input: DatasetUpdateInput!): Dataset' },
    { given: 'Mutation.updateDescription', want: '(input: DescriptionUpdateInput!): Boolean' },
  ])('$given has the signature $want', ({ given, want }) => {
    const [typeName = '', fieldName = ''] = given.split('.');
    expect(signature(field(typeName, fieldName))).toBe(want);
  });

  // The other root fields serve a catalog frontend's screens; graphql-upstream-signatures.test.ts holds them to upstream.
  it('declares the four root fields of the document first', () => {
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})[0]).toBe('dataset');
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {}).slice(0, 3)).toEqual(['createTag', 'updateDataset', 'updateDescription']);
  });

  // Every input field with the real service's exact type and nullability.
  it.each([
    { given: 'CreateTagInput.id', want: 'String' },
    { given: 'CreateTagInput.name', want: 'String!' },
    { given: 'CreateTagInput.description', want: 'String' },
    { given: 'DatasetUpdateInput.ownership', want: 'OwnershipUpdate' },
    { given: 'DatasetUpdateInput.deprecation', want: 'DatasetDeprecationUpdate' },
    { given: 'DatasetUpdateInput.institutionalMemory', want: 'InstitutionalMemoryUpdate' },
    { given: 'DatasetUpdateInput.globalTags', want: 'GlobalTagsUpdate' },
    { given: 'DatasetUpdateInput.tags', want: 'GlobalTagsUpdate' },
    { given: 'DatasetUpdateInput.editableSchemaMetadata', want: 'EditableSchemaMetadataUpdate' },
    { given: 'DatasetUpdateInput.editableProperties', want: 'DatasetEditablePropertiesUpdate' },
    { given: 'DatasetEditablePropertiesUpdate.description', want: 'String!' },
    { given: 'DatasetEditablePropertiesUpdate.name', want: 'String' },
    { given: 'InstitutionalMemoryUpdate.elements', want: '[InstitutionalMemoryMetadataUpdate!]!' },
    { given: 'InstitutionalMemoryMetadataUpdate.url', want: 'String!' },
    { given: 'InstitutionalMemoryMetadataUpdate.description', want: 'String' },
    { given: 'InstitutionalMemoryMetadataUpdate.author', want: 'String!' },
    { given: 'InstitutionalMemoryMetadataUpdate.createdAt', want: 'Long' },
    { given: 'OwnershipUpdate.owners', want: '[OwnerUpdate!]!' },
    { given: 'OwnerUpdate.owner', want: 'String!' },
    { given: 'OwnerUpdate.type', want: 'OwnershipType' },
    { given: 'OwnerUpdate.ownershipTypeUrn', want: 'String' },
    { given: 'DatasetDeprecationUpdate.deprecated', want: 'Boolean!' },
    { given: 'DatasetDeprecationUpdate.decommissionTime', want: 'Long' },
    { given: 'DatasetDeprecationUpdate.note', want: 'String!' },
    { given: 'GlobalTagsUpdate.tags', want: '[TagAssociationUpdate!]' },
    { given: 'TagAssociationUpdate.tag', want: 'TagUpdateInput!' },
    { given: 'TagUpdateInput.urn', want: 'String!' },
    { given: 'TagUpdateInput.name', want: 'String!' },
    { given: 'TagUpdateInput.description', want: 'String' },
    { given: 'TagUpdateInput.ownership', want: 'OwnershipUpdate' },
    { given: 'EditableSchemaMetadataUpdate.editableSchemaFieldInfo', want: '[EditableSchemaFieldInfoUpdate!]!' },
    { given: 'EditableSchemaFieldInfoUpdate.fieldPath', want: 'String!' },
    { given: 'EditableSchemaFieldInfoUpdate.description', want: 'String' },
    { given: 'EditableSchemaFieldInfoUpdate.globalTags', want: 'GlobalTagsUpdate' },
    { given: 'DescriptionUpdateInput.description', want: 'String!' },
    { given: 'DescriptionUpdateInput.resourceUrn', want: 'String!' },
    { given: 'DescriptionUpdateInput.subResourceType', want: 'SubResourceType' },
    { given: 'DescriptionUpdateInput.subResource', want: 'String' },
  ])('input field $given is $want', ({ given, want }) => {
    const [typeName = '', fieldName = ''] = given.split('.');
    const type = schema.getType(typeName);
    if (!isInputObjectType(type)) throw new Error(`${typeName} is not an input type`);
    expect(String(type.getFields()[fieldName]?.type)).toBe(want);
  });

  it('declares exactly the input fields of upstream for each input type', () => {
    const want: Record<string, string[]> = {
      CreateTagInput: ['id', 'name', 'description'],
      DatasetUpdateInput: ['ownership', 'deprecation', 'institutionalMemory', 'globalTags', 'tags', 'editableSchemaMetadata', 'editableProperties'],
      DescriptionUpdateInput: ['description', 'resourceUrn', 'subResourceType', 'subResource'],
      InstitutionalMemoryMetadataUpdate: ['url', 'description', 'author', 'createdAt'],
    };
    for (const [typeName, fields] of Object.entries(want)) {
      const type = schema.getType(typeName);
      if (!isInputObjectType(type)) throw new Error(`${typeName} is not an input type`);
      expect(Object.keys(type.getFields()).sort(), typeName).toEqual([...fields].sort());
    }
  });

  it('has the single sub-resource type DATASET_FIELD', () => {
    const type = schema.getType('SubResourceType');
    expect(isEnumType(type) ? type.getValues().map((v) => v.name) : []).toEqual(['DATASET_FIELD']);
  });

  // Output fields a client of the real service selects, with the real service's nullability.
  it.each([
    { given: 'Dataset.urn', want: '(): String!' },
    { given: 'Dataset.type', want: '(): EntityType!' },
    { given: 'Dataset.platform', want: '(): DataPlatform!' },
    { given: 'Dataset.name', want: '(): String!' },
    { given: 'Dataset.properties', want: '(): DatasetProperties' },
    { given: 'Dataset.editableProperties', want: '(): DatasetEditableProperties' },
    { given: 'Dataset.schemaMetadata', want: '(version: Long): SchemaMetadata' },
    { given: 'Dataset.editableSchemaMetadata', want: '(): EditableSchemaMetadata' },
    { given: 'Dataset.institutionalMemory', want: '(): InstitutionalMemory' },
    { given: 'Dataset.exists', want: '(): Boolean' },
    { given: 'Dataset.origin', want: '(): FabricType!' },
    { given: 'Dataset.relationships', want: '(input: RelationshipsInput!): EntityRelationshipsResult' },
    { given: 'DatasetProperties.lastModified', want: '(): AuditStamp!' },
    { given: 'SchemaMetadata.fields', want: '(): [SchemaField!]!' },
    { given: 'SchemaField.description', want: '(): String' },
    { given: 'SchemaField.type', want: '(): SchemaFieldDataType!' },
    { given: 'EditableSchemaMetadata.editableSchemaFieldInfo', want: '(): [EditableSchemaFieldInfo!]!' },
    { given: 'InstitutionalMemoryMetadata.author', want: '(): CorpUser!' },
    { given: 'InstitutionalMemoryMetadata.label', want: '(): String!' },
    { given: 'Owner.owner', want: '(): OwnerType!' },
    { given: 'Container.editableProperties', want: '(): ContainerEditableProperties' },
  ])('output field $given is $want', ({ given, want }) => {
    const [typeName = '', fieldName = ''] = given.split('.');
    expect(signature(field(typeName, fieldName))).toBe(want);
  });

  it('marks the globalTags alias of Dataset deprecated', () => {
    expect(field('Dataset', 'globalTags').deprecationReason).toBeTruthy();
    expect(field('Dataset', 'tags').deprecationReason).toBeFalsy();
  });
});

describe('the client operations (spec/graphql/operations)', () => {
  const files = specFiles('graphql/operations', '.graphql');

  function operationOf(file: string): OperationDefinitionNode {
    const document = parse(readFileSync(fromRoot('spec', 'graphql', 'operations', file), 'utf8'));
    const [definition] = document.definitions;
    if (definition?.kind !== 'OperationDefinition' || document.definitions.length !== 1) throw new Error(`${file} must hold one operation`);
    return definition;
  }

  it.each(files)('%s is valid against the schema', (file) => {
    const document = parse(readFileSync(fromRoot('spec', 'graphql', 'operations', file), 'utf8'));
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it('has one file per operation of the document (section 4.1), named after it', () => {
    const table = interfaceDocument().section('4.1')?.tables.find((t) => t.header[0] === 'Operation');
    const documented = (table?.rows ?? []).map((row) => {
      const [kind = '', name = ''] = (row.Operation ?? '').replaceAll('`', '').split(/\s+/);
      return `${kind} ${name}`;
    });
    expect(documented).toHaveLength(4);
    const sent = files.map((file) => {
      const op = operationOf(file);
      expect(file).toBe(`${op.name?.value}.graphql`);
      return `${op.operation} ${op.name?.value}`;
    });
    expect(sent.sort()).toEqual(documented.sort());
  });

  // Exactly what real clients send, so the mock and the suite exercise real requests.
  it.each([
    { given: 'dataset.graphql', want: { variables: ['urn: String!'], selection: 'dataset(urn: $urn) { properties { description } schemaMetadata { fields { fieldPath description } } }' } },
    { given: 'createTag.graphql', want: { variables: ['input: CreateTagInput!'], selection: 'createTag(input: $input)' } },
    { given: 'updateDataset.graphql', want: { variables: ['urn: String!', 'input: DatasetUpdateInput!'], selection: 'updateDataset(urn: $urn, input: $input) { urn }' } },
    { given: 'updateDescription.graphql', want: { variables: ['input: DescriptionUpdateInput!'], selection: 'updateDescription(input: $input)' } },
  ])('$given sends what real clients send', ({ given, want }) => {
    const op = operationOf(given);
    const variables = (op.variableDefinitions ?? []).map((v) => `${v.variable.name.value}: ${printType(v.type)}`);
    expect(variables).toEqual(want.variables);
    expect(printSelection(op)).toBe(want.selection);
  });
});

type TypeNode = NonNullable<OperationDefinitionNode['variableDefinitions']>[number]['type'];

function printType(type: TypeNode): string {
  if (type.kind === 'NonNullType') return `${printType(type.type)}!`;
  if (type.kind === 'ListType') return `[${printType(type.type)}]`;
  return type.name.value;
}

/** The operation's selection on one line, so a table row can state it. */
function printSelection(op: OperationDefinitionNode): string {
  const print = (set: OperationDefinitionNode['selectionSet'] | undefined): string =>
    (set?.selections ?? [])
      .map((s) => {
        if (s.kind !== 'Field') throw new Error('operations use plain fields only');
        const args = s.arguments?.length ? `(${s.arguments.map((a) => `${a.name.value}: ${a.value.kind === 'Variable' ? `$${a.value.name.value}` : '?'}`).join(', ')})` : '';
        return `${s.name.value}${args}${s.selectionSet ? ` { ${print(s.selectionSet)} }` : ''}`;
      })
      .join(' ');
  return print(op.selectionSet);
}
