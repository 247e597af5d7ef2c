/**
 * Which change event generators each entity type has, by category and aspect, as upstream's
 * TimelineServiceImpl registers them (metadata-io/.../timeline/TimelineServiceImpl.java, v1.3.0.1):
 * datasets in every category, a glossary term its owners and its definition.
 */
import {
  definitionEvents,
  descriptionEvents,
  glossaryTermsEvents,
  globalTagsEvents,
  ownershipEvents,
  schemaMetadataEvents,
  type ChangeCategory,
  type ChangeEventGenerator,
} from './change-events.js';
import { editableSchemaMetadataEvents } from './editable-schema-events.js';
import { institutionalMemoryEvents } from './institutional-memory-events.js';

export const TIMELINE_GENERATORS: Readonly<
  Record<string, Partial<Record<ChangeCategory, Record<string, ChangeEventGenerator>>>>
> = {
  dataset: {
    TAG: {
      schemaMetadata: schemaMetadataEvents,
      editableSchemaMetadata: editableSchemaMetadataEvents,
      globalTags: globalTagsEvents,
    },
    OWNER: { ownership: ownershipEvents },
    DOCUMENTATION: {
      institutionalMemory: institutionalMemoryEvents,
      editableDatasetProperties: descriptionEvents,
      datasetProperties: descriptionEvents,
      editableSchemaMetadata: editableSchemaMetadataEvents,
      schemaMetadata: schemaMetadataEvents,
    },
    GLOSSARY_TERM: { glossaryTerms: glossaryTermsEvents, editableSchemaMetadata: editableSchemaMetadataEvents },
    TECHNICAL_SCHEMA: { schemaMetadata: schemaMetadataEvents },
  },
  glossaryTerm: {
    OWNER: { ownership: ownershipEvents },
    DOCUMENTATION: { glossaryTermInfo: definitionEvents },
  },
};
