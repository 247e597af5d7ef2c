/**
 * The shapes of the GraphQL output records, read from the SDL. A record built from the store names
 * every field of its type: `record()` sets each field to null unless the store gave a value, so that
 * a field the store has nothing for resolves to null, and a value for a field the type lacks is a
 * programming error caught at once.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';

/** A GraphQL output record: field values, or thunks `(args, context) => value` for fields with arguments. */
export type OutputRecord = Record<string, unknown> & { __typename: string };

export class RecordShapes {
  private readonly nullRecords = new Map<string, Record<string, null>>();

  constructor(schema: GraphQLSchema) {
    const roots = new Set([schema.getQueryType()?.name, schema.getMutationType()?.name]);
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__') || roots.has(type.name)) continue;
      // Made at once rather than a property at a time, so that V8 keeps the template's properties
      // fast and clones it at once into each record.
      this.nullRecords.set(type.name, Object.fromEntries(Object.keys(type.getFields()).map((name) => [name, null])));
    }
  }

  /**
   * A record of an object type from fields many types share (those the type lacks are left out) and
   * its own values: an entity page's ownership, tags, links and such are built once for every type.
   */
  recordWithShared(typeName: string, shared: Record<string, unknown>, own: Record<string, unknown>): OutputRecord {
    const { nulls, record } = this.blank(typeName);
    for (const key in shared) if (key in nulls) record[key] = shared[key];
    return this.filled(typeName, nulls, record, own);
  }

  /** A record of an object type: every field the store did not give is an explicit null. */
  record(typeName: string, values: Record<string, unknown>): OutputRecord {
    const { nulls, record } = this.blank(typeName);
    return this.filled(typeName, nulls, record, values);
  }

  /**
   * A copy of the type's template, written into field by field: V8 clones a template of fast
   * properties at once, where merging objects key by key (a spread or an assign of several) grew a
   * dataset record property by property, six times slower.
   */
  private blank(typeName: string): { nulls: Record<string, null>; record: Record<string, unknown> } {
    const nulls = this.nullRecords.get(typeName);
    if (!nulls) throw new Error(`GraphQL schema has no object type ${typeName}`);
    return { nulls, record: Object.assign({}, nulls) };
  }

  private filled(
    typeName: string,
    nulls: Record<string, null>,
    record: Record<string, unknown>,
    values: Record<string, unknown>,
  ): OutputRecord {
    for (const key in values) {
      if (!(key in nulls)) throw new Error(`GraphQL type ${typeName} has no field ${key}`);
      record[key] = values[key];
    }
    record.__typename = typeName;
    return record as OutputRecord;
  }
}
