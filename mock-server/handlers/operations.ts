/**
 * The operations resource (index maintenance) and the test resource (metadata test evaluation):
 * thin adapters from HTTP to the operations and metadata-tests modules, which do the work.
 */
import { evaluate } from '../metadata-tests/evaluate.js';
import {
  getEsTaskStatus,
  getIndexSizes,
  indexSizes,
  restoreIndices,
  truncateTimeseriesAspect,
  type OperationsContext,
} from '../operations/index.js';
import type { Caller } from '../auth/bearer-auth.js';
import type { MockContext } from '../controls/mock-context.js';
import { writeContext, type Handler } from './context.js';

function operationsContext(caller: Caller, { tasks, profile }: MockContext): OperationsContext {
  return { ...writeContext(caller), tasks, profile };
}

// Upstream answers TimeseriesIndicesSizesResult, an object, whose deprecated sizeMb stays 0.0
// (ElasticSearchTimeseriesAspectService.getIndexSizes fills sizeInMb only); the document a string holding JSON.
export const getIndexSizesHandler: Handler = (_request, { store, profile }) => ({
  json: {
    value:
      profile === 'upstream'
        ? { indexSizes: indexSizes(store).map((size) => ({ ...size, sizeMb: 0 })) }
        : getIndexSizes(store),
  },
});

export const truncateTimeseriesAspectHandler: Handler = ({ body, caller }, ctx) => ({
  json: { value: truncateTimeseriesAspect(ctx.store, body, operationsContext(caller, ctx)) },
});

export const getEsTaskStatusHandler: Handler = ({ body, caller }, ctx) => ({
  json: { value: getEsTaskStatus(body, operationsContext(caller, ctx)) },
});

export const restoreIndicesHandler: Handler = ({ body }, { store, profile }) => ({
  json: { value: restoreIndices(store, body, profile) },
});

export const evaluateTests: Handler = ({ body, caller }, { store }) => ({
  json: { value: evaluate(store, body, writeContext(caller)) },
});
