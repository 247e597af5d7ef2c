/**
 * Saved queries (datahub-graphql-core/.../resolvers/query/CreateQueryResolver.java, UpdateQueryResolver.java,
 * DeleteQueryResolver.java; metadata-service/services/.../service/QueryService.java at v1.3.0.1):
 * - createQuery writes queryProperties (a MANUAL query: statement, name, description, created and last modified
 *   by the caller now) and querySubjects (each dataset) at `<prefix>query:<random UUID>`; the caller must be
 *   allowed to edit every subject;
 * - updateQuery changes the name, description and statement given and the last modified stamp, and replaces the
 *   subjects when given; the caller must be allowed to edit the old and new subjects. A query without subjects
 *   is NOT_FOUND ("Failed to find query with urn ..."), one without properties refused with upstream's words;
 * - deleteQuery deletes the query (upstream clears no references for it).
 * Each subject must be a dataset URN (BAD_REQUEST naming the field; upstream fails later with a server error).
 */
import { authorizeMutation, type GraphqlContext } from '../context.js';
import type { EntityView } from '../entities/entity-view.js';
import { badRequestError, CatalogGraphqlError } from '../errors.js';
import { objectsOf, stringOr } from '../json-values.js';
import type { OutputRecord } from '../records.js';
import { targetUrn } from '../target-urn.js';
import type { WriteContext } from '../../store/types.js';
import { deleteEntityAndReferences } from './delete-entity.js';
import { newEntityUrn } from './new-entity.js';

const ENTITY = 'query';

interface StatementInput {
  value: string;
  language: string;
}
interface PropertiesInput {
  name?: string | null;
  description?: string | null;
  statement?: StatementInput | null;
}

/** The subject datasets given, each checked to be a dataset URN. */
function subjectDatasets(ctx: GraphqlContext, subjects: readonly { datasetUrn: string }[], at: string): string[] {
  return subjects.map(({ datasetUrn }, i) => {
    if (targetUrn(ctx, datasetUrn).entity.name !== 'dataset')
      throw badRequestError(`${at}[${i}].datasetUrn: ${datasetUrn} is not a dataset URN`);
    return datasetUrn;
  });
}

/** The write permission on every subject (upstream's canCreateQuery / canUpdateQuery: edit queries of each dataset). */
function writeOnSubjects(ctx: GraphqlContext, urn: string, subjects: readonly string[]): WriteContext {
  let write = authorizeMutation(ctx, urn);
  for (const subject of subjects) write = authorizeMutation(ctx, subject);
  return write;
}

const subjectsAspect = (datasets: readonly string[]) => ({ subjects: datasets.map((entity) => ({ entity })) });

export function createQuery(
  ctx: GraphqlContext,
  view: EntityView,
  input: { properties: PropertiesInput & { statement: StatementInput }; subjects: readonly { datasetUrn: string }[] },
): OutputRecord | null {
  const urn = newEntityUrn(ctx, ENTITY, null);
  const datasets = subjectDatasets(ctx, input.subjects, 'input.subjects');
  const write = writeOnSubjects(ctx, urn, datasets);
  const stamp = { time: write.now, actor: write.actor };
  const properties: Record<string, unknown> = {
    source: 'MANUAL',
    statement: { value: input.properties.statement.value, language: input.properties.statement.language },
    created: stamp,
    lastModified: stamp,
  };
  if (input.properties.name != null) properties.name = input.properties.name;
  if (input.properties.description != null) properties.description = input.properties.description;
  ctx.store.transaction(() => {
    ctx.store.upsertAspect(ENTITY, urn, 'queryProperties', properties, { ...write, valueRoot: 'input.properties' });
    ctx.store.upsertAspect(ENTITY, urn, 'querySubjects', subjectsAspect(datasets), {
      ...write,
      valueRoot: 'input.subjects',
    });
  });
  return view.entity(urn);
}

export function updateQuery(
  ctx: GraphqlContext,
  view: EntityView,
  urn: string,
  input: { properties?: PropertiesInput | null; subjects?: readonly { datasetUrn: string }[] | null },
): OutputRecord | null {
  if (targetUrn(ctx, urn).entity.name !== ENTITY) throw badRequestError(`urn: ${urn} is not a query URN`);
  const stored = ctx.store.getAspect(urn, 'querySubjects', 0)?.value;
  if (!stored) throw new CatalogGraphqlError('NOT_FOUND', `Failed to find query with urn ${urn}`);
  const old = objectsOf(stored.subjects).flatMap((subject) => stringOr(subject.entity) ?? []);
  const datasets = input.subjects != null ? subjectDatasets(ctx, input.subjects, 'input.subjects') : undefined;
  const write = writeOnSubjects(ctx, urn, [...old, ...(datasets ?? [])]);
  ctx.store.transaction(() => {
    const current = ctx.store.getAspect(urn, 'queryProperties', 0)?.value;
    if (!current) throw badRequestError(`Failed to update Query. Query with urn ${urn} does not exist.`);
    const properties = structuredClone(current);
    const given = input.properties;
    if (given?.name != null) properties.name = given.name;
    if (given?.description != null) properties.description = given.description;
    if (given?.statement != null)
      properties.statement = { value: given.statement.value, language: given.statement.language };
    properties.lastModified = { time: write.now, actor: write.actor };
    ctx.store.upsertAspect(ENTITY, urn, 'queryProperties', properties, { ...write, valueRoot: 'input.properties' });
    if (datasets)
      ctx.store.upsertAspect(ENTITY, urn, 'querySubjects', subjectsAspect(datasets), {
        ...write,
        valueRoot: 'input.subjects',
      });
  });
  return view.entity(urn);
}

export function deleteQuery(ctx: GraphqlContext, urn: string): boolean {
  if (targetUrn(ctx, urn).entity.name !== ENTITY) throw badRequestError(`urn: ${urn} is not a query URN`);
  const stored = ctx.store.getAspect(urn, 'querySubjects', 0)?.value;
  const subjects = objectsOf(stored?.subjects).flatMap((subject) => stringOr(subject.entity) ?? []);
  const write = writeOnSubjects(ctx, urn, subjects);
  if (!ctx.store.entityExists(urn)) throw badRequestError(`urn: ${urn} is not an existing query.`);
  ctx.store.transaction(() => deleteEntityAndReferences(ctx, urn, write));
  return true;
}
