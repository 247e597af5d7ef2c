/**
 * The `browse` action (restli-facts §4.7, in the document's shape with the groups inside
 * `metadata`): the groups are the immediate child folders of `path`, each with the number of
 * entities anywhere below it, ordered as upstream's terms aggregation orders them (count
 * descending, then name); the entities are those with a browse path exactly `path/<leaf>`, named by
 * the leaf and sorted by urn. Groups and then entities are paged together by start/limit.
 * `totalNumEntities` counts the entities anywhere under `path`. Soft-deleted entities never show,
 * whatever the optional filter (upstream's filter) says.
 *
 * With `listedAt: 'path'` the folders are upstream's (v1.3.0.1 ESBrowseDAO: an entity is at the folder whose depth
 * equals its path's and that its path names, the groups are the next segments of every path deeper than the folder):
 * an entity is listed at each of its paths, named by its URN, and every child segment is a group.
 */
import { compileFilter } from './filters.js';
import type { EntityIndexFields } from '../index-fields.js';
import type { BrowseRequest, BrowseResultValue } from '../requests.js';
import type { SearchTables } from '../tables.js';

/** `/a/b/`, `a/b` and `/a//b` all name the folder `/a/b`; `/` and `` the root. */
function folder(path: string): string {
  const segments = path.split('/').filter((s) => s.length > 0);
  return segments.length === 0 ? '' : `/${segments.join('/')}`;
}

export function browse(tables: SearchTables, fields: EntityIndexFields, request: BrowseRequest): BrowseResultValue {
  const start = Math.max(0, request.start);
  const limit = Math.max(0, request.limit);
  const filter = compileFilter(fields, request.filter);
  const filtered =
    filter.params.length > 0 ? ` AND b.doc_id IN (SELECT d.doc_id FROM search_document d WHERE ${filter.sql})` : '';
  // The rows of one folder: one per (entity, child) for every browse path that passes through it.
  // Each query names its index: by child for the groups and the entities, by doc_id for the total
  // (read in order, not sorted). Left to itself the planner takes the doc_id order for the leaf
  // count too and reads every row of the folder for the few leaves.
  const inFolder = (index: string, join = ''): string =>
    `FROM search_browse b INDEXED BY ${index}${join} WHERE b.entity = ? AND b.removed = 0 AND b.parent = ?${filtered}`;
  const byChild = inFolder('search_browse_by_folder');
  const path = folder(request.path);
  const params = [fields.entity, path, ...filter.params];
  const countOf = (sql: string, values = params): number => (tables.statement(sql).get(...values) as { n: number }).n;
  const atPath = request.listedAt === 'path';
  // Upstream's entities at a folder are the leaf rows that end exactly there: its parent folder, its last segment.
  const cut = path.lastIndexOf('/');
  const leafParams = atPath ? [fields.entity, path.slice(0, Math.max(cut, 0)), ...filter.params] : params;
  const leafChild = atPath ? ' AND b.child = ?' : '';
  const leafValues = atPath ? [path.slice(cut + 1)] : [];

  const total = countOf(`SELECT COUNT(DISTINCT b.doc_id) AS n ${inFolder('search_browse_folder_docs')}`);
  const groups = tables
    .statement(
      `SELECT b.child AS name, COUNT(DISTINCT b.doc_id) AS count ${byChild}${atPath ? '' : ' AND b.leaf = 0'} GROUP BY b.child ORDER BY count DESC, name`,
    )
    .all(...params) as { name: string; count: number }[];
  const numEntities =
    atPath && path === ''
      ? 0
      : countOf(`SELECT COUNT(DISTINCT b.doc_id) AS n ${byChild} AND b.leaf = 1${leafChild}`, [
          ...leafParams,
          ...leafValues,
        ]);

  const groupPage = groups.slice(start, start + limit);
  const entityLimit = limit - groupPage.length;
  const entityOffset = Math.max(0, start - groups.length);
  const entities =
    entityLimit > 0 && entityOffset < numEntities
      ? (tables
          .statement(
            `SELECT d.urn AS urn, MIN(b.child) AS name ${inFolder('search_browse_by_folder', ' JOIN search_document d ON d.doc_id = b.doc_id')} ` +
              `AND b.leaf = 1${leafChild} GROUP BY d.urn ORDER BY d.urn LIMIT ? OFFSET ?`,
          )
          .all(...leafParams, ...leafValues, entityLimit, entityOffset) as { urn: string; name: string }[])
      : [];
  return {
    numEntities,
    pageSize: request.limit,
    from: request.start,
    metadata: { totalNumEntities: total, groups: groupPage, path: request.path },
    entities: entities.map((e) => ({ name: atPath ? e.urn : e.name, urn: e.urn })),
  };
}
