/**
 * Values a schema refuses, by what the schema says of the field: another JSON type, integers outside
 * the field's range or its format's, fractions, unknown enum values, malformed and non-ASCII URNs,
 * nesting deeper than a JSON reader allows, oversized text. Each comes with the kind of break it is
 * (the fuzz check id is `fuzz.<kind>`).
 */
import type { JsonSchema } from '../../spec/index.js';
import { schemaType } from './fields.js';
import { RawJson } from './json-text.js';
import type { Random } from './random.js';

export interface HostileValue {
  kind: string;
  value: unknown;
}

/** Deeper than the 1,000 levels of Jackson's default, which upstream's readers keep. */
export function deepValue(random: Random): RawJson {
  const depth = 1001 + random.int(3000);
  return random.next() < 0.5
    ? new RawJson('['.repeat(depth) + '1' + ']'.repeat(depth))
    : new RawJson('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
}

/** URNs the entity URN parser refuses, ASCII and not, in the contract's namespace. */
export function malformedUrns(urnPrefix: string): string[] {
  return [
    'not-a-urn',
    'urn:',
    urnPrefix,
    `${urnPrefix}dataset`,
    `${urnPrefix}dataset:`,
    `${urnPrefix}chart:(looker`,
    `${urnPrefix}chart:()`,
    `${urnPrefix}chart:(,,)`,
    `${urnPrefix}chart:looker,x)`,
    `${urnPrefix}dataset:(${urnPrefix}dataPlatform:hive,x)`,
    `${urnPrefix}dataset:(${urnPrefix}dataPlatform:hive,x,PROD`,
    `${urnPrefix}dätaset:x`,
    `${urnPrefix}\u{1F47E}:x`,
    `${urnPrefix}chart:(lööker)`,
    `urn\u0000${urnPrefix.slice(3)}corpuser:x`,
  ];
}

function wrongTypes(type: string | undefined): unknown[] {
  switch (type) {
    case 'string':
      return [12345, true, {}, [], null];
    case 'integer':
    case 'number':
      return ['12', true, [], {}, null];
    case 'boolean':
      return ['true', 0, [], {}];
    case 'object':
      return ['x', 7, [], true];
    case 'array':
      return ['x', 7, {}, true];
    default:
      return [];
  }
}

function integerValues(schema: JsonSchema): HostileValue[] {
  const out: HostileValue[] = [
    { kind: 'integer.huge', value: new RawJson('1e300') },
    { kind: 'integer.huge', value: new RawJson('18446744073709551616') },
    { kind: 'integer.huge', value: new RawJson('-1e400') },
    { kind: 'integer.fraction', value: 1.5 },
  ];
  if (typeof schema.minimum === 'number') out.push({ kind: 'integer.below-minimum', value: schema.minimum - 1 });
  if (typeof schema.maximum === 'number') out.push({ kind: 'integer.above-maximum', value: schema.maximum + 1 });
  if (schema.format === 'int32')
    out.push({ kind: 'integer.beyond-int32', value: 2 ** 31 }, { kind: 'integer.beyond-int32', value: -(2 ** 31) - 1 });
  if (schema.format === 'int64') out.push({ kind: 'integer.beyond-safe', value: new RawJson('9223372036854775807') });
  return out;
}

/** Hostile values for a JSON body field. */
export function hostileValues(
  schema: JsonSchema,
  urnField: boolean,
  urnPrefix: string,
  random: Random,
): HostileValue[] {
  const type = schemaType(schema);
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  const out: HostileValue[] = wrongTypes(type)
    .filter((value) => !(nullable && value === null))
    .map((value) => ({ kind: 'type.wrong', value }));
  if (type === 'integer') out.push(...integerValues(schema));
  if (Array.isArray(schema.enum))
    out.push(
      { kind: 'enum.unknown', value: `NOT_${String(schema.enum[0])}` },
      { kind: 'enum.unknown', value: 'ÉQUAL' },
      { kind: 'string.oversized', value: 'X'.repeat(100_000 + random.int(100_000)) },
    );
  if (urnField) {
    out.push(...malformedUrns(urnPrefix).map((value) => ({ kind: 'urn.malformed', value })));
    out.push({ kind: 'string.oversized', value: `x${'(urn'.repeat(40_000)}` });
  }
  out.push({ kind: 'nesting.deep', value: deepValue(random) });
  return out;
}

/** Hostile text for a path or query parameter. */
export function hostileParameterTexts(schema: JsonSchema, urnField: boolean, urnPrefix: string): HostileValue[] {
  const type = schemaType(schema);
  const out: HostileValue[] = [];
  if (type === 'integer') {
    out.push(
      { kind: 'type.wrong', value: 'x1' },
      { kind: 'integer.fraction', value: '1.5' },
      { kind: 'integer.huge', value: '18446744073709551616' },
    );
    if (schema.format === 'int64') out.push({ kind: 'integer.beyond-safe', value: '9223372036854775807' });
    if (schema.format === 'int32') out.push({ kind: 'integer.beyond-int32', value: '2147483648' });
    if (typeof schema.minimum === 'number')
      out.push({ kind: 'integer.below-minimum', value: String(schema.minimum - 1) });
  }
  if (type === 'boolean') out.push({ kind: 'type.wrong', value: 'maybe' });
  if (Array.isArray(schema.enum))
    out.push(
      { kind: 'enum.unknown', value: `NOT_${String(schema.enum[0])}` },
      { kind: 'string.oversized', value: 'X'.repeat(6_000) },
    );
  if (urnField) out.push(...malformedUrns(urnPrefix).map((value) => ({ kind: 'urn.malformed', value })));
  return out;
}
