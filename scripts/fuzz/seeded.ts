/**
 * The run's only source of chance: a seeded generator (mulberry32), so that a seed and a request count
 * give the same requests, in the same order, on every machine and in every round.
 */
export class Seeded {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[this.int(items.length)] as T;
  }

  /**
   * An integer in [min, max], its logarithm uniform: small sizes mostly, the largest now and then, so
   * that a long run reaches the extremes without every request costing the extreme.
   */
  size(min: number, max: number): number {
    return Math.min(max, Math.floor(Math.exp(Math.log(min) + this.next() * (Math.log(max + 1) - Math.log(min)))));
  }
}
