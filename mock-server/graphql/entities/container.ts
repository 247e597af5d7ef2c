/**
 * A container (upstream's ContainerMapper). Its platform is its dataPlatformInstance's; without one the
 * non-null field is an error, not an invention. `entities(input)` searches the entities whose
 * container aspect names it (upstream's ContainerEntitiesResolver filters on the `container` field).
 */
import { customPropertiesRecords } from '../aspect-records.js';
import { stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { containerEntities, type ContainerEntitiesInput } from '../discovery/container-entities.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function containerRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
  return view.shapes.recordWithShared('Container', pageFields(view, urn, stored), {
    urn,
    type: 'CONTAINER',
    platform: () => (platform ? view.dataPlatform(platform) : null),
    properties: () => {
      const properties = stored.aspect('containerProperties');
      return properties
        ? view.shapes.record('ContainerProperties', {
            name: stringOr(properties.name) ?? '',
            description: stringOr(properties.description),
            customProperties: customPropertiesRecords(view, properties.customProperties, urn),
            externalUrl: stringOr(properties.externalUrl),
            qualifiedName: stringOr(properties.qualifiedName),
          })
        : null;
    },
    editableProperties: () => {
      const editable = stored.aspect('editableContainerProperties');
      return editable
        ? view.shapes.record('ContainerEditableProperties', { description: stringOr(editable.description) })
        : null;
    },
    entities: ({ input }: { input?: ContainerEntitiesInput | null }) => containerEntities(view, urn, input ?? {}),
  });
}
