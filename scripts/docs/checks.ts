/** The conformance suite's checks (id and clause), for the clause index. */
import { allChecks } from '../../conformance/runner.js';
import type { ClauseCheck } from './clauses-page.js';

export async function conformanceChecks(): Promise<ClauseCheck[]> {
  return allChecks().map(({ id, clause }) => ({ id, clause }));
}
