/**
 * The root fields' resolvers as @graphql-tools/mock's `preserveResolvers` runs them, without the cost
 * where it cannot show. The library wraps every resolver in an async function that awaits both the
 * resolver and the mock's value of the field, then copies both into a new object property by property
 * (descriptors, the prototype chain): an entity record of seventy fields cost more to copy than to
 * build, and the promise put the rest of the execution behind microtasks. The mock's value of a root
 * field is its reference in the mock store (`{$ref}`), which the mocked fields under it are read from,
 * so the merge here keeps it. When the operation selects more than one root field, the library's
 * timing is kept exactly (the order of their errors depends on it); with one, the resolver runs
 * synchronously, which changes nothing a client can see.
 */
import { createRequire } from 'node:module';
import type { IMockStore } from '@graphql-tools/mock';
import type { GraphQLFieldResolver, GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import type { GraphqlContext } from './context.js';
import type { FieldResolvers } from './resolver-types.js';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see document-cache.ts).
const { Kind } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

type RootResolver = GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> => value === Object(value) && !Array.isArray(value);

const isThenable = (value: unknown): value is PromiseLike<unknown> => isObject(value) && typeof value.then === 'function';

/** The library's merge of the mock's value and the resolved one: the resolved value wins, field by field. */
function merged(mocked: unknown, resolved: unknown): unknown {
  if (mocked instanceof Error) {
    if (resolved === undefined) throw mocked;
    return resolved;
  }
  if (resolved instanceof Date && mocked instanceof Date) return resolved;
  if (isObject(mocked) && isObject(resolved)) {
    if (Object.getPrototypeOf(resolved) !== Object.prototype) return copied(resolved, mocked);
    const value: Record<string, unknown> = { ...resolved };
    for (const key of Object.keys(mocked)) if (!(key in value)) value[key] = mocked[key];
    return value;
  }
  return resolved !== undefined ? resolved : mocked;
}

/** The library's own copy (descriptors, prototype chains), for values that are not plain records. */
function copied(resolved: Record<string, unknown>, mocked: Record<string, unknown>): Record<string, unknown> {
  const target = Object.create(Object.getPrototypeOf(resolved)) as Record<string, unknown>;
  for (const source of [resolved, mocked]) {
    for (let chain: object | null = source; chain !== null; chain = Object.getPrototypeOf(chain) as object | null) {
      for (const key of Reflect.ownKeys(chain)) {
        if (!Object.getOwnPropertyDescriptor(target, key)) Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(chain, key) ?? {});
      }
    }
  }
  return target;
}

/** Whether the operation executes exactly one root field, so that no other root field's timing can depend on this one's. */
function singleRootField(info: GraphQLResolveInfo): boolean {
  const selections = info.operation.selectionSet.selections;
  return selections.length === 1 && selections[0]?.kind === Kind.FIELD;
}

function rootResolver(resolve: RootResolver, store: IMockStore): RootResolver {
  return (root, args, context, info) => {
    const mocked = store.get({ typeName: info.parentType.name, key: 'ROOT', fieldName: info.fieldName, fieldArgs: args });
    if (!singleRootField(info)) {
      return (async () => {
        const [mockedValue, resolved] = await Promise.all([mocked, resolve(root, args, context, info)]);
        return merged(mockedValue, resolved);
      })();
    }
    const resolved = resolve(root, args, context, info);
    return isThenable(resolved) ? Promise.resolve(resolved).then((value) => merged(mocked, value)) : merged(mocked, resolved);
  };
}

/**
 * Puts the root types' resolvers on a schema that `addMocksToSchema` built without them (so its
 * fields hold the mock's own resolver), resolving as `preserveResolvers` would.
 */
export function addRootResolvers(schema: GraphQLSchema, store: IMockStore, resolvers: FieldResolvers): void {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    const own = type ? resolvers[type.name] : undefined;
    if (!type || !own) continue;
    const fields = type.getFields();
    for (const [name, resolve] of Object.entries(own)) {
      const field = fields[name];
      if (!field) throw new Error(`GraphQL type ${type.name} has no field ${name}`);
      field.resolve = rootResolver(resolve as RootResolver, store);
    }
  }
}
