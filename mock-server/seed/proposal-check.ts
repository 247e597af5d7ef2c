/**
 * Reports, per seed proposal, whether the registry allows the aspect for the entity, whether the
 * contract has a schema for it and whether the value validates. Callers (start-up loading, tests,
 * tooling) decide what to do with the answer.
 */
import type { Contract } from '../../spec/index.js';
import { SchemaValidators } from '../../spec/validation.js';
import type { SeedProposal } from './seed-file.js';

export interface ProposalCheck {
  proposal: SeedProposal;
  /** The registry lists the aspect for the entity type. */
  allowed: boolean;
  /** The contract has an aspect schema; without one the aspect is stored opaque. */
  hasSchema: boolean;
  /** Validation messages; empty when the value validates or there is no schema. */
  errors: string[];
}

export interface ProposalCheckSummary {
  validated: number;
  opaque: number;
  rejected: number;
}

export function checkProposals(
  proposals: readonly SeedProposal[],
  contract: Contract,
  validators = new SchemaValidators(),
): ProposalCheck[] {
  return proposals.map((proposal) => {
    const entity = contract.entity(proposal.entityType);
    const allowed = !!entity?.aspects.includes(proposal.aspectName);
    const spec = contract.aspects.get(proposal.aspectName);
    // A DELETE has no value and a PATCH's value is known only once applied to what is stored.
    const whole = proposal.changeType !== 'DELETE' && proposal.changeType !== 'PATCH';
    const errors = spec && whole ? validators.validate(spec.schema, proposal.aspect, proposal.aspectName) : [];
    return { proposal, allowed, hasSchema: !!spec, errors };
  });
}

/** Counts as start-up loading reports them: rejected = not allowed or invalid. */
export function summariseChecks(checks: readonly ProposalCheck[]): ProposalCheckSummary {
  const summary: ProposalCheckSummary = { validated: 0, opaque: 0, rejected: 0 };
  for (const check of checks) {
    if (!check.allowed || check.errors.length > 0) summary.rejected++;
    else if (check.hasSchema) summary.validated++;
    else summary.opaque++;
  }
  return summary;
}
