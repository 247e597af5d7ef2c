/**
 * GraphQL cases from the SDL: each argument of a root field given a literal or a variable of another
 * type, each URN argument a malformed URN, and broken requests around the query (malformed JSON, a
 * query that is not a string, variables that are not an object, selections nested thousands deep).
 * Mutations only with --allow-writes, on the run's own URNs.
 */
import {
  buildSchema,
  getNamedType,
  isInputObjectType,
  isLeafType,
  isNonNullType,
  isEnumType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import type { Contract } from '../../spec/index.js';
import type { FuzzCase } from './fuzz-case.js';
import { malformedUrns } from './hostile-values.js';
import type { Random } from './random.js';
import { runUrn } from './targets.js';

export interface GraphqlCaseSource {
  contract: Contract;
  runId: string;
  /** The path (and query) of the GraphQL endpoint, below the base URL. */
  target: string;
  /** False when --only leaves GraphQL out. */
  include: boolean;
}

type Make = () => Omit<FuzzCase, 'index'>;

const CLAUSE = '4.1 GraphQL: POST /api/graphql';

/** A literal the argument's type accepts, for the arguments a case does not break. */
function validLiteral(type: GraphQLInputType, name: string, source: GraphqlCaseSource): string {
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]?.name ?? 'X';
  if (isScalarType(named)) {
    if (named.name === 'Int' || named.name === 'Float' || named.name === 'Long') return '1';
    if (named.name === 'Boolean') return 'false';
    return JSON.stringify(/urn$/i.test(name) ? runUrn(source.contract, source.runId) : 'x');
  }
  if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields()).filter((f) => isNonNullType(f.type));
    return `{${fields.map((f) => `${f.name}: ${validLiteral(f.type, f.name, source)}`).join(', ')}}`;
  }
  return 'null';
}

const BUILT_IN_SCALARS = new Set(['String', 'ID', 'Int', 'Float', 'Boolean']);

/** Whether a value of another type is sure to be refused: a custom scalar may take any value. */
function breakable(type: GraphQLInputType): boolean {
  const named = getNamedType(type);
  return !isScalarType(named) || BUILT_IN_SCALARS.has(named.name);
}

const textual = (type: GraphQLInputType): boolean => {
  const named = getNamedType(type);
  return isScalarType(named) && (named.name === 'String' || named.name === 'ID');
};

/** A literal of another type than the argument's. */
function wrongLiteral(type: GraphQLInputType, random: Random): string {
  const named = getNamedType(type);
  if (textual(type)) return random.pick(['12345', 'true', '{a: 1}']);
  if (isScalarType(named)) return random.pick(['"twelve"', '{a: 1}', '1.5e400']);
  if (isEnumType(named)) return random.pick(['NOT_A_VALUE', '"DATASET"', '7']);
  return random.pick(['"x"', '7', 'true']);
}

function selection(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

function call(
  field: GraphQLField<unknown, unknown>,
  broken: GraphQLArgument,
  brokenText: string,
  source: GraphqlCaseSource,
): string {
  const args = field.args
    .filter((a) => a === broken || isNonNullType(a.type))
    .map((a) => `${a.name}: ${a === broken ? brokenText : validLiteral(a.type, a.name, source)}`);
  return `${field.name}(${args.join(', ')})${selection(field)}`;
}

function request(
  source: GraphqlCaseSource,
  kind: string,
  field: string,
  body: string,
  harm: FuzzCase['harm'] = 'read',
): Omit<FuzzCase, 'index'> {
  return {
    kind,
    field,
    clause: `${CLAUSE} ${field}`,
    harm,
    graphql: true,
    method: 'POST',
    target: source.target,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(body),
    names: [],
  };
}

export function graphqlCases(source: GraphqlCaseSource, random: Random, allowWrites: boolean): Make[] {
  if (!source.include) return [];
  const schema = buildSchema(source.contract.graphqlSdl);
  const roots: [string, Record<string, GraphQLField<unknown, unknown>>, FuzzCase['harm']][] = [
    ['query', schema.getQueryType()?.getFields() ?? {}, 'read'],
  ];
  const mutations = schema.getMutationType();
  if (allowWrites && mutations) roots.push(['mutation', mutations.getFields(), 'write']);
  const makes: Make[] = [];
  for (const [operation, fields, harm] of roots) {
    for (const field of Object.values(fields)) {
      for (const arg of field.args.filter((a) => breakable(a.type))) {
        const where = `${operation}.${field.name}(${arg.name})`;
        makes.push(() =>
          request(
            source,
            'type.wrong',
            where,
            JSON.stringify({ query: `${operation} { ${call(field, arg, wrongLiteral(arg.type, random), source)} }` }),
            harm,
          ),
        );
        if (/urn$/i.test(arg.name) && isScalarType(getNamedType(arg.type))) {
          makes.push(() => {
            const urn = random.pick(malformedUrns(source.contract.names.urnPrefix));
            return request(
              source,
              'urn.malformed',
              where,
              JSON.stringify({
                query: `${operation} ($v: ${arg.type.toString()}) { ${call(field, arg, '$v', source)} }`,
                variables: { v: urn },
              }),
              harm,
            );
          });
        }
        makes.push(() =>
          request(
            source,
            'type.wrong',
            `${where} variable`,
            JSON.stringify({
              query: `${operation} ($v: ${arg.type.toString()}) { ${call(field, arg, '$v', source)} }`,
              variables: {
                v: textual(arg.type) ? random.pick([5, { a: 1 }, true]) : random.pick(['NOT_A_VALUE', { a: 1 }, true]),
              },
            }),
            harm,
          ),
        );
      }
    }
  }
  makes.push(
    () => request(source, 'json.malformed', 'body', '{"query": "{'),
    () => request(source, 'type.wrong', 'body.query', JSON.stringify({ query: 5 })),
    () => request(source, 'type.wrong', 'body.variables', JSON.stringify({ query: '{ __typename }', variables: 'x' })),
    () => {
      const depth = 1001 + random.int(2000);
      return request(
        source,
        'nesting.deep',
        'body.query',
        JSON.stringify({ query: `{${'a{'.repeat(depth)}b${'}'.repeat(depth)}}` }),
      );
    },
  );
  return makes;
}
