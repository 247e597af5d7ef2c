/**
 * POST /entities?action=delete: the hard delete of `datahub delete --hard` and of the Python
 * emitter's DELETE of a key aspect (`{urn}`, optionally `aspectName`), answered as upstream's
 * `EntityResource.deleteEntity` answers (`DeleteEntityResponse`: urn, rows, timeseriesRows).
 */
import { badRequest } from '../errors.js';
import { writeContext, type Handler } from './context.js';
import { entityOf } from './entity-urn.js';

export const deleteEntity: Handler = ({ body, caller }, { contract, store }) => {
  const { urn, aspectName } = body as { urn: string; aspectName?: string };
  const entity = entityOf(contract, urn, 'body.urn');
  const aspect = aspectName ?? entity.keyAspect;
  if (!entity.aspects.includes(aspect))
    throw badRequest(`body.aspectName: Unknown aspect ${aspect} for entity ${entity.name}`);
  const { deleted, points } = store.deleteAspect(entity.name, urn, aspect, writeContext(caller));
  return { json: { value: { urn, rows: deleted - points, timeseriesRows: points } } };
};
