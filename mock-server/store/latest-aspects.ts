/**
 * An entity's latest aspects as the derived indices read them, each parsed from its stored JSON the
 * first time it is read: a write of one aspect rebuilds only the rows that aspect feeds, which read
 * a few of the entity's aspects, not all of them.
 */
type AspectValue = Record<string, unknown>;

export class LatestAspects implements ReadonlyMap<string, AspectValue> {
  private readonly parsed = new Map<string, AspectValue>();

  /** The stored JSON by aspect name, in the order the store read them. */
  constructor(private readonly stored: ReadonlyMap<string, string>) {}

  get size(): number {
    return this.stored.size;
  }

  has(aspect: string): boolean {
    return this.stored.has(aspect);
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

  keys(): MapIterator<string> {
    return this.stored.keys();
  }

  entries(): MapIterator<[string, AspectValue]> {
    return new Map([...this.stored.keys()].map((aspect): [string, AspectValue] => [aspect, this.get(aspect) as AspectValue])).entries();
  }

  values(): MapIterator<AspectValue> {
    return new Map(this.entries()).values();
  }

  [Symbol.iterator](): MapIterator<[string, AspectValue]> {
    return this.entries();
  }

  forEach(callback: (value: AspectValue, aspect: string, map: ReadonlyMap<string, AspectValue>) => void, thisArg?: unknown): void {
    for (const [aspect, value] of this.entries()) callback.call(thisArg, value, aspect, this);
  }
}
