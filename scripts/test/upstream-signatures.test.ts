/**
 * scripts/upstream-signatures.ts on SDL of its own: what both schemas declare is listed with upstream's
 * signature (every field of a shared input, every value of a shared enum, the shared fields of interfaces
 * and output types), what only one declares is left out, extensions are merged.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { signatureLines, upstreamSchema } from '../upstream-signatures.js';

const UPSTREAM = `
type Query { thing(urn: String!, deep: Boolean): Thing  other: String }
extend type Query { things(input: ThingsInput!): [Thing] }
type Mutation { touch(urn: String!): Boolean }
interface Named { name: String  alias: String }
type Thing implements Named { urn: String!  name: String  alias: String  size(unit: Unit = BYTES): Long  extra: Int }
input ThingsInput { query: String!  start: Int  count: Int }
enum Unit { BYTES KILOBYTES }
enum Unshared { A }
scalar Long
`;

const OURS = `
type Query { thing(urn: String!): Thing  mine: String  things(input: ThingsInput!): [Thing] }
interface Named { name: String }
type Thing implements Named { urn: String!  name: String  size(unit: Unit): Long }
input ThingsInput { query: String! }
enum Unit { BYTES }
scalar Long
`;

describe('upstream-signatures', () => {
  it("lists upstream's signatures of what both declare, in upstream's order", () => {
    const folder = mkdtempSync(join(tmpdir(), 'signatures-'));
    try {
      writeFileSync(join(folder, 'b.graphql'), UPSTREAM.split('extend')[0]!);
      writeFileSync(join(folder, 'a.graphql'), `extend${UPSTREAM.split('extend')[1]!}`);
      writeFileSync(join(folder, 'notes.txt'), 'not SDL');
      const { schema, files } = upstreamSchema(folder);
      expect(files).toEqual(['a.graphql', 'b.graphql']);
      const lines = signatureLines(schema, buildSchema(OURS)).filter((l) => l !== '' && !l.startsWith('#'));
      expect(lines).toEqual([
        'Query.thing(urn: String!, deep: Boolean): Thing',
        'Query.things(input: ThingsInput!): [Thing]',
        'input ThingsInput.query: String!',
        'input ThingsInput.start: Int',
        'input ThingsInput.count: Int',
        'enum Unit: BYTES KILOBYTES',
        'interface Named.name: String',
        'type Thing.urn: String!',
        'type Thing.name: String',
        'type Thing.size(unit: Unit): Long',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
