/**
 * Telling a known upstream difference from a failure (spec/upstream-differences.yaml). A failed check
 * is a known difference only on a li run, only when its id is listed under a difference, and only
 * when the failure matches that difference's matcher: the status of the response it failed on, a
 * pattern of its message, or the upstream shape the check read. A listed check that fails any other
 * way is a failure, so a listed check can still catch a broken deployment.
 */
import type { Contract, DifferenceMatcher, UpstreamDifference } from '../spec/index.js';
import type { AcceptedShape } from './client.js';

export interface Failure {
  message: string;
  status?: number;
  /** Differences whose upstream shape the check read. */
  shapes: ReadonlySet<string>;
}

function matches(matcher: DifferenceMatcher, difference: string, failure: Failure): boolean {
  if (matcher.status && (failure.status === undefined || !matcher.status.includes(failure.status))) return false;
  if (matcher.message !== undefined && !new RegExp(matcher.message, 'i').test(failure.message)) return false;
  if (matcher.shape && !failure.shapes.has(difference)) return false;
  return true;
}

/** Does `failure` match the difference? Each alternative of a list matcher is tried. */
export function matchesDifference(difference: UpstreamDifference, failure: Failure): boolean {
  const alternatives = Array.isArray(difference.matcher) ? difference.matcher : [difference.matcher];
  return alternatives.some((m) => matches(m, difference.id, failure));
}

export class KnownDifferences {
  private readonly byCheck = new Map<string, UpstreamDifference[]>();

  constructor(readonly contract: Contract) {
    for (const difference of contract.differences) {
      for (const id of difference.checks) this.byCheck.set(id, [...(this.byCheck.get(id) ?? []), difference]);
    }
  }

  /** The differences that list a check. */
  listing(checkId: string): readonly UpstreamDifference[] {
    return this.byCheck.get(checkId) ?? [];
  }

  /** The listed difference a failure of the check matches, if any. */
  explaining(checkId: string, failure: Failure): UpstreamDifference | undefined {
    return this.listing(checkId).find((d) => matchesDifference(d, failure));
  }

  /** The upstream shapes a li run accepts, per operation id. */
  shapes(): Map<string, AcceptedShape[]> {
    const out = new Map<string, AcceptedShape[]>();
    for (const d of this.contract.differences) {
      if (!d.shape) continue;
      const accepted = { difference: d.id, status: d.shape.status ?? 200, schema: d.shape.schema };
      out.set(d.shape.operation, [...(out.get(d.shape.operation) ?? []), accepted]);
    }
    return out;
  }
}
