/**
 * restoreIndices: rebuilds the derived indices (relationships, search documents) from the primary
 * table for the selected rows, and answers upstream's text report: a Java Map.toString of the
 * arguments and the result (RestoreIndicesArgs / RestoreIndicesResult toStrings).
 */
import { atField } from '../errors.js';
import type { CatalogStore } from '../store/catalog-store.js';
import { entityOfUrn } from '../store/entity-urn.js';
import { operationBody } from './action-body.js';

export interface RestoreIndicesRequest {
  urn?: string;
  aspect?: string;
  urnLike?: string;
  start?: number;
  batchSize?: number;
}

const DEFAULT_START = 0;
const DEFAULT_BATCH_SIZE = 10;

/** Java's rendering of a nullable argument in a Lombok toString (the result's last URN and aspect default to ''). */
const java = (value: string | number | undefined): string => (value === undefined ? 'null' : String(value));

export function restoreIndices(store: CatalogStore, body: unknown): string {
  const request = operationBody<RestoreIndicesRequest>(store.contract, 'restoreIndices', body);
  // A URN the store could not hold selects nothing: say so rather than report zero rows restored.
  if (request.urn !== undefined) atField('body.urn', () => entityOfUrn(store.contract, request.urn as string));
  const start = request.start ?? DEFAULT_START;
  const batchSize = request.batchSize ?? DEFAULT_BATCH_SIZE;
  const selection: Parameters<CatalogStore['rebuildDerived']>[0] = { start, batchSize };
  if (request.urn !== undefined) selection.urn = request.urn;
  if (request.aspect !== undefined) selection.aspect = request.aspect;
  if (request.urnLike !== undefined) selection.urnLike = request.urnLike;

  const began = performance.now();
  const result = store.rebuildDerived(selection);
  // The mock rebuilds the indices directly where upstream emits change-log events that do it,
  // so the whole time is reported as the time spent sending them.
  const sendMessageMs = Math.round(performance.now() - began);

  const args =
    `RestoreIndicesArgs(start=${start}, batchSize=${batchSize}, limit=0, numThreads=1, batchDelayMs=1, ` +
    `aspectName=${java(request.aspect)}, urn=${java(request.urn)}, urnLike=${java(request.urnLike)})`;
  const report =
    `RestoreIndicesResult(ignored=${result.ignored}, rowsMigrated=${result.rowsMigrated}, timeSqlQueryMs=0, timeGetRowMs=0, ` +
    `timeUrnMs=0, timeEntityRegistryCheckMs=0, aspectCheckMs=0, createRecordMs=0, sendMessageMs=${sendMessageMs}, ` +
    `defaultAspectsCreated=0, lastUrn=${result.lastUrn ?? ''}, lastAspect=${result.lastAspect ?? ''})`;
  return `{args=${args}, result=${report}}`;
}
