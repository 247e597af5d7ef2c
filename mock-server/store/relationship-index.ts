/**
 * The graph of relationships, derived from the `x-relationship` annotations of the latest aspects:
 * edges go from the entity owning the aspect (source) to the referenced URN (destination), and an
 * edge is kept only when the destination's entity type is one the relationship names.
 *
 * Each edge keeps its times and actors as upstream's graph does (GraphIndexUtils.extractGraphEdges,
 * metadata-service/services/.../graph/GraphIndexUtils.java): createdOn, createdActor, updatedOn and
 * updatedActor from the paths the annotation names (an upstream's created and auditStamp stamps), the
 * aspect's lastObserved where a time is missing or 0, the writer as both actors where the created
 * actor is missing, and whether it is a manual edge (its properties' `source` is `UI`). An edge that a
 * rewrite of its aspect keeps keeps its createdOn and createdActor and takes the rewrite's updatedOn
 * and updatedActor, as upstream merges it (UpdateIndicesService.updateGraphServiceDiff,
 * GraphIndexUtils.mergeEdges). A query
 * may ask for the edges of a time window, as upstream's lineage does (TimeFilterUtils.getEdgeTimeFilterQuery,
 * metadata-io/.../graph/elastic/TimeFilterUtils.java): an edge created or updated within it, a manual
 * edge, or one without times (rows written before edges kept them, until restoreIndices rebuilds them).
 *
 * Column-level lineage edges (field-lineage-edges.ts) go from one schema field to another: their row
 * names the entity whose aspect states them as its `owner` (every other row has none: its source
 * owns it), so that a rewrite of that aspect replaces them and a rebuild of the field's own entity
 * leaves them alone.
 */
import type { Database, Statement } from 'better-sqlite3';
import { valuesAt, type Contract, type RelationshipField } from '../../spec/index.js';
import { entityTypeOf } from './entity-urn.js';
import { FIELD_LINEAGE_RELATIONSHIP, derivesFieldLineage, fieldLineageEdges } from './field-lineage-edges.js';
import type { AspectWrite, DerivedIndex, LatestAspectValues } from './types.js';

export type RelationshipDirection = 'INCOMING' | 'OUTGOING';

export interface RelationshipQuery {
  urn: string;
  direction: RelationshipDirection;
  /** Relationship names; an empty list matches every relationship. */
  types: string[];
  start: number;
  count: number;
  /** Only the edges of this time window (inclusive milliseconds); every edge when absent. */
  window?: { since: number; until: number };
}

/** An edge as a query sees it from one side: the entity on the other side, and the edge's own data. */
export interface RelatedEdge {
  entity: string;
  type: string;
  createdOn: number | null;
  createdActor: string | null;
  updatedOn: number | null;
  updatedActor: string | null;
  manual: number;
}

export interface RelationshipPage {
  total: number;
  relationships: RelatedEdge[];
}

const TABLE = 'relationships';

/**
 * The edges of a query: of the entity, of the types asked for, and within the window when there is
 * one (@since NULL: every edge).
 */
function edgesWhere(from: 'source' | 'destination'): string {
  return `${from} = @urn AND (@anyType = 1 OR type IN (SELECT value FROM json_each(@types)))
          AND (@since IS NULL OR manual = 1 OR created_on BETWEEN @since AND @until OR updated_on BETWEEN @since AND @until
               OR (coalesce(created_on, 0) = 0 AND coalesce(updated_on, 0) = 0))`;
}

function pageSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  // The same edge may come from several aspects or paths; the response lists each (entity, type) once,
  // with the data of its most recently updated row (SQLite takes the bare columns from the max's row).
  return `SELECT entity, type, createdOn, createdActor, updatedOn, updatedActor, manual FROM (
            SELECT ${to} AS entity, type, max(coalesce(updated_on, 0)), created_on AS createdOn, created_actor AS createdActor,
                   updated_on AS updatedOn, updated_actor AS updatedActor, manual
            FROM ${TABLE} WHERE ${edgesWhere(from)}
            GROUP BY ${to}, type ORDER BY entity, type LIMIT @count OFFSET @start)
          ORDER BY entity, type`;
}

/**
 * Every edge of a query, as the page lists them, in the same order, without a page: SQLite ran the
 * page's ORDER BY ... LIMIT through a temporary B-tree, about ten times the cost of the few rows an
 * entity's lineage reads (measured at 100,000 datasets).
 */
function edgesSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  return `SELECT ${to} AS entity, type, max(coalesce(updated_on, 0)), created_on AS createdOn, created_actor AS createdActor,
                 updated_on AS updatedOn, updated_actor AS updatedActor, manual
          FROM ${TABLE} WHERE ${edgesWhere(from)}
          GROUP BY ${to}, type ORDER BY entity, type`;
}

function totalSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  return `SELECT COUNT(*) FROM (SELECT DISTINCT ${to}, type FROM ${TABLE} WHERE ${edgesWhere(from)})`;
}

type PageParams = {
  urn: string;
  anyType: number;
  types: string;
  since: number | null;
  until: number | null;
  start: number;
  count: number;
};

/** A row of edgesSql: the entity, the type, the latest update (ordering only), then the edge's data as RelatedEdge names it. */
type EdgeRow = [
  entity: string,
  type: string,
  latest: number,
  createdOn: number | null,
  createdActor: string | null,
  updatedOn: number | null,
  updatedActor: string | null,
  manual: number,
];

/** An edge's own data, as it is written into its row. */
type EdgeData = Omit<RelatedEdge, 'entity' | 'type'>;

const firstTime = (item: unknown, path: readonly string[] | undefined): number | undefined => {
  const time = path ? valuesAt(item, path)[0] : undefined;
  return typeof time === 'number' && time !== 0 ? time : undefined;
};

const firstActor = (item: unknown, path: readonly string[] | undefined): string | undefined => {
  const actor = path ? valuesAt(item, path)[0] : undefined;
  return typeof actor === 'string' ? actor : undefined;
};

export class RelationshipIndex implements DerivedIndex {
  readonly name = TABLE;
  readonly tables = [TABLE];
  private statements?: {
    deleteSource: Statement<[string], void>;
    deleteAspect: Statement<[string, string], void>;
    deleteOwned: Statement<[string], void>;
    deleteOwnedAspect: Statement<[string, string], void>;
    created: Statement<
      [string, string],
      [type: string, destination: string, createdOn: number | null, createdActor: string | null]
    >;
    insert: Statement<
      [
        source: string,
        type: string,
        destination: string,
        aspect: string,
        createdOn: number | null,
        createdActor: string | null,
        updatedOn: number | null,
        updatedActor: string | null,
        manual: number,
        owner: string | null,
      ],
      void
    >;
    clear: Statement<[], void>;
    count: Statement<[], number>;
    page: Record<RelationshipDirection, Statement<[PageParams], RelatedEdge>>;
    edges: Record<RelationshipDirection, Statement<[Omit<PageParams, 'start' | 'count'>], EdgeRow>>;
    total: Record<RelationshipDirection, Statement<[Omit<PageParams, 'start' | 'count'>], number>>;
  };

  constructor(private readonly contract: Contract) {}

  createSchema(db: Database): boolean {
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${TABLE} (
        source TEXT NOT NULL,
        type TEXT NOT NULL,
        destination TEXT NOT NULL,
        aspect TEXT NOT NULL,
        created_on INTEGER,
        updated_on INTEGER,
        manual INTEGER NOT NULL DEFAULT 0,
        created_actor TEXT,
        updated_actor TEXT,
        PRIMARY KEY (source, type, destination, aspect)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_incoming ON ${TABLE} (destination, type, source);
    `);
    // Data files written before edges kept their times and actors gain the columns immediately (no row
    // is rewritten): their edges have none, and every window keeps them, until restoreIndices.
    const hasColumn = (name: string): boolean =>
      db.prepare(`SELECT 1 FROM pragma_table_info('${TABLE}') WHERE name = ?`).get(name) !== undefined;
    if (!hasColumn('created_on')) {
      db.exec(`ALTER TABLE ${TABLE} ADD COLUMN created_on INTEGER; ALTER TABLE ${TABLE} ADD COLUMN updated_on INTEGER;
               ALTER TABLE ${TABLE} ADD COLUMN manual INTEGER NOT NULL DEFAULT 0;`);
    }
    if (!hasColumn('created_actor'))
      db.exec(
        `ALTER TABLE ${TABLE} ADD COLUMN created_actor TEXT; ALTER TABLE ${TABLE} ADD COLUMN updated_actor TEXT;`,
      );
    // Rows written before column-level lineage had no owner column: none of them is a field's edge.
    if (!hasColumn('owner')) db.exec(`ALTER TABLE ${TABLE} ADD COLUMN owner TEXT;`);
    db.exec(`CREATE INDEX IF NOT EXISTS ${TABLE}_by_owner ON ${TABLE} (owner, aspect) WHERE owner IS NOT NULL;`);
    this.statements = {
      deleteSource: db.prepare(`DELETE FROM ${TABLE} WHERE source = ? AND owner IS NULL`),
      deleteAspect: db.prepare(`DELETE FROM ${TABLE} WHERE source = ? AND aspect = ? AND owner IS NULL`),
      deleteOwned: db.prepare(`DELETE FROM ${TABLE} WHERE owner = ?`),
      deleteOwnedAspect: db.prepare(`DELETE FROM ${TABLE} WHERE owner = ? AND aspect = ?`),
      created: db
        .prepare(
          `SELECT type, destination, created_on, created_actor FROM ${TABLE} WHERE source = ? AND aspect = ? AND owner IS NULL`,
        )
        .raw() as Statement<[string, string], [string, string, number | null, string | null]>,
      insert: db.prepare(
        `INSERT OR IGNORE INTO ${TABLE} (source, type, destination, aspect, created_on, created_actor, updated_on, updated_actor, manual, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      clear: db.prepare(`DELETE FROM ${TABLE}`),
      count: db.prepare(`SELECT COUNT(*) FROM ${TABLE}`).pluck() as Statement<[], number>,
      page: {
        OUTGOING: db.prepare(pageSql('source', 'destination')),
        INCOMING: db.prepare(pageSql('destination', 'source')),
      },
      edges: {
        OUTGOING: db.prepare(edgesSql('source', 'destination')).raw() as Statement<
          [Omit<PageParams, 'start' | 'count'>],
          EdgeRow
        >,
        INCOMING: db.prepare(edgesSql('destination', 'source')).raw() as Statement<
          [Omit<PageParams, 'start' | 'count'>],
          EdgeRow
        >,
      },
      total: {
        OUTGOING: db.prepare(totalSql('source', 'destination')).pluck() as Statement<
          [Omit<PageParams, 'start' | 'count'>],
          number
        >,
        INCOMING: db.prepare(totalSql('destination', 'source')).pluck() as Statement<
          [Omit<PageParams, 'start' | 'count'>],
          number
        >,
      },
    };
    // Nothing to replace: the columns of the edges' times and actors are added in place.
    return false;
  }

  private get prepared(): NonNullable<RelationshipIndex['statements']> {
    if (!this.statements) throw new Error('RelationshipIndex: createSchema was not called');
    return this.statements;
  }

  derivesFrom(aspect: string): boolean {
    return (this.contract.aspects.get(aspect)?.relationships.length ?? 0) > 0 || derivesFieldLineage(aspect);
  }

  /**
   * The edges of the written aspects are replaced, each edge the aspect still has keeping its stored
   * createdOn and createdActor (every edge of the entity is built afresh when any aspect may have changed).
   */
  indexEntity(urn: string, _entityType: string, latest: LatestAspectValues, changed?: ReadonlySet<string>): void {
    const { deleteSource, deleteAspect, deleteOwned, deleteOwnedAspect, created, insert } = this.prepared;
    /** The stored creation of the written aspects' edges, by aspect, type and destination. */
    const kept = new Map<string, [createdOn: number | null, createdActor: string | null]>();
    if (changed) {
      for (const aspect of changed) {
        if (this.derivesFrom(aspect))
          for (const [type, destination, on, actor] of created.all(urn, aspect))
            kept.set(`${aspect}\n${type}\n${destination}`, [on, actor]);
        deleteAspect.run(urn, aspect);
        if (derivesFieldLineage(aspect)) deleteOwnedAspect.run(urn, aspect);
      }
    } else {
      deleteSource.run(urn);
      deleteOwned.run(urn);
    }
    for (const aspect of changed ?? latest.keys()) {
      const relationships = this.contract.aspects.get(aspect)?.relationships ?? [];
      const value = relationships.length > 0 || derivesFieldLineage(aspect) ? latest.get(aspect) : undefined;
      if (value === undefined) continue;
      for (const { source, destination } of fieldLineageEdges(urn, aspect, value))
        insert.run(source, FIELD_LINEAGE_RELATIONSHIP, destination, aspect, null, null, null, null, 0, urn);
      let write: AspectWrite | undefined;
      const writeOf = (): AspectWrite => (write ??= latest.writeOf?.(aspect) ?? {});
      for (const relationship of relationships) {
        const accepted = new Set(relationship.entityTypes.map((t) => t.toLowerCase()));
        const { edge } = relationship;
        // Each array item of the edge's value, with its own times, when the annotation names them.
        const items = edge ? valuesAt(value, edge.item) : [value];
        for (const item of items) {
          for (const destination of valuesAt(item, edge ? edge.value : relationship.path)) {
            // Registry lookups are case-insensitive upstream (corpUser and corpuser are one type).
            const type = entityTypeOf(destination)?.toLowerCase();
            if (type === undefined || !accepted.has(type)) continue;
            const data = edgeData(item, edge, writeOf);
            const [createdOn, createdActor] = kept.get(`${aspect}\n${relationship.name}\n${destination as string}`) ?? [
              data.createdOn,
              data.createdActor,
            ];
            insert.run(
              urn,
              relationship.name,
              destination as string,
              aspect,
              createdOn,
              createdActor,
              data.updatedOn,
              data.updatedActor,
              data.manual,
              null,
            );
          }
        }
      }
    }
  }

  clear(): void {
    this.prepared.clear.run();
  }

  count(): number {
    return this.prepared.count.get() ?? 0;
  }

  /** Entities on the other side of the edges of `urn` (within the window, if any), paged in a stable order (by entity URN). */
  query(q: RelationshipQuery): RelationshipPage {
    const params = edgeParams(q);
    const { page, total } = this.prepared;
    return {
      total: total[q.direction].get(params) ?? 0,
      relationships: page[q.direction].all({ ...params, start: Math.max(0, q.start), count: Math.max(0, q.count) }),
    };
  }

  /** Every edge of `urn` (within the window, if any) in the order `query` pages them, without the page or its total. */
  edges(q: Omit<RelationshipQuery, 'start' | 'count'>): RelatedEdge[] {
    return this.prepared.edges[q.direction]
      .all(edgeParams(q))
      .map(([entity, type, , createdOn, createdActor, updatedOn, updatedActor, manual]) => ({
        entity,
        type,
        createdOn,
        createdActor,
        updatedOn,
        updatedActor,
        manual,
      }));
  }
}

/** The parameters of a query's edges (edgesWhere). */
function edgeParams(q: Omit<RelationshipQuery, 'start' | 'count'>): Omit<PageParams, 'start' | 'count'> {
  return {
    urn: q.urn,
    anyType: q.types.length === 0 ? 1 : 0,
    types: JSON.stringify(q.types),
    since: q.window?.since ?? null,
    until: q.window?.until ?? null,
  };
}

/**
 * The data of an edge from one item of its aspect, with upstream's fallbacks: the write's lastObserved
 * for a missing or 0 time, and the writer as both actors when the created actor is missing.
 */
function edgeData(item: unknown, edge: RelationshipField['edge'], writeOf: () => AspectWrite): EdgeData {
  const properties = edge?.properties ? valuesAt(item, edge.properties)[0] : undefined;
  const source =
    properties && typeof properties === 'object' ? (properties as Record<string, unknown>).source : undefined;
  const createdActor = firstActor(item, edge?.createdActor);
  const writer = createdActor === undefined ? (writeOf().actor ?? null) : undefined;
  return {
    createdOn: firstTime(item, edge?.createdOn) ?? writeOf().lastObserved ?? null,
    createdActor: createdActor ?? writer ?? null,
    updatedOn: firstTime(item, edge?.updatedOn) ?? writeOf().lastObserved ?? null,
    updatedActor: writer !== undefined ? writer : (firstActor(item, edge?.updatedActor) ?? null),
    manual: source === 'UI' ? 1 : 0,
  };
}
