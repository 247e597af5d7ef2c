/** The metadata-store handlers by the operationId of the contract operation they serve. */
import { renderApiReference } from '../api-reference.js';
import { getAspect, getTimeseriesAspectValues, ingestProposal } from './aspects.js';
import type { Handler } from './context.js';
import { autocompleteEntities, browseEntities, getEntity, ingestEntity, searchEntities } from './entities.js';
import { getEntityV2 } from './entities-v2.js';
import { evaluateTests, getEsTaskStatusHandler, getIndexSizesHandler, restoreIndicesHandler, truncateTimeseriesAspectHandler } from './operations.js';
import { getRelationships } from './relationships.js';

const getApiReference: Handler = (_request, { contract }) => ({ html: renderApiReference(contract) });

export const HANDLERS: Readonly<Record<string, Handler>> = {
  ingestProposal,
  getAspect,
  getTimeseriesAspectValues,
  ingestEntity,
  getEntity,
  searchEntities,
  browseEntities,
  autocompleteEntities,
  getEntityV2,
  getRelationships,
  getApiReference,
  getIndexSizes: getIndexSizesHandler,
  truncateTimeseriesAspect: truncateTimeseriesAspectHandler,
  getEsTaskStatus: getEsTaskStatusHandler,
  restoreIndices: restoreIndicesHandler,
  evaluateTests,
};
