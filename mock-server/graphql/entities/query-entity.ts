/**
 * A Query entity as upstream's QueryMapper maps it (datahub-graphql-core/.../types/query/QueryMapper.java and
 * .../types/common/mappers/QueryPropertiesMapper.java, v1.3.0.1): its properties from queryProperties (the
 * statement, source, name, description, origin and the creation and change stamps, the creation one also with
 * its actor resolved), its subjects from querySubjects (a dataset, or a schema field with the dataset it
 * belongs to) and its platform from dataPlatformInstance.
 */
import { tryParseUrn } from '../../../spec/index.js';
import { auditStampRecord, resolvedAuditStampRecord } from '../aspect-records.js';
import { objectOf, objectsOf, stringOr, type JsonObject } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { relationshipsOf } from './edges.js';
import type { EntityView } from './entity-view.js';

/** The one statement language the GraphQL enum has; the record's default when the stored statement names none. */
const SQL = 'SQL';

/**
 * A stored QueryStatement record `{value, language}`. Upstream maps the language by name into an enum that
 * has SQL only, so a statement in another language (UNKNOWN) is a field error there and here.
 */
export function queryStatementRecord(view: EntityView, statement: unknown): OutputRecord {
  const value = objectOf(statement);
  const language = stringOr(value?.language) ?? SQL;
  return view.shapes.record('QueryStatement', {
    value: stringOr(value?.value),
    language: () => {
      if (language !== SQL) throw new Error(`query statement language ${language} has no GraphQL value`);
      return language;
    },
  });
}

function queryProperties(view: EntityView, aspect: JsonObject): OutputRecord {
  const created = objectOf(aspect.created);
  const origin = stringOr(aspect.origin);
  return view.shapes.record('QueryProperties', {
    statement: queryStatementRecord(view, aspect.statement),
    source: stringOr(aspect.source),
    name: stringOr(aspect.name),
    description: stringOr(aspect.description),
    created: auditStampRecord(view, created),
    createdOn: resolvedAuditStampRecord(view, created),
    lastModified: auditStampRecord(view, aspect.lastModified),
    origin: () => (origin ? view.entity(origin) : null),
  });
}

/** A subject: a dataset, or a schema field and the dataset its URN names. */
function querySubject(view: EntityView, subject: JsonObject): OutputRecord {
  const urn = stringOr(subject.entity) ?? '';
  const parsed = tryParseUrn(urn);
  const field = parsed?.entityType === 'schemaField';
  const dataset = field ? parsed.parts[0] : parsed?.entityType === 'dataset' ? urn : undefined;
  return view.shapes.record('QuerySubject', {
    dataset: () => (dataset ? view.entity(dataset) : null),
    schemaField: () => (field ? view.schemaField(urn) : null),
  });
}

export function queryRecord(view: EntityView, urn: string): OutputRecord {
  const stored = view.aspectsOf(urn);
  return view.shapes.record('QueryEntity', {
    urn,
    type: 'QUERY',
    properties: () => {
      const aspect = stored.aspect('queryProperties');
      return aspect ? queryProperties(view, aspect) : null;
    },
    subjects: () => {
      const aspect = stored.aspect('querySubjects');
      return aspect ? objectsOf(aspect.subjects).map((subject) => querySubject(view, subject)) : null;
    },
    platform: () => {
      const platform = stringOr(stored.aspect('dataPlatformInstance')?.platform);
      return platform ? view.dataPlatform(platform) : null;
    },
    relationships: relationshipsOf(view, urn),
  });
}
