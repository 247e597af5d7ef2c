/**
 * Writes the start-up data (the sample catalog, seed files) into the store as the system actor, and
 * counts per source how many aspects were validated against a schema, stored opaque (the registry
 * allows the aspect but the spec has no schema for it) or rejected. Every entry not used, whether the
 * seed reader could not read it or the store refused it, is reported with its 1-based entry number,
 * URN, aspect and reason; none stops the start-up.
 */
import { applyChangeProposal } from './apply-proposal.js';
import { RestliError } from '../errors.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { systemActor } from '../store/entity-urn.js';
import type { SystemMetadata } from '../store/types.js';

export interface StartupProposal {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  /** The aspect, or for PATCH the JSON Patch (an array of operations). */
  aspect: Record<string, unknown> | unknown[];
  systemMetadata?: SystemMetadata;
  /** 1-based position of the seed file entry it comes from. */
  entry?: number;
}

/** An entry, or one aspect of an entry, that was not written, and why. */
export interface SkippedEntry {
  entry?: number;
  urn?: string;
  aspect?: string;
  reason: string;
}

export interface LoadReport {
  source: string;
  validated: number;
  opaque: number;
  /** Aspects the store refused (each also in `skipped`). */
  rejected: number;
  /** Every entry or aspect not written: the reader's skips first, then the store's refusals. */
  skipped: SkippedEntry[];
}

/**
 * Each proposal by its change type (apply-proposal.ts), in file order, in its own savepoint, so one
 * rejected aspect does not drop the others of the source. No clock enters the stored state: a
 * proposal's time is its own system metadata's lastObserved, or the reference time
 * (`reference-day.ts`), so the same data and reference day give the same snapshot digest in every
 * process.
 */
export function loadProposals(
  store: CatalogStore,
  source: string,
  proposals: readonly StartupProposal[],
  referenceTime: number,
  unread: readonly SkippedEntry[] = [],
): LoadReport {
  const report: LoadReport = { source, validated: 0, opaque: 0, rejected: 0, skipped: [...unread] };
  const actor = systemActor(store.contract);
  store.transaction(() => {
    for (const p of proposals) {
      const observed = p.systemMetadata?.lastObserved;
      const now = typeof observed === 'number' ? observed : referenceTime;
      const ctx = { actor, now, ...(p.systemMetadata ? { systemMetadata: p.systemMetadata } : {}) };
      try {
        // Each in its own savepoint, in file order: a PATCH applies to what the entries before it wrote.
        const { validated } = store.savepoint(() => applyChangeProposal(store, p, ctx, 'proposal'));
        if (validated) report.validated++;
        else report.opaque++;
      } catch (error) {
        if (!(error instanceof RestliError)) throw error;
        report.rejected++;
        report.skipped.push({
          ...(p.entry !== undefined ? { entry: p.entry } : {}),
          urn: p.entityUrn,
          aspect: p.aspectName,
          reason: error.message,
        });
      }
    }
  });
  report.skipped.sort((a, b) => (a.entry ?? 0) - (b.entry ?? 0));
  return report;
}

/** One line per skipped entry: `<source> entry <n>: <urn> <aspect>: <reason>`. */
export function describeSkip(source: string, skip: SkippedEntry): string {
  const where = skip.entry === undefined ? source : `${source} entry ${skip.entry}`;
  const what = [skip.urn, skip.aspect].filter(Boolean).join(' ');
  return `${where}: ${what ? `${what}: ` : ''}${skip.reason}`;
}
