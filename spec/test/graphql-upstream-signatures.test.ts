/**
 * The SDL against upstream's signatures (spec/graphql/upstream-signatures.txt, copied from DataHub's
 * entity.graphql and search.graphql at the commits the file names): every root field and every input
 * type exactly as upstream, and each field of the listed output types as upstream declares it.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isObjectType, type GraphQLField, type GraphQLInputField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fromRoot, loadContract } from '../index.js';

const schema = buildSchema(loadContract('svc').graphqlSdl);
const lines = readFileSync(fromRoot('spec', 'graphql', 'upstream-signatures.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

const outputSignature = (typeName: string, f: GraphQLField<unknown, unknown>): string =>
  `${typeName}.${f.name}${f.args.length > 0 ? `(${f.args.map((a) => `${a.name}: ${String(a.type)}`).join(', ')})` : ''}: ${String(f.type)}`;
const inputSignature = (typeName: string, f: GraphQLInputField): string => `input ${typeName}.${f.name}: ${String(f.type)}`;

const upstream = new Set(lines);
const listedTypes = (prefix: string): Set<string> =>
  new Set(lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length).split(/[.:]/)[0] ?? ''));

describe('the SDL keeps upstream signatures', () => {
  it('names the upstream files and commits it was taken from', () => {
    const text = readFileSync(fromRoot('spec', 'graphql', 'upstream-signatures.txt'), 'utf8');
    expect(text).toMatch(/entity\.graphql @ [0-9a-f]{40}/);
    expect(text).toMatch(/search\.graphql @ [0-9a-f]{40}/);
  });

  it.each(['Query', 'Mutation'])('every %s field has upstream signature', (root) => {
    const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
    const fields = Object.values(type?.getFields() ?? {});
    expect(fields.length).toBeGreaterThan(1);
    for (const f of fields) expect(upstream, `${root}.${f.name}`).toContain(outputSignature(root, f));
  });

  it('every input type is upstream input, field for field', () => {
    const inputs = Object.values(schema.getTypeMap()).filter(isInputObjectType);
    const listed = listedTypes('input ');
    for (const input of inputs) {
      expect(listed, input.name).toContain(input.name);
      const ours = Object.values(input.getFields()).map((f) => inputSignature(input.name, f));
      const theirs = lines.filter((l) => l.startsWith(`input ${input.name}.`));
      expect(ours.sort(), input.name).toEqual(theirs.sort());
    }
  });

  it('every listed enum has upstream values, exactly', () => {
    for (const line of lines.filter((l) => l.startsWith('enum '))) {
      const [name = '', values = ''] = line.slice('enum '.length).split(': ');
      const type = schema.getType(name);
      expect(isEnumType(type), name).toBe(true);
      if (isEnumType(type)) expect(type.getValues().map((v) => v.name), name).toEqual(values.split(' '));
    }
  });

  it('every field of the listed output types is an upstream field', () => {
    const listed = [...listedTypes('type ')];
    expect(listed.length).toBeGreaterThan(10);
    for (const name of listed) {
      const type = schema.getType(name);
      expect(isObjectType(type), name).toBe(true);
      if (!isObjectType(type)) continue;
      // Dataset is listed only for the fields the screens added; its other fields are checked in graphql-schema.test.ts.
      const all = Object.values(type.getFields());
      const fields = name === 'Dataset' ? all.filter((f) => lines.some((l) => l.startsWith(`type Dataset.${f.name}:`) || l.startsWith(`type Dataset.${f.name}(`))) : all;
      for (const f of fields) expect(upstream, `${name}.${f.name}`).toContain(`type ${outputSignature(name, f)}`);
    }
  });
});
