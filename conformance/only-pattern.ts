/**
 * --only PATTERN: a check runs when its id or its clause contains the pattern (case-insensitive),
 * where `*` stands for any text, so `operations.truncate.*` and `4.2` both select checks.
 */
export function matchesOnly(pattern: string | undefined, ...texts: string[]): boolean {
  if (!pattern) return true;
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const re = new RegExp(escaped, 'i');
  return texts.some((t) => re.test(t));
}
