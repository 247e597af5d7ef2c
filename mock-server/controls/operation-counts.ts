/**
 * A session's per-operation counts: every GraphQL request counted by its operation name and document
 * hash, with the shapes of the variables it came with and how many answered errors. Kept apart from the
 * request journal, whose size and byte caps drop old entries: coverage read after a long test run must
 * see its first requests too. The counts are small (a few numbers per operation and shape) and bounded:
 * past MAX_OPERATIONS keys, or MAX_SHAPES shapes of one, further ones are counted as dropped, never kept.
 */

export const MAX_OPERATIONS = 5000;
export const MAX_SHAPES = 50;

export interface OperationCount {
  operation: string;
  documentHash: string;
  requests: number;
  /** Requests answered with GraphQL errors. */
  errors: number;
  /** The shapes of the variables sent (`shapeOfVariables`) and how many requests sent each. */
  variableShapes: Record<string, number>;
}

const MAX_SHAPE_DEPTH = 3;

/**
 * The shape of a variables object: each name with its JSON type, an object's own names inside braces, a
 * list's element type in brackets, names in order (`input:{count:number,query:string},urn:string`); `{}`
 * for none. Values never show: a shape says what a test sent, not which entity.
 */
export function shapeOfVariables(value: unknown, depth = 0): string {
  if (Array.isArray(value)) return `[${value.length ? shapeOfVariables(value[0], depth + 1) : ''}]`;
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (depth >= MAX_SHAPE_DEPTH) return '{…}';
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const inner = entries.map(([name, v]) => `${name}:${shapeOfVariables(v, depth + 1)}`).join(',');
  return depth === 0 ? inner || '{}' : `{${inner}}`;
}

export class OperationCounts {
  private readonly counts = new Map<string, OperationCount>();
  /** Requests not counted because a bound was reached. */
  dropped = 0;

  add(operation: string, documentHash: string, variables: unknown, errors: boolean): void {
    const key = `${operation}\u0000${documentHash}`;
    let count = this.counts.get(key);
    if (!count) {
      if (this.counts.size >= MAX_OPERATIONS) {
        this.dropped += 1;
        return;
      }
      count = { operation, documentHash, requests: 0, errors: 0, variableShapes: {} };
      this.counts.set(key, count);
    }
    count.requests += 1;
    if (errors) count.errors += 1;
    const shape = shapeOfVariables(variables ?? {});
    if (shape in count.variableShapes) count.variableShapes[shape]! += 1;
    else if (Object.keys(count.variableShapes).length < MAX_SHAPES) count.variableShapes[shape] = 1;
    else this.dropped += 1;
  }

  list(): OperationCount[] {
    return [...this.counts.values()];
  }

  clear(): void {
    this.counts.clear();
    this.dropped = 0;
  }
}
