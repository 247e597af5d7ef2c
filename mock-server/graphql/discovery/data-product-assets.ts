/**
 * `listDataProductAssets(urn, input)` (upstream's ListDataProductAssetsResolver, v1.3.0.1, the root field of the one
 * `DataProduct.entities` resolves): the search over a data product's assets (asset-search.ts). A URN of another
 * entity type is a BAD_REQUEST naming `urn`.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { dataProductAssets } from '../entities/products-and-applications.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError } from '../errors.js';
import type { OutputRecord } from '../records.js';
import { searchAssets, type AssetSearchInput } from './asset-search.js';

export function listDataProductAssets(view: EntityView, urn: string, input: AssetSearchInput): OutputRecord {
  if (tryParseUrn(urn)?.entityType !== 'dataProduct') throw badRequestError(`urn: '${urn}' is not a data product URN`);
  return searchAssets(view, dataProductAssets(view, urn), input);
}
