/**
 * restoreIndices: rebuilds the derived indices (relationships, search documents) from the primary
 * table for the selected rows, and answers upstream's text report: a Java Map.toString of the
 * arguments and the result (RestoreIndicesArgs / RestoreIndicesResult toStrings).
 *
 * The document profile restores batchSize rows (default 10) and answers one result. The upstream
 * profile does what a current GMS does (EntityServiceImpl.restoreIndices; operations/Utils.java):
 * every matching row from start on, in batches of batchSize (default 500, RestoreIndicesArgs
 * DEFAULT_BATCH_SIZE), one result a line; its arguments print the newer fields (limit 0 is no limit,
 * batchDelayMs 1000, urnBasedPagination, lastUrn, lastAspect). The delay between batches is not
 * reproduced: it changes how long the call takes, not what it answers.
 */
import { atField } from '../errors.js';
import type { Profile } from '../profile.js';
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
const DEFAULT_BATCH_SIZE: Readonly<Record<Profile, number>> = { document: 10, upstream: 500 };
const UPSTREAM_BATCH_DELAY_MS = 1000;

/** Java's rendering of a nullable argument in a Lombok toString (the result's last URN and aspect default to ''). */
const java = (value: string | number | undefined): string => (value === undefined ? 'null' : String(value));

type Batch = ReturnType<CatalogStore['rebuildDerived']> & { sendMessageMs: number };

function resultText(batch: Batch): string {
  return (
    `RestoreIndicesResult(ignored=${batch.ignored}, rowsMigrated=${batch.rowsMigrated}, timeSqlQueryMs=0, timeGetRowMs=0, ` +
    `timeUrnMs=0, timeEntityRegistryCheckMs=0, aspectCheckMs=0, createRecordMs=0, sendMessageMs=${batch.sendMessageMs}, ` +
    `defaultAspectsCreated=0, lastUrn=${batch.lastUrn ?? ''}, lastAspect=${batch.lastAspect ?? ''})`
  );
}

export function restoreIndices(store: CatalogStore, body: unknown, profile: Profile = 'document'): string {
  const request = operationBody<RestoreIndicesRequest>(store.contract, 'restoreIndices', body);
  // A URN the store could not hold selects nothing: say so rather than report zero rows restored.
  if (request.urn !== undefined) atField('body.urn', () => entityOfUrn(store.contract, request.urn as string));
  const start = request.start ?? DEFAULT_START;
  const batchSize = request.batchSize ?? DEFAULT_BATCH_SIZE[profile];
  const restore = (from: number): Batch => {
    const selection: Parameters<CatalogStore['rebuildDerived']>[0] = { start: from, batchSize };
    if (request.urn !== undefined) selection.urn = request.urn;
    if (request.aspect !== undefined) selection.aspect = request.aspect;
    if (request.urnLike !== undefined) selection.urnLike = request.urnLike;
    const began = performance.now();
    const result = store.rebuildDerived(selection);
    // The mock rebuilds the indices directly where upstream emits change-log events that do it,
    // so the whole time is reported as the time spent sending them.
    return { ...result, sendMessageMs: Math.round(performance.now() - began) };
  };

  if (profile === 'document') {
    const args =
      `RestoreIndicesArgs(start=${start}, batchSize=${batchSize}, limit=0, numThreads=1, batchDelayMs=1, ` +
      `aspectName=${java(request.aspect)}, urn=${java(request.urn)}, urnLike=${java(request.urnLike)})`;
    return `{args=${args}, result=${resultText(restore(start))}}`;
  }
  const batches: Batch[] = [];
  // A batch smaller than batchSize was the last; a batch size below 1 would never move on.
  for (let from = start; ; from += batchSize) {
    const batch = restore(from);
    batches.push(batch);
    if (batchSize < 1 || batch.rowsMigrated + batch.ignored < batchSize) break;
  }
  // Upstream partitions the rows it streams, so it reports no empty batch after a full one.
  if (batches.length > 1 && batches.at(-1)?.lastUrn === undefined) batches.pop();
  const args =
    `RestoreIndicesArgs(start=${start}, batchSize=${batchSize}, limit=0, numThreads=1, batchDelayMs=${UPSTREAM_BATCH_DELAY_MS}, ` +
    `gePitEpochMs=0, lePitEpochMs=${Date.now()}, aspectName=${java(request.aspect)}, aspectNames=[], urn=${java(request.urn)}, ` +
    `urnLike=${java(request.urnLike)}, urnBasedPagination=false, lastUrn=, lastAspect=)`;
  return `{args=${args}, result=${batches.map(resultText).join('\n')}}`;
}
