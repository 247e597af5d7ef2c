/**
 * The graph of relationships, derived from the `x-relationship` annotations of the latest aspects:
 * edges go from the entity owning the aspect (source) to the referenced URN (destination), and an
 * edge is kept only when the destination's entity type is one the relationship names.
 */
import type { Database, Statement } from 'better-sqlite3';
import { valuesAt, type Contract } from '../../spec/index.js';
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
}

export interface RelationshipPage {
  total: number;
  relationships: { entity: string; type: string }[];
}

const TABLE = 'relationships';

function pageSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  // The same edge may come from several aspects or paths; the answer lists each (entity, type) once.
  return `SELECT DISTINCT ${to} AS entity, type FROM ${TABLE}
          WHERE ${from} = @urn AND (@anyType = 1 OR type IN (SELECT value FROM json_each(@types)))
          ORDER BY entity, type LIMIT @count OFFSET @start`;
}

function totalSql(from: 'source' | 'destination', to: 'source' | 'destination'): string {
  return `SELECT COUNT(*) FROM (SELECT DISTINCT ${to}, type FROM ${TABLE}
          WHERE ${from} = @urn AND (@anyType = 1 OR type IN (SELECT value FROM json_each(@types))))`;
}

type PageParams = { urn: string; anyType: number; types: string; start: number; count: number };

export class RelationshipIndex implements DerivedIndex {
  readonly name = TABLE;
  readonly tables = [TABLE];
  private statements?: {
    deleteSource: Statement<[string], void>;
    deleteAspect: Statement<[string, string], void>;
    insert: Statement<[source: string, type: string, destination: string, aspect: string], void>;
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
        PRIMARY KEY (source, type, destination, aspect)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS ${TABLE}_incoming ON ${TABLE} (destination, type, source);
    `);
    this.statements = {
      deleteSource: db.prepare(`DELETE FROM ${TABLE} WHERE source = ?`),
      deleteAspect: db.prepare(`DELETE FROM ${TABLE} WHERE source = ? AND aspect = ?`),
      insert: db.prepare(`INSERT OR IGNORE INTO ${TABLE} (source, type, destination, aspect) VALUES (?, ?, ?, ?)`),
      clear: db.prepare(`DELETE FROM ${TABLE}`),
      count: db.prepare(`SELECT COUNT(*) FROM ${TABLE}`).pluck() as Statement<[], number>,
      page: { OUTGOING: db.prepare(pageSql('source', 'destination')), INCOMING: db.prepare(pageSql('destination', 'source')) },
      total: {
        OUTGOING: db.prepare(totalSql('source', 'destination')).pluck() as Statement<[Omit<PageParams, 'start' | 'count'>], number>,
        INCOMING: db.prepare(totalSql('destination', 'source')).pluck() as Statement<[Omit<PageParams, 'start' | 'count'>], number>,
      },
    };
    // One layout so far: nothing to replace.
    return false;
  }

  private get prepared(): NonNullable<RelationshipIndex['statements']> {
    if (!this.statements) throw new Error('RelationshipIndex: createSchema was not called');
    return this.statements;
  }

  derivesFrom(aspect: string): boolean {
    return (this.contract.aspects.get(aspect)?.relationships.length ?? 0) > 0;
  }

  /** The edges of the written aspects are replaced (every edge of the entity when any aspect may have changed). */
  indexEntity(urn: string, _entityType: string, latest: LatestAspectValues, changed?: ReadonlySet<string>): void {
    const { deleteSource, deleteAspect, insert } = this.prepared;
    if (changed) for (const aspect of changed) deleteAspect.run(urn, aspect);
    else deleteSource.run(urn);
    for (const aspect of changed ?? latest.keys()) {
      const relationships = this.contract.aspects.get(aspect)?.relationships ?? [];
      const value = relationships.length > 0 ? latest.get(aspect) : undefined;
      if (value === undefined) continue;
      for (const relationship of relationships) {
        const accepted = new Set(relationship.entityTypes.map((t) => t.toLowerCase()));
        for (const destination of valuesAt(value, relationship.path)) {
          // Registry lookups are case-insensitive upstream (corpUser and corpuser are one type).
          const type = entityTypeOf(destination)?.toLowerCase();
          if (type === undefined || !accepted.has(type)) continue;
          insert.run(urn, relationship.name, destination as string, aspect);
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

  /** Entities on the other side of the edges of `urn`, paged in a stable order (by entity URN). */
  query(q: RelationshipQuery): RelationshipPage {
    const params = { urn: q.urn, anyType: q.types.length === 0 ? 1 : 0, types: JSON.stringify(q.types) };
    const { page, total } = this.prepared;
    return {
      total: total[q.direction].get(params) ?? 0,
      relationships: page[q.direction].all({ ...params, start: Math.max(0, q.start), count: Math.max(0, q.count) }),
    };
  }
}
