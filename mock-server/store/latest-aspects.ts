/**
 * An entity's latest aspects as the derived indices read them, each parsed from its stored JSON the
 * first time it is read: a write of one aspect rebuilds only the rows that aspect feeds, which read
 * a few of the entity's aspects, not all of them.
 */
import type { LatestAspectValues } from './types.js';

type AspectValue = Record<string, unknown>;

export class LatestAspects implements LatestAspectValues {
  private readonly parsed = new Map<string, AspectValue>();

  /** The stored JSON by aspect name, in the order the store read them. */
  constructor(private readonly stored: ReadonlyMap<string, string>) {}

  get size(): number {
    return this.stored.size;
  }

  keys(): MapIterator<string> {
    return this.stored.keys();
  }

  get(aspect: string): AspectValue | undefined {
    const known = this.parsed.get(aspect);
    if (known !== undefined) return known;
    const json = this.stored.get(aspect);
    if (json === undefined) return undefined;
    const value = JSON.parse(json) as AspectValue;
    this.parsed.set(aspect, value);
    return value;
  }
}
