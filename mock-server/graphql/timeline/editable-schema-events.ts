/**
 * The change events of a dataset's editableSchemaMetadata, the edits made to its columns in the app, as
 * upstream's EditableSchemaMetadataChangeEventGenerator computes them
 * (metadata-io/.../timeline/eventgenerator/EditableSchemaMetadataChangeEventGenerator.java, v1.3.0.1): the
 * edited fields of both versions walked in field path order, and for each field its description
 * (DOCUMENTATION), tags (TAG) and terms (GLOSSARY_TERM) compared. Each event is about the field's URN:
 * a tag or term event is the entity's one for that URN with the field path and that URN as parent.
 * Upstream names a removed description's field through a Java Optional, and the mock words it the same.
 */
import { objectsOf, stringOr, type JsonObject } from '../json-values.js';
import {
  byText,
  schemaFieldUrnOf,
  tagEvents,
  termEvents,
  type ChangeCategory,
  type ChangeEvent,
  type ChangeEventGenerator,
} from './change-events.js';

interface EditedField {
  fieldPath: string;
  description: string | null;
  globalTags: unknown;
  glossaryTerms: unknown;
}

const editedFieldsOf = (aspect: JsonObject | undefined): EditedField[] =>
  objectsOf(aspect?.editableSchemaFieldInfo)
    .map((f) => ({
      fieldPath: stringOr(f.fieldPath) ?? '',
      description: stringOr(f.description),
      globalTags: f.globalTags,
      glossaryTerms: f.glossaryTerms,
    }))
    .sort((a, b) => byText(a.fieldPath, b.fieldPath));

function descriptionEvent(fieldUrn: string, base: EditedField | null, target: EditedField | null): ChangeEvent[] {
  const [from, to] = [base?.description ?? null, target?.description ?? null];
  const event = (
    operation: ChangeEvent['operation'],
    semVerChange: ChangeEvent['semVerChange'],
    modifier: string,
    value: string,
    description: string,
  ): ChangeEvent[] => [
    { category: 'DOCUMENTATION', operation, semVerChange, modifier, parameters: { description: value }, description },
  ];
  if (from === null && to !== null)
    return event(
      'ADD',
      'MINOR',
      target!.fieldPath,
      to,
      `Documentation for the field '${target!.fieldPath}' of '${fieldUrn}' has been added: '${to}'`,
    );
  if (from !== null && to === null) {
    const named = target ? `Optional[${target.fieldPath}]` : 'Optional.empty';
    return event(
      'REMOVE',
      'MINOR',
      base!.fieldPath,
      from,
      `Documentation for the field '${named}' of '${fieldUrn}' has been removed: '${from}'`,
    );
  }
  if (from !== null && to !== null && from !== to)
    return event(
      'MODIFY',
      'PATCH',
      target!.fieldPath,
      to,
      `Documentation for the field '${target!.fieldPath}' of '${fieldUrn}' has been updated from '${from}' to '${to}'.`,
    );
  return [];
}

function fieldEvents(
  entityUrn: string,
  category: ChangeCategory,
  base: EditedField | null,
  target: EditedField | null,
): ChangeEvent[] {
  const fieldPath = (base ?? target)!.fieldPath;
  const fieldUrn = schemaFieldUrnOf(entityUrn, fieldPath);
  const path = (target ?? base)!.fieldPath;
  switch (category) {
    case 'DOCUMENTATION':
      return descriptionEvent(fieldUrn, base, target);
    case 'TAG':
      return tagEvents(fieldUrn, base?.globalTags, target?.globalTags).map((event) => ({
        ...event,
        parameters: { fieldPath: path, parentUrn: fieldUrn, tagUrn: event.modifier ?? '' },
      }));
    case 'GLOSSARY_TERM':
      return termEvents(fieldUrn, base?.glossaryTerms, target?.glossaryTerms).map((event) => ({
        ...event,
        parameters: { fieldPath: path, parentUrn: fieldUrn, termUrn: event.modifier ?? '' },
      }));
    default:
      return [];
  }
}

export const editableSchemaMetadataEvents: ChangeEventGenerator = (urn, category, before, after) => {
  const base = editedFieldsOf(before);
  const target = editedFieldsOf(after);
  const events: ChangeEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < base.length && j < target.length) {
    const order = byText(base[i]!.fieldPath, target[j]!.fieldPath);
    if (order === 0) events.push(...fieldEvents(urn, category, base[i++]!, target[j++]!));
    else if (order < 0) events.push(...fieldEvents(urn, category, base[i++]!, null));
    else events.push(...fieldEvents(urn, category, null, target[j++]!));
  }
  while (i < base.length) events.push(...fieldEvents(urn, category, base[i++]!, null));
  while (j < target.length) events.push(...fieldEvents(urn, category, null, target[j++]!));
  return events;
};
