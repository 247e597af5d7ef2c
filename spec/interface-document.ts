/**
 * The interface document (spec/interface-document.md) as data: its numbered sections and the
 * markdown tables in each. Tests and the conformance suite's clause index read their expectations
 * from these tables, so the document stays the one place where a documented value is written.
 */
import { readFileSync } from 'node:fs';
import { fromRoot } from './package-root.js';

export interface DocumentTable {
  header: string[];
  /** One record per row, keyed by the header cells; cell text is kept as written (with backticks). */
  rows: Record<string, string>[];
  /** The action of the `**action=...**` (or `**POST ...?action=...**`) heading the table follows. */
  action?: string;
}

export interface DocumentSection {
  /** `4.2`, or `4` for a top-level section. */
  number: string;
  title: string;
  /** The section's own markdown, without its heading and without its subsections. */
  text: string;
  tables: DocumentTable[];
}

export interface InterfaceDocument {
  sections: DocumentSection[];
  section(number: string): DocumentSection | undefined;
  /** The field table following the heading of an action, e.g. `truncateTimeseriesAspect`. */
  actionTable(action: string): DocumentTable | undefined;
}

const HEADING = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$/;
const ACTION_HEADING = /^\*\*[^*]*\baction=([A-Za-z]+)[^*]*\*\*/;
const TABLE_RULE = /^\|(\s*:?-+:?\s*\|)+\s*$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

function tablesOf(lines: string[]): DocumentTable[] {
  const tables: DocumentTable[] = [];
  let action: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heading = ACTION_HEADING.exec(line);
    if (heading) action = heading[1];
    if (!line.startsWith('|') || !TABLE_RULE.test(lines[i + 1] ?? '')) continue;
    const header = cells(line);
    const rows: Record<string, string>[] = [];
    let j = i + 2;
    for (; j < lines.length && (lines[j] ?? '').startsWith('|'); j++) {
      const row = cells(lines[j] ?? '');
      rows.push(Object.fromEntries(header.map((name, k) => [name, row[k] ?? ''])));
    }
    const table: DocumentTable = { header, rows };
    if (action) table.action = action;
    tables.push(table);
    // A table belongs to the action heading directly above it only.
    action = undefined;
    i = j - 1;
  }
  return tables;
}

export function parseInterfaceDocument(markdown: string): InterfaceDocument {
  const sections: DocumentSection[] = [];
  let current: { number: string; title: string; lines: string[] } | undefined;
  const close = (): void => {
    if (!current) return;
    sections.push({ number: current.number, title: current.title, text: current.lines.join('\n').trim(), tables: tablesOf(current.lines) });
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      current = { number: heading[1] ?? '', title: heading[2] ?? '', lines: [] };
    } else {
      current?.lines.push(line);
    }
  }
  close();
  const byNumber = new Map(sections.map((s) => [s.number, s]));
  const byAction = new Map(sections.flatMap((s) => s.tables.filter((t) => t.action).map((t) => [t.action ?? '', t] as const)));
  return {
    sections,
    section: (number) => byNumber.get(number),
    actionTable: (action) => byAction.get(action),
  };
}

let cached: InterfaceDocument | undefined;

/** The interface document of this package, parsed once per process. */
export function interfaceDocument(): InterfaceDocument {
  cached ??= parseInterfaceDocument(readFileSync(fromRoot('spec', 'interface-document.md'), 'utf8'));
  return cached;
}
