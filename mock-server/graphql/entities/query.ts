/**
 * A saved query (upstream's QueryMapper and QueryPropertiesMapper at v1.3.0.1): its statement, source, name,
 * description, stamps, origin and custom properties from queryProperties, its subjects from querySubjects (a
 * dataset, or a schema field with its dataset), its platform from dataPlatformInstance. A query with neither
 * aspect stored has no record, as upstream's loader finds no entity.
 */
import { auditStampRecord, customPropertiesRecords, resolvedAuditStampRecord } from '../aspect-records.js';
import { objectOf, objectsOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { tryParseUrn } from '../../../spec/index.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

function subjectRecord(view: EntityView, subject: string): OutputRecord | null {
  const parsed = tryParseUrn(subject);
  if (parsed?.entityType === 'dataset')
    return view.shapes.record('QuerySubject', { dataset: () => view.entity(subject), schemaField: null });
  if (parsed?.entityType === 'schemaField' && parsed.parts[0] !== undefined) {
    const dataset = parsed.parts[0];
    return view.shapes.record('QuerySubject', {
      dataset: () => view.entity(dataset),
      schemaField: () => view.entity(subject),
    });
  }
  return null;
}

export function queryRecord(view: EntityView, urn: string): OutputRecord | null {
  const stored = view.aspectsOf(urn);
  const properties = stored.aspect('queryProperties');
  const subjects = stored.aspect('querySubjects');
  if (!properties && !subjects) return null;
  const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
  return view.shapes.record('QueryEntity', {
    urn,
    type: 'QUERY',
    relationships: relationshipsOf(view, urn),
    platform: () => (platform ? view.entity(platform) : null),
    subjects: subjects
      ? objectsOf(subjects.subjects).flatMap((subject) => subjectRecord(view, stringOr(subject.entity) ?? '') ?? [])
      : null,
    properties: () => {
      if (!properties) return null;
      const statement = objectOf(properties.statement);
      const origin = stringOr(properties.origin);
      return view.shapes.record('QueryProperties', {
        statement: view.shapes.record('QueryStatement', {
          value: stringOr(statement?.value),
          language: stringOr(statement?.language),
        }),
        source: stringOr(properties.source),
        name: stringOr(properties.name),
        description: stringOr(properties.description),
        created: auditStampRecord(view, properties.created),
        createdOn: resolvedAuditStampRecord(view, properties.created),
        lastModified: auditStampRecord(view, properties.lastModified),
        origin: () => (origin ? view.entity(origin) : null),
        customProperties: customPropertiesRecords(view, properties.customProperties, urn),
      });
    },
  });
}
