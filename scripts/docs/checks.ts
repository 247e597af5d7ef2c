/** The conformance suite's checks (id and clause) and the clauses it declares not observable, for the clause index. */
import { allChecks } from '../../conformance/runner.js';

export { notObservableClauses, type NotObservableClause } from '../../conformance/not-observable.js';

/** A check as the clause index lists it. */
export interface ClauseCheck {
  id: string;
  clause: string;
}

export async function conformanceChecks(): Promise<ClauseCheck[]> {
  return allChecks().map(({ id, clause }) => ({ id, clause }));
}
