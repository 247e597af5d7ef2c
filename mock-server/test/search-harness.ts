/**
 * The harness of the tests that drive the search index below HTTP: the svc contract, the actor and
 * clock of every write, URN builders, and an in-memory store whose writes the index follows.
 */
import { loadContract, makeUrn } from '../../spec/index.js';
import { createSearchIndex, type SearchIndex } from '../search/index.js';
import { CatalogStore } from '../store/catalog-store.js';
import type { WriteContext } from '../store/types.js';

export const contract = loadContract('svc');
const { urnPrefix } = contract.names;

export const ctx: WriteContext = { actor: `${urnPrefix}corpuser:datahub`, now: 1_700_000_000_000 };

export const platformUrn = (name: string): string => makeUrn(urnPrefix, 'dataPlatform', [name]);
export const datasetUrn = (platform: string, name: string): string =>
  makeUrn(urnPrefix, 'dataset', [platformUrn(platform), name, 'PROD']);

/** A new store and its search index, holding `datasets`, each with datasetProperties of `description`. */
export function indexedDatasets(
  datasets: readonly string[],
  description: string,
): { store: CatalogStore; index: SearchIndex } {
  const index = createSearchIndex(contract);
  const store = new CatalogStore({ contract, derived: [index] });
  for (const urn of datasets) store.upsertAspect('dataset', urn, 'datasetProperties', { description }, ctx);
  return { store, index };
}

/** Writes hive datasets `${prefix}_0` … `${prefix}_${count - 1}`, each named so in its datasetProperties. */
export function writeNumberedDatasets(store: CatalogStore, prefix: string, count: number): void {
  for (let i = 0; i < count; i++)
    store.upsertAspect(
      'dataset',
      datasetUrn('hive', `${prefix}_${i}`),
      'datasetProperties',
      { name: `${prefix}_${i}` },
      ctx,
    );
}
