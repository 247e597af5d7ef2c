/** Reading stored aspect JSON, whose shape the aspect schema guarantees only in part. */
export type JsonObject = Record<string, unknown>;

export const objectOf = (value: unknown): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const objectsOf = (value: unknown): JsonObject[] =>
  listOf(value).filter((item): item is JsonObject => objectOf(item) !== undefined);

export const stringsOf = (value: unknown): string[] =>
  listOf(value).filter((item): item is string => typeof item === 'string');

export const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export const booleanOr = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
