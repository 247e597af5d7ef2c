/** A table or column name as an SQL identifier, for statements built from names read off the schema. */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
