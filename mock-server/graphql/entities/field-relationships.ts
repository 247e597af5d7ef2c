/**
 * A relationship between the fields of two datasets as upstream's ERModelRelationMapper maps it
 * (datahub-graphql-core/.../types/ermodelrelationship/mappers/ERModelRelationMapper.java, v1.3.0.1):
 * its id from the URN, properties from erModelRelationshipProperties (createdTime only when after 0),
 * editable name and description, and the shared page fields.
 */
import { urnLastPart } from '../../../spec/index.js';
import { numberOr, objectOf, objectsOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import type { EntityView } from './entity-view.js';
import { pageFields } from './page-fields.js';

export function erModelRelationshipRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.recordWithShared('ERModelRelationship', pageFields(view, urn, stored), {
    urn,
    type: 'ER_MODEL_RELATIONSHIP',
    id: urnLastPart(urn),
    properties: () => {
      const aspect = stored.aspect('erModelRelationshipProperties');
      const source = stringOr(aspect?.source);
      const destination = stringOr(aspect?.destination);
      const cardinality = stringOr(aspect?.cardinality);
      const name = stringOr(aspect?.name);
      if (!aspect || !source || !destination || !cardinality || name === null) return null;
      const created = objectOf(aspect.created);
      const createdTime = numberOr(created?.time);
      const actor = stringOr(created?.actor);
      return view.shapes.record('ERModelRelationshipProperties', {
        name,
        source: () => view.dataset(source),
        destination: () => view.dataset(destination),
        relationshipFieldMappings: objectsOf(aspect.relationshipFieldMappings).flatMap((mapping) => {
          const sourceField = stringOr(mapping.sourceField);
          const destinationField = stringOr(mapping.destinationField);
          return sourceField === null || destinationField === null
            ? []
            : [view.shapes.record('RelationshipFieldMapping', { sourceField, destinationField })];
        }),
        cardinality,
        createdTime: createdTime !== null && createdTime > 0 ? createdTime : null,
        createdActor: () => (actor ? view.entity(actor) : null),
      });
    },
    editableProperties: () => {
      const editable = stored.aspect('editableERModelRelationshipProperties');
      return editable
        ? view.shapes.record('ERModelRelationshipEditableProperties', {
            description: stringOr(editable.description),
            name: stringOr(editable.name),
          })
        : null;
    },
  });
}
