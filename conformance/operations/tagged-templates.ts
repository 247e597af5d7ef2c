/**
 * The GraphQL of a code file (.ts, .tsx, .js): the template literals tagged `gql` or `graphql` (also as a
 * call, `gql(`...`)`) or marked with a `/* GraphQL *\/` comment, as graphql-tag-pluck finds them for
 * codegen. The file is read as a small lexer would: strings, comments and the code inside a template's
 * `${...}` are stepped over, so a tag's name inside a string or a comment is not taken for a tag. An
 * interpolation (`${FRAGMENT}`, how a fragment is usually brought in) is left out: a fragment is resolved
 * by its name across the documents, as codegen resolves it.
 */

export interface TaggedTemplate {
  /** The template's text, its interpolations removed. */
  text: string;
  /** 1-based line of the template's opening backtick. */
  line: number;
}

const TAGS = ['gql', 'graphql'];
const MAGIC_COMMENT = /\/\*\s*GraphQL\s*\*\/\s*$/;

/** Whether the code before a backtick ends with a tag: `gql`, `graphql`, `gql(` or the magic comment. */
function isTagged(before: string): boolean {
  if (MAGIC_COMMENT.test(before)) return true;
  const tail = /([A-Za-z_$][\w$]*)\s*(\(\s*)?$/.exec(before);
  if (!tail) return false;
  const name = tail[1]!;
  // `x.gql` is some object's property, not the tag.
  const dot = before
    .slice(0, before.length - tail[0].length)
    .trimEnd()
    .endsWith('.');
  return !dot && TAGS.includes(name);
}

/** Where a line comment, block comment or quoted string that starts at `i` ends (the index after it). */
function skipSimple(code: string, i: number): number {
  const c = code[i];
  if (c === '/' && code[i + 1] === '/') {
    const end = code.indexOf('\n', i);
    return end < 0 ? code.length : end;
  }
  if (c === '/' && code[i + 1] === '*') {
    const end = code.indexOf('*/', i + 2);
    return end < 0 ? code.length : end + 2;
  }
  // A quoted string: to its closing quote, escapes stepped over, or to the end of the line.
  let j = i + 1;
  while (j < code.length && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * Reads a template literal whose backtick is at `start`; returns its text (interpolations removed) and the
 * index after its closing backtick. Templates nested in its interpolations are read and found too.
 */
function readTemplate(code: string, start: number, found: TaggedTemplate[]): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\\') {
      // As the template's cooked value has them: an escaped backtick, dollar or backslash is the character.
      const next = code[i + 1] ?? '';
      text += '`$\\'.includes(next) ? next : code.slice(i, i + 2);
      i += 2;
    } else if (c === '`') return { text, end: i + 1 };
    else if (c === '$' && code[i + 1] === '{') i = scanCode(code, i + 2, found, '}');
    else {
      text += c;
      i += 1;
    }
  }
  return { text, end: code.length };
}

/** Scans code from `i` until `close` at depth 0 (or the end), collecting the tagged templates; returns the index after `close`. */
function scanCode(code: string, i: number, found: TaggedTemplate[], close?: string): number {
  let depth = 0;
  let codeStart = i;
  while (i < code.length) {
    const c = code[i]!;
    if ((c === '/' && (code[i + 1] === '/' || code[i + 1] === '*')) || c === '"' || c === "'") {
      // Skipped, yet kept in the text before the next backtick, where the magic comment is looked for.
      i = skipSimple(code, i);
      continue;
    }
    if (c === '`') {
      const tagged = isTagged(code.slice(Math.max(codeStart, i - 200), i));
      const line = code.slice(0, i).split('\n').length;
      const { text, end } = readTemplate(code, i, found);
      if (tagged) found.push({ text, line });
      i = end;
      codeStart = i;
      continue;
    }
    if (close && c === '{') depth += 1;
    if (close && c === '}') {
      if (depth === 0) return i + 1;
      depth -= 1;
    }
    i += 1;
  }
  return i;
}

/** The tagged GraphQL templates of a code file, in the order they appear. */
export function taggedTemplates(code: string): TaggedTemplate[] {
  const found: TaggedTemplate[] = [];
  scanCode(code, 0, found);
  return found;
}
