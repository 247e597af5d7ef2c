/**
 * The variables an operation is executed with: the team's own (`--variables FILE`, a JSON object keyed by
 * operation name), or, for an operation the file does not name, values made up from the variable
 * definitions against the target's schema, the URNs among them taken from the target's own catalog (a
 * search for everything, read once per target), so that a read asks for an entity that is there. Only the
 * required variables are made up (non-null, no default): an optional one is left out, as a caller may.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

/** A URN of the target's catalog and its entity type, as search answers them. */
export interface CatalogUrn {
  urn: string;
  type: string;
}

/** The search the URNs are read with: upstream's `searchAcrossEntities`, which the mock serves alike. */
export const CATALOG_URNS_QUERY =
  'query catalogUrns { searchAcrossEntities(input: {query: "*", start: 0, count: 1000}) { searchResults { entity { urn type } } } }';

/** The URNs of a `CATALOG_URNS_QUERY` answer (none when it answered otherwise). */
export function catalogUrnsOf(body: unknown): CatalogUrn[] {
  const results = (body as { data?: { searchAcrossEntities?: { searchResults?: unknown } } } | undefined)?.data
    ?.searchAcrossEntities?.searchResults;
  if (!Array.isArray(results)) return [];
  return results.flatMap((result: { entity?: { urn?: unknown; type?: unknown } }) =>
    typeof result?.entity?.urn === 'string'
      ? [{ urn: result.entity.urn, type: String(result.entity.type ?? '').toLowerCase() }]
      : [],
  );
}

/** The catalog URN that fits a variable best: one whose entity type the operation's or the variable's name mentions. */
function urnFor(words: string, urns: readonly CatalogUrn[]): string {
  const wanted = words.toLowerCase();
  const fitting = urns.find((u) => u.type && wanted.includes(u.type.replace(/_/g, '')));
  return (fitting ?? urns[0])?.urn ?? words.trim().split(' ').pop()!;
}

const MAX_INPUT_DEPTH = 6;

/** A value of an input type: required fields only, one list element, the first enum value. */
function valueOf(
  type: GraphQLInputType,
  name: string,
  words: string,
  urns: readonly CatalogUrn[],
  depth: number,
): unknown {
  if (isNonNullType(type)) return valueOf(type.ofType, name, words, urns, depth);
  if (isListType(type)) return [valueOf(type.ofType, name, words, urns, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    if (depth >= MAX_INPUT_DEPTH) return {};
    const fields: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined)
        fields[field.name] = valueOf(field.type, field.name, `${words} ${field.name}`, urns, depth + 1);
    }
    return fields;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'Int':
      case 'Long':
        return /count|limit|size|max/i.test(name) ? 10 : 0;
      case 'Float':
        return 0;
      case 'Boolean':
        return false;
      default:
        if (/urn/i.test(name)) return urnFor(`${words} ${name}`, urns);
        return /query/i.test(name) ? '*' : name;
    }
  }
  return null;
}

/** The required variables of an operation (its text's first operation), made up against `schema`. */
export function synthesisedVariables(
  schema: GraphQLSchema,
  text: string,
  urns: readonly CatalogUrn[],
): Record<string, unknown> {
  const operation = parse(text).definitions[0] as OperationDefinitionNode;
  const variables: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.type.kind !== 'NonNullType' || definition.defaultValue) continue;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (!type) continue;
    const name = definition.variable.name.value;
    variables[name] = valueOf(type, name, `${operation.name?.value ?? ''} ${getNamedType(type).name}`, urns, 0);
  }
  return variables;
}
