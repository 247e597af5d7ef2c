/**
 * clauses.html: every numbered section of the interface document with its table rows, and the
 * conformance checks that verify each. A check names its clause as `<number> <title>: <statement>`;
 * it is listed under the row its statement names, else under its section. A clause the suite
 * declares not observable over HTTP shows why, in its row or under its section.
 */
import type { DocumentSection, InterfaceDocument } from '../../spec/index.js';
import { notObservableClauses, type ClauseCheck, type NotObservableClause } from './checks.js';
import { escapeHtml, inlineMarkdown, sitePage } from './html.js';

function sectionNumberOf(clause: string): string {
  return /^(\d+(?:\.\d+)*)/.exec(clause)?.[1] ?? '';
}

function statementOf(clause: string): string {
  const colon = clause.indexOf(':');
  return colon < 0 ? '' : clause.slice(colon + 1).trim();
}

/** The words a row is known by: its first cell without backticks (an action, field, state or path). */
function rowKey(row: Record<string, string>): string {
  return (Object.values(row)[0] ?? '').replace(/`/g, '').trim();
}

function checkList(checks: ClauseCheck[]): string {
  return checks.length
    ? checks.map((c) => `<code>${escapeHtml(c.id)}</code>`).join('<br>')
    : '<span class="none">none</span>';
}

function notObservableNote(clause: NotObservableClause): string {
  return `<span class="none not-observable">not observable over HTTP: ${escapeHtml(clause.reason)}</span>`;
}

function sectionBlock(section: DocumentSection, checks: ClauseCheck[], notObservable: NotObservableClause[]): string {
  const unplaced = new Set(checks);
  const unexplained = new Set(notObservable);
  const tables = section.tables.map((table) => {
    const head = `<tr>${table.header.map((h) => `<th>${inlineMarkdown(h)}</th>`).join('')}<th>checks</th></tr>`;
    const rows = table.rows.map((row) => {
      const key = rowKey(row);
      const covering = key ? checks.filter((c) => statementOf(c.clause).includes(key)) : [];
      for (const c of covering) unplaced.delete(c);
      const declared = key ? notObservable.find((n) => statementOf(n.clause) === key) : undefined;
      if (declared) unexplained.delete(declared);
      const cell = declared && !covering.length ? notObservableNote(declared) : checkList(covering);
      return `<tr>${table.header.map((h) => `<td>${inlineMarkdown(row[h] ?? '')}</td>`).join('')}<td>${cell}</td></tr>`;
    });
    const caption = table.action ? `<caption>action=${escapeHtml(table.action)}</caption>` : '';
    return `<table>${caption}<thead>${head}</thead><tbody>${rows.join('')}</tbody></table>`;
  });
  const rest = [...unplaced]
    .map((c) => `<li><code>${escapeHtml(c.id)}</code>: ${escapeHtml(statementOf(c.clause) || c.clause)}</li>`)
    .join('');
  const notes = [...unexplained].map((n) => `<p>${notObservableNote(n)}</p>`).join('');
  return `<section id="section-${escapeHtml(section.number)}"><h2>${escapeHtml(section.number)}. ${escapeHtml(section.title)}</h2>
${tables.join('\n')}${notes}
<p>Checks of this section${section.tables.length ? ' not tied to a row above' : ''}:</p>${rest ? `<ul>${rest}</ul>` : '<p class="none">none</p>'}
</section>`;
}

export function renderClausesPage(
  document: InterfaceDocument,
  checks: ClauseCheck[],
  notObservable: NotObservableClause[] = notObservableClauses(),
): string {
  const bySection = new Map<string, ClauseCheck[]>();
  for (const check of checks) {
    const number = sectionNumberOf(check.clause);
    bySection.set(number, [...(bySection.get(number) ?? []), check]);
  }
  const covered = document.sections.filter((s) => (bySection.get(s.number) ?? []).length > 0).length;
  const summary = `<p>${checks.length} conformance checks cover ${covered} of the document's ${document.sections.length} sections.
Each check names the clause it verifies; <code>catalog-contract conformance</code> reports per clause which were exercised, passed, failed or skipped.
${notObservable.length} clauses are not observable over HTTP; each says why where it stands.</p>`;
  const toc = `<ul>${document.sections.map((s) => `<li><a href="#section-${escapeHtml(s.number)}">${escapeHtml(s.number)}. ${escapeHtml(s.title)}</a> (${(bySection.get(s.number) ?? []).length} checks)</li>`).join('')}</ul>`;
  const declaredIn = (s: DocumentSection): NotObservableClause[] =>
    notObservable.filter((n) => sectionNumberOf(n.clause) === s.number);
  const body = [
    summary,
    toc,
    ...document.sections.map((s) => sectionBlock(s, bySection.get(s.number) ?? [], declaredIn(s))),
  ].join('\n');
  return sitePage('clauses.html', 'Interface document clauses and the checks that cover them', body);
}
