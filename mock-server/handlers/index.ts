/**
 * The metadata-store handlers by the operationId of the contract operation they serve. The API
 * reference (getApiReference) is served by the docs router in ../transport/listener-assembly.ts, ahead of these.
 */
import { getAspect, getTimeseriesAspectValues, ingestProposal, ingestProposalBatch } from './aspects.js';
import type { Handler } from './context.js';
import { autocompleteEntities, browseEntities, getEntity, ingestEntity, searchEntities } from './entities.js';
import { batchGetEntitiesV2, getEntityV2 } from './entities-v2.js';
import { deleteEntity } from './entity-delete.js';
import {
  evaluateTests,
  getEsTaskStatusHandler,
  getIndexSizesHandler,
  restoreIndicesHandler,
  truncateTimeseriesAspectHandler,
} from './operations.js';
import { getRelationships } from './relationships.js';
import { getHealth, getServerConfig } from './server.js';
import { batchIngestUsageStats, queryUsageStatsRange } from './usage-stats.js';

export const HANDLERS: Readonly<Record<string, Handler>> = {
  ingestProposal,
  ingestProposalBatch,
  getAspect,
  getTimeseriesAspectValues,
  ingestEntity,
  getEntity,
  searchEntities,
  browseEntities,
  autocompleteEntities,
  getEntityV2,
  getRelationships,
  getIndexSizes: getIndexSizesHandler,
  truncateTimeseriesAspect: truncateTimeseriesAspectHandler,
  getEsTaskStatus: getEsTaskStatusHandler,
  restoreIndices: restoreIndicesHandler,
  evaluateTests,
  getServerConfig,
  getHealth,
  batchGetEntitiesV2,
  deleteEntity,
  batchIngestUsageStats,
  queryUsageStatsRange,
};
