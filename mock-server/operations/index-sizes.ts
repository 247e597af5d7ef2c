/**
 * getIndexSizes: one entry per time series index holding data, sized by the bytes its rows take in
 * the store. Like upstream, entity and aspect names are read back out of the lower-case index name.
 */
import type { CatalogStore } from '../store/catalog-store.js';
import { timeseriesIndexName } from './timeseries-index.js';

export interface IndexSize {
  aspectName: string;
  /** The document's field; upstream deprecated it in favour of sizeInMb. Both carry bytes / 1,000,000. */
  sizeMb: number;
  indexName: string;
  entityName: string;
  sizeInMb: number;
}

const BYTES_PER_MB = 1_000_000;
const INDEX_SUFFIX = 'aspect_v1';

export function indexSizes(store: CatalogStore): IndexSize[] {
  const rows = store.db
    .prepare('SELECT entity, aspect, SUM(byte_size) AS bytes FROM timeseries GROUP BY entity, aspect')
    .all() as { entity: string; aspect: string; bytes: number }[];
  return rows
    .map(({ entity, aspect, bytes }) => {
      const indexName = timeseriesIndexName(entity, aspect);
      const [entityName = '', ...rest] = indexName.slice(0, -INDEX_SUFFIX.length).split('_');
      const sizeInMb = bytes / BYTES_PER_MB;
      return { aspectName: rest.join('_'), sizeMb: sizeInMb, indexName, entityName, sizeInMb };
    })
    .sort((a, b) => a.indexName.localeCompare(b.indexName));
}

/** The action's `value`: a string holding JSON `{"indexSizes": [...]}` (the document's form). */
export function getIndexSizes(store: CatalogStore): string {
  return JSON.stringify({ indexSizes: indexSizes(store) });
}
