/**
 * The graph of relationships, derived from the `x-relationship` annotations of the latest aspects:
 * edges go from the entity owning the aspect (source) to the referenced URN (destination), and an
 * edge is kept only when the destination's entity type is one the relationship names.
 *
 * Each edge keeps its times as upstream's graph does (GraphIndexUtils.extractGraphEdges,
 * metadata-service/services/.../graph/GraphIndexUtils.java): createdOn and updatedOn from the paths
 * the annotation names (an upstream's created and auditStamp times), the aspect's lastObserved where
 * they give none or 0, and whether it is a manual edge (its properties' `source` is `UI`). An edge
 * that a rewrite of its aspect keeps keeps its createdOn and takes the rewrite's updatedOn, as
 * upstream merges it (UpdateIndicesService.updateGraphServiceDiff, GraphIndexUtils.mergeEdges). A query
 * may ask for the edges of a time window, as upstream's lineage does (TimeFilterUtils.getEdgeTimeFilterQuery,
 * metadata-io/.../graph/elastic/TimeFilterUtils.java): an edge created or updated within it, a manual
 * edge, or one without times (rows written before edges kept them, until restoreIndices rebuilds them).
 */
import type { Database, Statement } from 'better-sqlite3';
import { valuesAt, type Contract, type RelationshipField } from '../../spec/index.js';
import { entityTypeOf } from './entity-urn.js';
import type { DerivedIndex, LatestAspectValues } from './types.js';

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

export interface RelationshipPage {
  total: number;
  relationships: { entity: string; type: string }[];
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
  // The same edge may come from several aspects or paths; the answer lists each (entity, type) once.
  return `SELECT DISTINCT ${to} AS entity, type FROM ${TABLE} WHERE ${edgesWhere(from)}
          ORDER BY entity, type LIMIT @count OFFSET @start`;
}

function totalSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  return `SELECT COUNT(*) FROM (SELECT DISTINCT ${to}, type FROM ${TABLE} WHERE ${edgesWhere(from)})`;
}

type PageParams = { urn: string; anyType: number; types: string; since: number | null; until: number | null; start: number; count: number };

/** An edge's times: the aspect's own where it gives one (not 0), else the write's lastObserved. */
interface EdgeTimes {
  createdOn: number | null;
  updatedOn: number | null;
  manual: number;
}

const firstTime = (item: unknown, path: readonly string[] | undefined): number | undefined => {
  const time = path ? valuesAt(item, path)[0] : undefined;
  return typeof time === 'number' && time !== 0 ? time : undefined;
};

export class RelationshipIndex implements DerivedIndex {
  readonly name = TABLE;
  readonly tables = [TABLE];
  private statements?: {
    deleteSource: Statement<[string], void>;
    deleteAspect: Statement<[string, string], void>;
    createdOn: Statement<[string, string], [type: string, destination: string, createdOn: number | null]>;
    insert: Statement<[source: string, type: string, destination: string, aspect: string, createdOn: number | null, updatedOn: number | null, manual: number], void>;
    clear: Statement<[], void>;
    count: Statement<[], number>;
    page: Record<RelationshipDirection, Statement<[PageParams], { entity: string; type: string }>>;
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
        PRIMARY KEY (source, type, destination, aspect)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_incoming ON ${TABLE} (destination, type, source);
    `);
    // Data files written before edges kept their times gain the columns at once (no row is
    // rewritten): their edges have no times, which every window keeps, until restoreIndices.
    if (!db.prepare(`SELECT 1 FROM pragma_table_info('${TABLE}') WHERE name = 'created_on'`).get()) {
      db.exec(`ALTER TABLE ${TABLE} ADD COLUMN created_on INTEGER; ALTER TABLE ${TABLE} ADD COLUMN updated_on INTEGER;
               ALTER TABLE ${TABLE} ADD COLUMN manual INTEGER NOT NULL DEFAULT 0;`);
    }
    this.statements = {
      deleteSource: db.prepare(`DELETE FROM ${TABLE} WHERE source = ?`),
      deleteAspect: db.prepare(`DELETE FROM ${TABLE} WHERE source = ? AND aspect = ?`),
      createdOn: db.prepare(`SELECT type, destination, created_on FROM ${TABLE} WHERE source = ? AND aspect = ?`).raw() as Statement<[string, string], [string, string, number | null]>,
      insert: db.prepare(`INSERT OR IGNORE INTO ${TABLE} (source, type, destination, aspect, created_on, updated_on, manual) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      clear: db.prepare(`DELETE FROM ${TABLE}`),
      count: db.prepare(`SELECT COUNT(*) FROM ${TABLE}`).pluck() as Statement<[], number>,
      page: { OUTGOING: db.prepare(pageSql('source', 'destination')), INCOMING: db.prepare(pageSql('destination', 'source')) },
      total: {
        OUTGOING: db.prepare(totalSql('source', 'destination')).pluck() as Statement<[Omit<PageParams, 'start' | 'count'>], number>,
        INCOMING: db.prepare(totalSql('destination', 'source')).pluck() as Statement<[Omit<PageParams, 'start' | 'count'>], number>,
      },
    };
    // Nothing to replace: the columns of the edges' times are added in place.
    return false;
  }

  private get prepared(): NonNullable<RelationshipIndex['statements']> {
    if (!this.statements) throw new Error('RelationshipIndex: createSchema was not called');
    return this.statements;
  }

  derivesFrom(aspect: string): boolean {
    return (this.contract.aspects.get(aspect)?.relationships.length ?? 0) > 0;
  }

  /**
   * The edges of the written aspects are replaced, each edge the aspect still has keeping its stored
   * createdOn (every edge of the entity is built afresh when any aspect may have changed).
   */
  indexEntity(urn: string, _entityType: string, latest: LatestAspectValues, changed?: ReadonlySet<string>): void {
    const { deleteSource, deleteAspect, createdOn, insert } = this.prepared;
    /** The stored createdOn of the written aspects' edges, by aspect, type and destination. */
    const kept = new Map<string, number | null>();
    if (changed) {
      for (const aspect of changed) {
        if (this.derivesFrom(aspect)) for (const [type, destination, created] of createdOn.all(urn, aspect)) kept.set(`${aspect}\n${type}\n${destination}`, created);
        deleteAspect.run(urn, aspect);
      }
    } else deleteSource.run(urn);
    for (const aspect of changed ?? latest.keys()) {
      const relationships = this.contract.aspects.get(aspect)?.relationships ?? [];
      const value = relationships.length > 0 ? latest.get(aspect) : undefined;
      if (value === undefined) continue;
      let observed: number | null | undefined;
      const lastObserved = (): number | null => (observed === undefined ? (observed = latest.lastObserved?.(aspect) ?? null) : observed);
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
            const times = edgeTimes(item, edge, lastObserved);
            const key = `${aspect}\n${relationship.name}\n${destination as string}`;
            const created = kept.has(key) ? (kept.get(key) ?? null) : times.createdOn;
            insert.run(urn, relationship.name, destination as string, aspect, created, times.updatedOn, times.manual);
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
    const params = { urn: q.urn, anyType: q.types.length === 0 ? 1 : 0, types: JSON.stringify(q.types), since: q.window?.since ?? null, until: q.window?.until ?? null };
    const { page, total } = this.prepared;
    return {
      total: total[q.direction].get(params) ?? 0,
      relationships: page[q.direction].all({ ...params, start: Math.max(0, q.start), count: Math.max(0, q.count) }),
    };
  }
}

/** The times of an edge from one item of its aspect (upstream's fallback: the write's lastObserved for a missing or 0 time). */
function edgeTimes(item: unknown, edge: RelationshipField['edge'], lastObserved: () => number | null): EdgeTimes {
  const properties = edge?.properties ? valuesAt(item, edge.properties)[0] : undefined;
  const source = properties && typeof properties === 'object' ? (properties as Record<string, unknown>).source : undefined;
  return {
    createdOn: firstTime(item, edge?.createdOn) ?? lastObserved(),
    updatedOn: firstTime(item, edge?.updatedOn) ?? lastObserved(),
    manual: source === 'UI' ? 1 : 0,
  };
}
