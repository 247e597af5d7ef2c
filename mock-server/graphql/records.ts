/**
 * The shapes of the GraphQL output records, read from the SDL. A record built from the store names
 * every field of its type: `record()` sets each field to null unless the store gave a value, so that
 * a field the store has nothing for resolves to null, and a value for a field the type lacks is a
 * programming error caught at once.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';

/** A GraphQL output record: field values, or thunks `(args, context) => value` for fields with arguments. */
export type OutputRecord = Record<string, unknown> & { __typename: string };

/** Where a record built from shared field methods keeps what they read (the entity's view, URN and aspects). */
const RECORD_STATE = Symbol('record state');

/**
 * Fields many records share, as methods: graphql-js's default resolver calls `record.field(args, context)`,
 * so each reads its record's state (`stateOf(this)`) and a record refers to the one function instead of
 * holding closures of its own (an entity page has some forty such fields).
 */
export interface SharedFields<State> {
  methods: Readonly<Record<string, (this: OutputRecord, ...args: never[]) => unknown>>;
  state: State;
}

/** The state of a record built by `recordWithShared`, for its shared methods. */
export function stateOf<State>(record: OutputRecord): State {
  return (record as unknown as { [RECORD_STATE]: State })[RECORD_STATE];
}

export class RecordShapes {
  private readonly nullRecords = new Map<string, Record<string, null>>();
  /** Per type, per set of shared methods: the null record with the methods the type has as fields. */
  private readonly sharedTemplates = new Map<string, Map<object, Record<string | symbol, unknown>>>();

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
   * A record of an object type from field methods many types share (those the type lacks are left out),
   * the state they read, and its own values: an entity page's ownership, tags, links and such are written
   * once for every type, and a record is a new object over its type's template.
   */
  recordWithShared<State>(typeName: string, shared: SharedFields<State>, own: Record<string, unknown>): OutputRecord {
    const nulls = this.nullsOf(typeName);
    const record = Object.create(this.sharedTemplate(typeName, nulls, shared.methods)) as Record<
      string | symbol,
      unknown
    >;
    record[RECORD_STATE] = shared.state;
    return this.filled(typeName, nulls, record as Record<string, unknown>, own);
  }

  private sharedTemplate(
    typeName: string,
    nulls: Record<string, null>,
    methods: SharedFields<unknown>['methods'],
  ): Record<string | symbol, unknown> {
    let byMethods = this.sharedTemplates.get(typeName);
    if (!byMethods) this.sharedTemplates.set(typeName, (byMethods = new Map()));
    let template = byMethods.get(methods);
    if (!template) {
      template = { ...nulls, [RECORD_STATE]: null };
      for (const key in methods) if (key in nulls) template[key] = methods[key];
      byMethods.set(methods, template);
    }
    return template;
  }

  /** A record of an object type: every field the store did not give is an explicit null. */
  record(typeName: string, values: Record<string, unknown>): OutputRecord {
    const { nulls, record } = this.blank(typeName);
    return this.filled(typeName, nulls, record, values);
  }

  /**
   * A record whose prototype is the type's template, written into field by field: graphql-js reads a field as
   * a property, found on the record when the store gave it, else null on the template. Copying the template
   * (some 150 fields of a dataset) into every record was most of the memory a lineage graph's answer took.
   */
  private blank(typeName: string): { nulls: Record<string, null>; record: Record<string, unknown> } {
    const nulls = this.nullsOf(typeName);
    return { nulls, record: Object.create(nulls) as Record<string, unknown> };
  }

  private nullsOf(typeName: string): Record<string, null> {
    const nulls = this.nullRecords.get(typeName);
    if (!nulls) throw new Error(`GraphQL schema has no object type ${typeName}`);
    return nulls;
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
