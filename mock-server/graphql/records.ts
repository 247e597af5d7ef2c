/**
 * The shapes of the GraphQL output records, read from the SDL. @graphql-tools/mock invents a value
 * for every field that resolves to undefined, so a record built from the store must name every
 * field: `record()` sets each field of the type to null unless the store gave a value. The fields
 * the SDL marks `Mocked:` are left out on purpose; they are the only ones the mock invents.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';

/** The marker of a mocked field in the SDL's field descriptions. */
const MOCKED_MARKER = 'Mocked:';

/** A GraphQL output record: field values, or thunks `(args, context) => value` for fields with arguments. */
export type OutputRecord = Record<string, unknown> & { __typename: string };

export class RecordShapes {
  /** Mocked fields as `Type.field`. */
  readonly mocked: ReadonlySet<string>;
  private readonly nullRecords = new Map<string, Record<string, null>>();

  constructor(schema: GraphQLSchema) {
    const mocked = new Set<string>();
    const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__') || roots.has(type.name)) continue;
      const stored: string[] = [];
      for (const field of Object.values(type.getFields())) {
        if (field.description?.includes(MOCKED_MARKER)) mocked.add(`${type.name}.${field.name}`);
        else stored.push(field.name);
      }
      // Made at once rather than a property at a time: V8 then keeps the template's properties fast,
      // and copying it into a record costs a sixth of what copying a template grown key by key does.
      this.nullRecords.set(type.name, Object.fromEntries(stored.map((name) => [name, null])));
    }
    this.mocked = mocked;
  }

  /**
   * A record of an object type from fields many types share (those the type lacks are left out) and
   * its own values: an entity page's ownership, tags, links and such are built once for every type.
   */
  recordWithShared(typeName: string, shared: Record<string, unknown>, own: Record<string, unknown>): OutputRecord {
    const nulls = this.nullRecords.get(typeName);
    if (!nulls) throw new Error(`GraphQL schema has no object type ${typeName}`);
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(shared)) if (key in nulls) values[key] = shared[key];
    return this.record(typeName, Object.assign(values, own));
  }

  /** A record of an object type: every field the store did not give is an explicit null. */
  record(typeName: string, values: Record<string, unknown>): OutputRecord {
    const nulls = this.nullRecords.get(typeName);
    if (!nulls) throw new Error(`GraphQL schema has no object type ${typeName}`);
    for (const key of Object.keys(values)) {
      if (!(key in nulls)) throw new Error(`GraphQL type ${typeName} has no (unmocked) field ${key}`);
    }
    return Object.assign({}, nulls, values, { __typename: typeName });
  }
}
