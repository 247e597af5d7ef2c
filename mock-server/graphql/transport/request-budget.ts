/**
 * The time one GraphQL request may hold the server: each field resolved (by a resolver of the schema or by
 * the default one, which reads a record's property or calls its thunk) first checks its request's
 * deadline. The depth and complexity limits bound the document, not its result: fifteen nested levels of
 * lineage keep both limits yet, where every entity has two neighbours, resolve some 200,000 fields and
 * held the server for many seconds while every other request waited. Past the deadline the request's
 * remaining fields fail at once, and the endpoint answers one error naming the budget in place of the
 * partial result.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see document-cache.ts).
const { defaultFieldResolver, GraphQLError, isObjectType } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/** A request's budget: the time its execution may take, from its start. */
export class RequestBudget {
  private readonly deadline: number;
  exceeded = false;

  constructor(readonly ms: number) {
    this.deadline = performance.now() + ms;
  }

  private fields = 0;

  /** Whether the request may resolve one more field; false from the deadline on (the clock read every 64 fields). */
  spend(): boolean {
    this.fields += 1;
    if ((this.fields & 63) === 0 && !this.exceeded && performance.now() > this.deadline) this.exceeded = true;
    return !this.exceeded;
  }

  /** The error a request over its budget answers with. */
  error(): Error {
    return new GraphQLError(`request budget exceeded: more than ${this.ms} ms of work (--request-budget-ms)`);
  }
}

/** What a resolver's context must carry for its fields to be held to the budget. */
interface Budgeted {
  requestBudget: RequestBudget;
}

/**
 * Makes every field of `schema`'s object types check its request's budget before it resolves; done
 * once, when the schema is built. Returns the schema.
 */
export function holdToRequestBudget<T extends GraphQLSchema>(schema: T): T {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve: GraphQLFieldResolver<unknown, Budgeted> = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        if (!context.requestBudget.spend()) throw context.requestBudget.error();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
