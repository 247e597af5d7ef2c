/**
 * The clauses of the interface document that no HTTP call can observe, each with the document's own
 * words that say so. The coverage report lists them apart from the clauses no check covers, so that
 * "not covered" always means a gap in the suite, never a statement outside the interface.
 */
import { interfaceDocument } from '../spec/index.js';

export interface NotObservableClause {
  clause: string;
  /** Why no call can observe it, quoting the document. */
  reason: string;
}

interface Declaration {
  clause: string;
  why: string;
  /** The document's words, as written in the clause's section. */
  quote: string;
}

const DECLARED: readonly Declaration[] = [
  {
    clause: '5 Authentication: Token management',
    why: 'the facility that manages tokens is outside this interface',
    quote:
      'tokens are managed through an access token management facility; its operations are not part of this interface',
  },
  {
    clause: '6 Events',
    why: 'no endpoint of the interface exposes events',
    quote: 'Event kinds, topics, payloads and which operation emits which event: not shown.',
  },
];

/** The declarations whose quote is not in their clause's section (a test keeps this empty). */
export function misquoted(): string[] {
  const sections = interfaceDocument().sections;
  const sectionText = (clause: string): string =>
    sections.find((s) => clause === `${s.number} ${s.title}` || clause.startsWith(`${s.number} ${s.title}:`))?.text ??
    '';
  return DECLARED.filter((d) => !sectionText(d.clause).includes(d.quote)).map((d) => d.clause);
}

export function notObservableClauses(): NotObservableClause[] {
  return DECLARED.map((d) => ({ clause: d.clause, reason: `${d.why}; the document says: "${d.quote}"` }));
}
