/**
 * URN syntax: `urn:<ns>:<entityType>:<key>`, where the key is one value or a tuple `(a,b,c)` whose
 * parts may themselves be URNs with parentheses and commas.
 */
export interface ParsedUrn {
  urn: string;
  /** The namespace segment, `svc` or `li`. */
  namespace: string;
  entityType: string;
  /** Key parts in order: one part for a plain key, several for a tuple key. */
  parts: string[];
}

export class UrnSyntaxError extends Error {}

/** The key parts of a tuple body, or an error message; no exceptions, as tryParseUrn sits on hot paths. */
function splitTuple(body: string, urn: string): string[] | string {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth < 0) return `unbalanced parentheses in urn '${urn}'`;
    } else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return `unbalanced parentheses in urn '${urn}'`;
  parts.push(body.slice(start));
  return parts;
}

const URN_SHAPE = /^urn:([A-Za-z0-9_-]+):([A-Za-z][A-Za-z0-9_]*):(.+)$/s;

/** The parsed URN, or a message saying why the text is not one. */
function parse(urn: string): ParsedUrn | string {
  const match = URN_SHAPE.exec(urn);
  if (!match) return `'${urn}' is not a URN of the form urn:<namespace>:<entityType>:<key>`;
  const [, namespace, entityType, key] = match as unknown as [string, string, string, string];
  const parts = key.startsWith('(') && key.endsWith(')') ? splitTuple(key.slice(1, -1), urn) : [key];
  if (typeof parts === 'string') return parts;
  if (parts.some((p) => p.length === 0)) return `urn '${urn}' has an empty key part`;
  return { urn, namespace, entityType, parts };
}

export function parseUrn(urn: string): ParsedUrn {
  const parsed = parse(urn);
  if (typeof parsed === 'string') throw new UrnSyntaxError(parsed);
  return parsed;
}

export function tryParseUrn(urn: string): ParsedUrn | undefined {
  const parsed = parse(urn);
  return typeof parsed === 'string' ? undefined : parsed;
}

export function makeUrn(urnPrefix: string, entityType: string, parts: readonly string[]): string {
  const key = parts.length === 1 ? parts[0] : `(${parts.join(',')})`;
  return `${urnPrefix}${entityType}:${key}`;
}

/** The last key part, e.g. `hive` for `urn:svc:dataPlatform:hive` (used for short names and browse paths). */
export function urnLastPart(urn: string): string {
  const parsed = tryParseUrn(urn);
  return parsed ? (parsed.parts[parsed.parts.length - 1] ?? urn) : urn;
}
