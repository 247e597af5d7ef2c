/**
 * The clause index: every statement of the interface document a check can name, read from the
 * parsed document (spec/interface-document.ts). A clause is `<section number> <section title>: <label>`,
 * where the label is a table row (its first cell, or `METHOD path`, or `<limit> of <applies to>`,
 * prefixed by the action the table belongs to) or a bold item (`**search**`, `**action=getIndexSizes**`);
 * a section with neither is one clause, `<number> <title>`. A check covers a clause when its own
 * clause is that clause or starts with it followed by a space or a colon. Clauses no call can
 * observe are declared in not-observable.ts and reported apart.
 */
import { interfaceDocument, type DocumentSection, type DocumentTable } from '../spec/index.js';
import { notObservableClauses, type NotObservableClause } from './not-observable.js';

export interface ClauseCoverage {
  clause: string;
  checks: string[];
}

const BOLD_ITEM = /^\*\*(?:[^*]*\baction=([A-Za-z]+)[^*]*|([A-Za-z]+))\*\*/;

function label(text: string): string {
  return text
    .replace(/`/g, '')
    .replace(/\s*\([^)]*\)/g, '')
    .trim();
}

function rowLabel(table: DocumentTable, row: Record<string, string>): string {
  const [first = ''] = table.header;
  let text = row[first] ?? '';
  if (table.header.includes('Method') && table.header.includes('Path')) text = `${row.Method ?? ''} ${row.Path ?? ''}`;
  else if (table.header.includes('Applies to')) text = `${text} of ${row['Applies to'] ?? ''}`;
  return label(table.action ? `${table.action} ${text}` : text);
}

function sectionClauses(section: DocumentSection): string[] {
  const head = `${section.number} ${section.title}`;
  const labels = section.tables.flatMap((table) => table.rows.map((row) => rowLabel(table, row)));
  for (const line of section.text.split('\n')) {
    const bold = BOLD_ITEM.exec(line.trim());
    if (bold) labels.push(bold[1] ?? bold[2] ?? '');
  }
  if (!labels.length) return section.text ? [head] : [];
  return [...new Set(labels)].map((l) => `${head}: ${l}`);
}

let index: string[] | undefined;

/** Every clause of the interface document, in document order. */
export function documentClauses(): string[] {
  index ??= interfaceDocument().sections.flatMap(sectionClauses);
  return index;
}

export function covers(checkClause: string, clause: string): boolean {
  return checkClause === clause || checkClause.startsWith(`${clause} `) || checkClause.startsWith(`${clause}:`);
}

/** The section number a clause starts with (`4.2`). */
export function sectionOf(clause: string): string {
  return /^(\d+(?:\.\d+)*)/.exec(clause)?.[1] ?? '?';
}

export function sectionTitle(number: string): string {
  return interfaceDocument().section(number)?.title ?? '';
}

export interface Coverage {
  covered: ClauseCoverage[];
  notCovered: string[];
  notObservable: NotObservableClause[];
}

/** Which clauses the checks that ran cover, which no call can observe, and which no check covers. */
export function coverage(checks: readonly { id: string; clause: string }[]): Coverage {
  const notObservable = notObservableClauses();
  const declared = new Set(notObservable.map((n) => n.clause));
  const covered: ClauseCoverage[] = [];
  const notCovered: string[] = [];
  for (const clause of documentClauses()) {
    if (declared.has(clause)) continue;
    const ids = [...new Set(checks.filter((c) => covers(c.clause, clause)).map((c) => c.id))];
    if (ids.length) covered.push({ clause, checks: ids });
    else notCovered.push(clause);
  }
  return { covered, notCovered, notObservable };
}
