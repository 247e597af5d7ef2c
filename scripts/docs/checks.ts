/** The conformance suite's checks (id and clause) and the clauses it declares not observable, for the clause index. */
import { allChecks } from '../../conformance/runner.js';
import type { ClauseCheck } from './clauses-page.js';

export { notObservableClauses, type NotObservableClause } from '../../conformance/not-observable.js';

export async function conformanceChecks(): Promise<ClauseCheck[]> {
  return allChecks().map(({ id, clause }) => ({ id, clause }));
}
