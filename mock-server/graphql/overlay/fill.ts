/**
 * The served schema of a team's SDL made to answer every field: a field the built-in schema declares keeps
 * its store-backed resolver; a field it lacks answers as a deployment without such data does: `null` where
 * nullable, `[]` for a list, an object for a non-null object (whose fields follow the same rule), and for a
 * non-null leaf a value worked out from the field's path and its entity's URN (the same on every run). Each
 * path filled is added to the request's `mockedFields`, which the endpoint returns in `extensions`. Filled
 * values live in the response only: nothing is written. A mutation the built-in schema lacks answers an
 * error naming it, never a success that changes nothing.
 */
import { createRequire } from 'node:module';
import type {
  GraphQLFieldResolver,
  GraphQLOutputType,
  GraphQLResolveInfo,
  GraphQLSchema,
  GraphQLTypeResolver,
} from 'graphql';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see ../transport/document-cache.ts).
const {
  defaultFieldResolver,
  defaultTypeResolver,
  GraphQLError,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  responsePathAsArray,
} = createRequire(import.meta.url)('graphql') as typeof import('graphql');

/** What a resolver's context must carry to collect the paths filled. */
interface Collecting {
  mockedFields?: string[];
}

/** Marks an object made up for a non-null object field: the URN of the entity it belongs to, if any. */
const FILLED = Symbol('filled');
type FilledObject = { __typename: string; [FILLED]: { entity: string | undefined } };

function isFilled(value: unknown): value is FilledObject {
  return typeof value === 'object' && value !== null && FILLED in value;
}

/** The URN of the entity a parent value belongs to: a filled object's, or a record's own `urn`. */
function entityOf(source: unknown): string | undefined {
  if (isFilled(source)) return source[FILLED].entity;
  const urn = (source as { urn?: unknown } | null | undefined)?.urn;
  return typeof urn === 'string' ? urn : undefined;
}

/** FNV-1a, 32 bits: the same number for the same text on every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The value a field the mock has no state for answers, its path recorded in the request's `mockedFields`. */
function filled(
  schema: GraphQLSchema,
  type: GraphQLOutputType,
  source: unknown,
  context: Collecting,
  info: GraphQLResolveInfo,
): unknown {
  const path = responsePathAsArray(info.path).join('.');
  (context.mockedFields ??= []).push(path);
  const entity = entityOf(source);
  if (!isNonNullType(type)) return isListType(type) ? [] : null;
  const inner = type.ofType;
  if (isListType(inner)) return [];
  if (isObjectType(inner)) return { __typename: inner.name, [FILLED]: { entity } };
  if (isAbstractType(inner)) {
    const [first] = [...schema.getPossibleTypes(inner)].map((t) => t.name).sort();
    return first === undefined ? null : { __typename: first, [FILLED]: { entity } };
  }
  // A leaf: worked out from the entity and the field's path without list positions, so a list's items agree.
  const seed = hash(
    `${entity ?? ''}\n${info.parentType.name}.${info.fieldName}\n${path.replace(/\.\d+(?=\.|$)/g, '')}`,
  );
  if (isEnumType(inner)) {
    const values = inner.getValues();
    return values[seed % values.length]?.value ?? null;
  }
  switch (inner.name) {
    case 'Int':
    case 'Long':
      return seed % 1000;
    case 'Float':
      return (seed % 100000) / 100;
    case 'Boolean':
      return (seed & 1) === 1;
    default:
      return `${info.fieldName}-${seed.toString(16).padStart(8, '0')}`;
  }
}

/**
 * Wraps every field of `served` (an executable schema of the team's SDL with the built-in resolvers
 * added) so that the fields `builtIn` lacks, and every field of a filled object, are filled. Returns
 * `served`, changed in place.
 */
export function fillUnknownFields(served: GraphQLSchema, builtIn: GraphQLSchema): GraphQLSchema {
  const mutationType = served.getMutationType();
  for (const type of Object.values(served.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isAbstractType(type)) {
      const resolveType: GraphQLTypeResolver<unknown, unknown> = type.resolveType ?? defaultTypeResolver;
      type.resolveType = (value, context, info, abstractType) =>
        isFilled(value) ? value.__typename : resolveType(value, context, info, abstractType);
      continue;
    }
    if (!isObjectType(type)) continue;
    const known = builtIn.getType(type.name);
    const knownFields = isObjectType(known) ? known.getFields() : {};
    for (const field of Object.values(type.getFields())) {
      if (type === mutationType && !(field.name in knownFields)) {
        field.resolve = () => {
          throw new GraphQLError(
            `Mutation ${field.name} is not implemented by the mock: it is declared by the served schema only, and nothing was changed`,
          );
        };
        continue;
      }
      const resolve: GraphQLFieldResolver<unknown, Collecting> =
        field.name in knownFields
          ? (field.resolve ?? defaultFieldResolver)
          : (source, _args, context, info) => filled(served, field.type, source, context, info);
      field.resolve = (source, args, context: Collecting, info) =>
        isFilled(source) ? filled(served, field.type, source, context, info) : resolve(source, args, context, info);
    }
  }
  return served;
}
