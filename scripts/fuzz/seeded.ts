/**
 * The run's only source of chance: the suite's fuzz generator (mulberry32, `conformance/fuzz/random.ts`), so
 * that a seed and a request count give the same requests, in the same order, on every machine and in every
 * round; with sizes drawn log-uniformly.
 */
import { Random } from '../../conformance/fuzz/random.js';

export class Seeded extends Random {
  /**
   * An integer in [min, max], its logarithm uniform: small sizes mostly, the largest now and then, so
   * that a long run reaches the extremes without every request costing the extreme.
   */
  size(min: number, max: number): number {
    return Math.min(max, Math.floor(Math.exp(Math.log(min) + this.next() * (Math.log(max + 1) - Math.log(min)))));
  }
}
