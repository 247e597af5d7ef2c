/**
 * The SDL against upstream's signatures (spec/graphql/upstream-signatures.txt, written by
 * scripts/upstream-signatures.ts from DataHub's SDL at the release the file names): every root field and
 * every input type exactly as upstream, and each field of the listed interfaces and output types as
 * upstream declares it.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputField,
} from 'graphql';
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
  it('names the upstream release and commit it was taken from', () => {
    const text = readFileSync(fromRoot('spec', 'graphql', 'upstream-signatures.txt'), 'utf8');
    expect(text).toMatch(/at v1\.3\.0\.1 \(datahub-project\/datahub, commit 13e918ed9c978e3a1ca23ea5334f0c9713b92508\)/);
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

  it.each([
    ['type', isObjectType],
    ['interface', isInterfaceType],
  ] as const)('every field of the listed %s types is an upstream field', (kind, isKind) => {
    const listed = [...listedTypes(`${kind} `)];
    expect(listed.length).toBeGreaterThan(kind === 'type' ? 10 : 0);
    for (const name of listed) {
      const type = schema.getType(name);
      expect(isKind(type), name).toBe(true);
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const f of Object.values(type.getFields()))
        expect(upstream, `${name}.${f.name}`).toContain(`${kind} ${outputSignature(name, f)}`);
    }
  });

  it('lists every type the SDL declares: each is upstream type, with its signatures', () => {
    const roots = new Set(['Query', 'Mutation']);
    const declared = Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__') && !roots.has(t.name));
    const kinds: [string, (t: unknown) => boolean][] = [
      ['type ', isObjectType],
      ['interface ', isInterfaceType],
      ['input ', isInputObjectType],
      ['enum ', isEnumType],
    ];
    for (const [prefix, isKind] of kinds) {
      const listed = listedTypes(prefix);
      const ours = declared.filter((t) => isKind(t)).map((t) => t.name);
      expect(ours.filter((name) => !listed.has(name)), prefix.trim()).toEqual([]);
    }
  });
});
