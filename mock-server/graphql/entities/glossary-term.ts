/**
 * A glossary term (upstream's GlossaryTermMapper): `hierarchicalName` is the URN's id and `name` its
 * last dot-separated part (GlossaryTermUtils.getGlossaryTermName); `properties.name` is the stored
 * name, falling back to that same name; `createdOn` the creation of its key aspect; `parentNodes` the
 * nodes above it (glossary-node.ts); `settings` from assetSettings (AssetSettingsMapper); `schemaMetadata` the
 * schemaMetadata aspect a term may carry (AspectResolver).
 */
import { urnLastPart } from '../../../spec/index.js';
import { customPropertiesRecords } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { assetSettingsRecord, keyCreatedRecord, schemaMetadataAt } from './catalog-fields.js';
import { parentNodesRecord } from './glossary-node.js';
import { pageFields } from './page-fields.js';

export function glossaryTermName(hierarchicalName: string): string {
  return hierarchicalName.split('.').at(-1) ?? hierarchicalName;
}

export function glossaryTermRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const hierarchicalName = urnLastPart(urn);
  const name = glossaryTermName(hierarchicalName);
  return view.shapes.recordWithShared('GlossaryTerm', pageFields(view, urn, stored), {
    urn,
    type: 'GLOSSARY_TERM',
    name,
    hierarchicalName,
    parentNodes: () => parentNodesRecord(view, urn, 'glossaryTermInfo'),
    settings: () => assetSettingsRecord(view, stored.aspect('assetSettings')),
    schemaMetadata: ({ version }: { version?: number | null }) => schemaMetadataAt(view, urn, stored, version),
    properties: () => {
      const info = stored.aspect('glossaryTermInfo');
      return info
        ? view.shapes.record('GlossaryTermProperties', {
            name: stringOr(info.name) ?? name,
            description: stringOr(info.definition),
            definition: stringOr(info.definition) ?? '',
            termSource: stringOr(info.termSource) ?? '',
            sourceRef: stringOr(info.sourceRef),
            sourceUrl: stringOr(info.sourceUrl),
            customProperties: customPropertiesRecords(view, info.customProperties, urn),
            rawSchema: stringOr(info.rawSchema),
            createdOn: () => keyCreatedRecord(view, stored, 'glossaryTermKey'),
          })
        : null;
    },
  });
}
