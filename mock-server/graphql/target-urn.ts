/** Checking the URN a query or mutation names, as a BAD_REQUEST naming it rather than a server error. */
import type { EntitySpec, ParsedUrn } from '../../spec/index.js';
import { RestliError } from '../errors.js';
import { entityOfUrn } from '../store/entity-urn.js';
import { badRequestError } from './errors.js';
import type { GraphqlContext } from './context.js';

/** The entity and parts of a URN of this namespace, optionally of one entity type. */
export function targetUrn(
  ctx: GraphqlContext,
  urn: string,
  entityType?: string,
): { entity: EntitySpec; parsed: ParsedUrn } {
  try {
    return entityOfUrn(ctx.contract, urn, entityType);
  } catch (error) {
    if (error instanceof RestliError) throw badRequestError(error.message);
    throw error;
  }
}
