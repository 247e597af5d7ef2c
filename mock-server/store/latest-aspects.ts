/**
 * An entity's latest aspects as the derived indices read them, each read and parsed from its stored
 * JSON the first time it is asked for: a write of one aspect rebuilds only the rows that aspect feeds,
 * which read a few of the entity's aspects, not all of them. Time series aspects an index derives
 * from count as their newest point's value; whether the entity has one is known only once asked.
 */
import type { LatestAspectValues } from './types.js';

type AspectValue = Record<string, unknown>;

export class LatestAspects implements LatestAspectValues {
  private readonly parsed = new Map<string, AspectValue>();

  /**
   * The names of the versioned aspects the entity has, in the order the store read them, and how to
   * read one's stored JSON; then the time series aspects that may have points, and how to read the
   * newest one's value.
   */
  constructor(
    private readonly names: ReadonlySet<string>,
    private readonly read: (aspect: string) => string | undefined,
    private readonly pointAspects: readonly string[] = [],
    private readonly readPoint: (aspect: string) => string | undefined = () => undefined,
  ) {}

  /** The versioned aspects alone: an entity without any no longer exists, whatever points it had. */
  get size(): number {
    return this.names.size;
  }

  *keys(): IterableIterator<string> {
    yield* this.names;
    yield* this.pointAspects;
  }

  get(aspect: string): AspectValue | undefined {
    const known = this.parsed.get(aspect);
    if (known !== undefined) return known;
    const json = this.names.has(aspect) ? this.read(aspect) : this.pointAspects.includes(aspect) ? this.readPoint(aspect) : undefined;
    if (json === undefined) return undefined;
    const value = JSON.parse(json) as AspectValue;
    this.parsed.set(aspect, value);
    return value;
  }
}
