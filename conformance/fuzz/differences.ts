/**
 * The one place the fuzz phase consults spec/upstream-differences.yaml: a case whose response breaks
 * the rule is a known upstream difference when a difference lists its check id (`fuzz.<kind>`) and
 * the run checks a real deployment's names (--namespace li), as for the suite's other checks.
 */
import type { Contract, UpstreamDifference } from '../../spec/index.js';
import type { FuzzCase } from './fuzz-case.js';

export interface FuzzResponse {
  status: number;
  text: string;
}

export function knownDifference(
  contract: Contract,
  fuzzCase: FuzzCase,
  _response: FuzzResponse,
): UpstreamDifference | undefined {
  if (contract.names.namespace === 'svc') return undefined;
  const id = `fuzz.${fuzzCase.kind}`;
  return contract.differences.find((d) => d.checks.includes(id));
}
