/**
 * Writes the start-up data (the sample catalog, seed files) into the store as the system actor, and
 * counts per source how many aspects were validated against a schema, stored opaque (the registry
 * allows the aspect but the spec has no schema for it) or rejected, with the reasons of rejection.
 */
import { applyChangeProposal } from './change-proposal.js';
import { RestliError } from './errors.js';
import { REFERENCE_TIME } from './sample/index.js';
import type { CatalogStore } from './store/catalog-store.js';
import { systemActor } from './store/entity-urn.js';
import type { SystemMetadata } from './store/types.js';

export interface StartupProposal {
  entityType: string;
  entityUrn: string;
  changeType: string;
  aspectName: string;
  /** The aspect, or for PATCH the JSON Patch (an array of operations). */
  aspect: Record<string, unknown> | unknown[];
  systemMetadata?: SystemMetadata;
}

export interface LoadReport {
  source: string;
  validated: number;
  opaque: number;
  rejected: number;
  /** The first few reasons of rejection, for the start-up output. */
  errors: string[];
}

const KEPT_ERRORS = 5;

/**
 * Each proposal by its change type (change-proposal.ts), in file order, in its own savepoint, so one
 * rejected aspect does not drop the others of the source. No clock enters the stored state: a
 * proposal's time is its own system metadata's lastObserved, or the sample's reference time, so the
 * same data gives the same snapshot digest in every process.
 */
export function loadProposals(store: CatalogStore, source: string, proposals: readonly StartupProposal[]): LoadReport {
  const report: LoadReport = { source, validated: 0, opaque: 0, rejected: 0, errors: [] };
  const actor = systemActor(store.contract);
  store.transaction(() => {
    for (const p of proposals) {
      const observed = p.systemMetadata?.lastObserved;
      const now = typeof observed === 'number' ? observed : REFERENCE_TIME;
      const ctx = { actor, now, ...(p.systemMetadata ? { systemMetadata: p.systemMetadata } : {}) };
      try {
        // Each in its own savepoint, in file order: a PATCH applies to what the entries before it wrote.
        const { validated } = applyChangeProposal(store, p, ctx, 'proposal');
        if (validated) report.validated++;
        else report.opaque++;
      } catch (error) {
        if (!(error instanceof RestliError)) throw error;
        report.rejected++;
        if (report.errors.length < KEPT_ERRORS) report.errors.push(`${p.entityUrn} ${p.aspectName}: ${error.message}`);
      }
    }
  });
  return report;
}
