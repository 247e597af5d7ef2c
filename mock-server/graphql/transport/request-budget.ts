/**
 * The time one GraphQL request may hold the server: each field resolved (by a resolver of the schema or by
 * the default one, which reads a record's property or calls its thunk) first checks its request's
 * deadline. The depth and complexity limits bound the document, not its result: fifteen nested levels of
 * lineage keep both limits yet, where every entity has two neighbours, resolve some 200,000 fields and
 * held the server for many seconds while every other request waited. Past the deadline the request's
 * remaining fields fail at once, and the endpoint answers one error naming the budget in place of the
 * partial result.
 *
 * Within its budget a request works in slices of a few milliseconds: once a slice is spent, its next
 * fields wait for a turn of the event loop (setImmediate), so that the requests that arrived meanwhile
 * are answered before it goes on. Before its first pause the request holds its store
 * (../../store/read-hold.ts), so that no write lands between its slices: it sees one state throughout. A
 * request that ends within its first slice never pauses, never holds the store, and costs no promise.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { GraphQLFieldResolver, GraphQLSchema } from 'graphql';

// The graphql instance @graphql-tools builds the schema with (CommonJS; see document-cache.ts).
const { defaultFieldResolver, GraphQLError, isObjectType } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/** The work a request does before it lets the others in (a turn of the event loop). */
const SLICE_MS = 5;

/**
 * A request's budget: the time its execution may take, from its start, its pauses for others included (the
 * work a pause lets run cannot be told apart from the request's own), worked in slices.
 *
 * The work that finds the slice spent waits in one queue, in the order it came, and the next turn runs it from
 * the front until that slice is spent too: each waiting field is taken up once. (Each waiting field meeting the
 * next pause anew made a request of many fields quadratic: 5,000 entities of a few fields each went past a
 * budget of seconds.) Past the deadline every waiting and later field fails at once with the same error,
 * which graphql-js keeps as it is (it has a path), so the rest of a large answer costs no more than a look.
 */
export class RequestBudget {
  private readonly deadline: number;
  private sliceEnd: number;
  private fields = 0;
  /** Lets go of the store, once the request has paused. */
  private release: (() => void) | undefined;
  /** The work waiting for the next turn, in order, from `next` on. */
  private waiting: ((() => void) | undefined)[] = [];
  private next = 0;
  private spent: InstanceType<typeof GraphQLError> | undefined;
  exceeded = false;
  /** Whether the request waits for its next turn: new work joins the queue (`later`). */
  paused = false;

  /** `hold` holds the request's store against writes, from its first pause to `finish`. */
  constructor(
    readonly ms: number,
    private readonly hold: () => () => void = () => () => undefined,
  ) {
    const now = performance.now();
    this.deadline = now + ms;
    this.sliceEnd = now + SLICE_MS;
  }

  /**
   * Whether the request may resolve one more field; false from the deadline on. The clock is read every
   * 8 fields (a field of lineage may take a millisecond); past the slice's end the request pauses until its next turn.
   */
  spend(): boolean {
    this.fields += 1;
    if ((this.fields & 7) === 0 && !this.exceeded && !this.paused) {
      const now = performance.now();
      if (now > this.deadline) this.exceeded = true;
      else if (now > this.sliceEnd) this.pauseForOthers();
    }
    return !this.exceeded;
  }

  /** `work` at the request's next turn, after the work that waits already: its result, or the budget's error once past the deadline. */
  later<R>(work: () => R): Promise<Awaited<R>> {
    return new Promise<Awaited<R>>((resolve, reject) => {
      this.waiting.push(() => {
        if (this.exceeded) return reject(this.error());
        try {
          resolve(work() as Awaited<R>);
        } catch (error) {
          reject(error);
        }
      });
    });
  }

  /**
   * `map` applied to each of `items` under the budget, each counted as a field: a resolver that builds many
   * records at once (`entities(urns:)` with 10,000 URNs) pauses for others between slices and stops at the
   * deadline, as the fields do. An item mapped to undefined is left out. The array itself when the items fit
   * in the current slice, else its promise.
   */
  map<T, R>(items: readonly T[], map: (item: T) => R | undefined): R[] | Promise<R[]> {
    const results: R[] = [];
    const from = (start: number): R[] | Promise<R[]> => {
      for (let i = start; i < items.length; i += 1) {
        if (!this.spend()) throw this.error();
        if (this.paused) return this.later(() => from(i));
        const result = map(items[i] as T);
        if (result !== undefined) results.push(result);
      }
      return results;
    };
    return from(0);
  }

  /** Ends the request's work: the store is let go of. */
  finish(): void {
    this.release?.();
  }

  /** The error a request over its budget answers with: one for the request, located (`path`) so graphql-js keeps it whole. */
  error(): InstanceType<typeof GraphQLError> {
    this.spent ??= new GraphQLError(`request budget exceeded: more than ${this.ms} ms of work (--request-budget-ms)`, {
      path: [],
    });
    return this.spent;
  }

  private pauseForOthers(): void {
    this.release ??= this.hold();
    this.paused = true;
    setImmediate(this.resume);
  }

  /** The next turn: the waiting work from the front, until the slice is spent (the rest waits for the turn after) or none is left. */
  private readonly resume = (): void => {
    this.paused = false;
    this.sliceEnd = performance.now() + SLICE_MS;
    while (this.next < this.waiting.length) {
      this.spend();
      if (this.paused) return;
      const work = this.waiting[this.next];
      this.waiting[this.next++] = undefined;
      work?.();
    }
    this.waiting = [];
    this.next = 0;
  };
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
      const budgeted: GraphQLFieldResolver<unknown, Budgeted> = (source, args, context, info) => {
        const budget = context.requestBudget;
        if (!budget.spend()) throw budget.error();
        // Past its slice, the field waits for the request's next turn, counted again when it comes.
        if (budget.paused) return budget.later(() => resolve(source, args, context, info));
        return resolve(source, args, context, info);
      };
      field.resolve = budgeted;
    }
  }
  return schema;
}
