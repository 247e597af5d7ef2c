/**
 * One case of a fuzz run: a request that breaks the contract in one place. Its own file, so that the
 * REST cases (cases.ts), the GraphQL cases, the verdict and the known differences all name it
 * without importing one another.
 */
import type { Harm } from './targets.js';

export interface FuzzCase {
  index: number;
  /** `type.wrong`, `integer.huge`, `urn.malformed`...; the failure's check id is `fuzz.<kind>`. */
  kind: string;
  /** The field, parameter or part of the request the case breaks (`body.count`, `query.version`, `header Content-Encoding`). */
  field: string;
  clause: string;
  harm: Harm;
  graphql: boolean;
  method: string;
  /** Path and query, below the base URL (or the GraphQL URL's path for GraphQL). */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** An error body of the mock names the field when its message contains one of these (case-insensitive). */
  names: string[];
}
