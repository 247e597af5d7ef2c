/**
 * An entity's latest aspects as the derived indices read them, each read and parsed from its stored
 * JSON the first time it is asked for: a write of one aspect rebuilds only the rows that aspect feeds,
 * which read a few of the entity's aspects, not all of them. Time series aspects an index derives
 * from count as their newest point's value; whether the entity has one is known only once asked.
 */
import type { AspectWrite, LatestAspectValues } from './types.js';

type AspectValue = Record<string, unknown>;

export class LatestAspects implements LatestAspectValues {
  private readonly parsed = new Map<string, AspectValue>();

  /**
   * The names of the aspects the entity has, in the order the store read them (the versioned ones,
   * the first `versioned`, then the time series ones an index derives from, which may have no point),
   * and how to read one's stored JSON.
   */
  constructor(
    private readonly names: ReadonlySet<string>,
    private readonly read: (aspect: string) => string | undefined,
    private readonly versioned = names.size,
    private readonly written: (aspect: string) => AspectWrite | undefined = () => undefined,
  ) {}

  /** The latest write of a versioned aspect: its system metadata's lastObserved and its actor. */
  writeOf(aspect: string): AspectWrite | undefined {
    return this.names.has(aspect) ? this.written(aspect) : undefined;
  }

  /** The versioned aspects alone: an entity without any no longer exists, whatever points it had. */
  get size(): number {
    return this.versioned;
  }

  keys(): SetIterator<string> {
    return this.names.values();
  }

  get(aspect: string): AspectValue | undefined {
    const known = this.parsed.get(aspect);
    if (known !== undefined) return known;
    const json = this.names.has(aspect) ? this.read(aspect) : undefined;
    if (json === undefined) return undefined;
    const value = JSON.parse(json) as AspectValue;
    this.parsed.set(aspect, value);
    return value;
  }
}
