/**
 * Data products and applications, which upstream maps alike (DataProductMapper and ApplicationMapper,
 * datahub-graphql-core/.../types/dataproduct/mappers/ and .../types/application/mappers/, v1.3.0.1): the
 * properties aspect's name (the URN's id without one), description, external link and custom properties,
 * and the page fields (ownership, tags, terms, domain, links, structured properties). A data product also
 * counts its assets (numAssets, 0 without a list), has a creation stamp (its key aspect's), its application,
 * settings (assetSettings),
 * and `entities(input)`: a search over its assets (ListDataProductAssetsResolver: no assets, no results).
 */
import { urnLastPart } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { searchAssets, type AssetSearchInput } from '../discovery/asset-search.js';
import { objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { assetSettingsRecord, keyCreatedRecord } from './catalog-fields.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

function properties(view: EntityView, urn: string, aspect: JsonObject): Record<string, unknown> {
  return {
    name: stringOr(aspect.name) ?? urnLastPart(urn),
    description: stringOr(aspect.description),
    externalUrl: stringOr(aspect.externalUrl),
    customProperties: customPropertiesRecords(view, aspect.customProperties, urn),
  };
}

/** The URNs of a data product's assets (dataProductProperties' assets, each its destinationUrn). */
function assetUrns(aspect: JsonObject | undefined): string[] {
  return objectsOf(aspect?.assets).flatMap((asset) => stringOr(asset.destinationUrn) ?? []);
}

/** The URNs of a data product's assets (its dataProductProperties' `assets`). */
export const dataProductAssets = (view: EntityView, urn: string): string[] =>
  assetUrns(view.aspectsOf(urn).aspect('dataProductProperties'));

export function dataProductRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const aspect = () => stored.aspect('dataProductProperties');
  return view.shapes.recordWithShared('DataProduct', pageFields(view, urn, stored), {
    urn,
    type: 'DATA_PRODUCT',
    properties: () => {
      const value = aspect();
      return value
        ? view.shapes.record('DataProductProperties', {
            ...properties(view, urn, value),
            numAssets: assetUrns(value).length,
            createdOn: () => keyCreatedRecord(view, stored, 'dataProductKey'),
          })
        : null;
    },
    entities: ({ input }: { input?: AssetSearchInput | null }) => searchAssets(view, assetUrns(aspect()), input ?? {}),
    settings: () => assetSettingsRecord(view, stored.aspect('assetSettings')),
  });
}

export function applicationRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('Application', pageFields(view, urn, stored), {
    urn,
    type: 'APPLICATION',
    properties: () => {
      const value = stored.aspect('applicationProperties');
      return value ? view.shapes.record('ApplicationProperties', properties(view, urn, value)) : null;
    },
  });
}
