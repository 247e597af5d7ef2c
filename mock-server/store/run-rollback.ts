/**
 * Rolling back an ingestion run as upstream's entity service does it (metadata-io/.../entity/EntityServiceImpl.java
 * rollbackRun and deleteAspectWithoutMCL, metadata-service/services/.../service/RollbackService.java, v1.3.0.1;
 * the GraphQL and Java clients roll back with hardDelete): every aspect whose latest version was written by the run
 * (its systemMetadata.runId) loses that version and the previous versions the run wrote too, newest first; the
 * first previous version of another run becomes the latest again. An aspect the run wrote every version of is
 * deleted; when that is the key aspect, the whole entity is (every aspect and point of it, whoever wrote them).
 * The time series points the run wrote are deleted (TimeseriesAspectService.rollbackTimeseriesAspects).
 */
import type { Database, Statement } from 'better-sqlite3';

/** What a rollback changed: the aspects by entity (for the derived rows), the entities deleted, the rows undone. */
export interface RolledBack {
  aspects: Map<string, Set<string>>;
  deletedEntities: Set<string>;
  rows: number;
}

interface VersionRow {
  version: number;
  value: string;
  created_time: number;
  created_actor: string;
  system_metadata: string | null;
}

const runOf = (systemMetadata: string | null): string | undefined =>
  systemMetadata === null ? undefined : ((JSON.parse(systemMetadata) as { runId?: string }).runId ?? undefined);

class RollbackStatements {
  readonly latestOfRun: Statement<[string], { urn: string; aspect: string }>;
  readonly olderVersions: Statement<[string, string], VersionRow>;
  readonly deleteVersion: Statement<[string, string, number], void>;
  readonly deleteAspect: Statement<[string, string], void>;
  readonly restoreLatest: Statement<[string, number, string, string | null, string, string], void>;
  readonly deleteEntityAspects: Statement<[string], void>;
  readonly deleteEntityPoints: Statement<[string], void>;
  readonly pointsOfRun: Statement<[string], { urn: string; aspect: string }>;
  readonly deletePointsOfRun: Statement<[string], void>;

  constructor(db: Database) {
    this.latestOfRun = db.prepare(
      `SELECT urn, aspect FROM aspects WHERE version = 0 AND json_extract(system_metadata, '$.runId') = ?`,
    );
    this.olderVersions = db.prepare(
      'SELECT version, value, created_time, created_actor, system_metadata FROM aspects WHERE urn = ? AND aspect = ? AND version > 0 ORDER BY version DESC',
    );
    this.deleteVersion = db.prepare('DELETE FROM aspects WHERE urn = ? AND aspect = ? AND version = ?');
    this.deleteAspect = db.prepare('DELETE FROM aspects WHERE urn = ? AND aspect = ?');
    this.restoreLatest = db.prepare(
      'UPDATE aspects SET value = ?, created_time = ?, created_actor = ?, system_metadata = ? WHERE urn = ? AND aspect = ? AND version = 0',
    );
    this.deleteEntityAspects = db.prepare('DELETE FROM aspects WHERE urn = ?');
    this.deleteEntityPoints = db.prepare('DELETE FROM timeseries WHERE urn = ?');
    const pointsOfRun = `FROM timeseries WHERE json_extract(answer_json, '$.systemMetadata.runId') = ?`;
    this.pointsOfRun = db.prepare(`SELECT DISTINCT urn, aspect ${pointsOfRun}`);
    this.deletePointsOfRun = db.prepare(`DELETE ${pointsOfRun}`);
  }
}

const statementsByDb = new WeakMap<Database, RollbackStatements>();

/**
 * Undoes the rows of run `runId`, in the caller's transaction. `keyAspectOf` names the key aspect of a URN's
 * entity; the caller rebuilds the derived rows of what the answer lists.
 */
export function rollbackRun(db: Database, runId: string, keyAspectOf: (urn: string) => string): RolledBack {
  let statements = statementsByDb.get(db);
  if (!statements) statementsByDb.set(db, (statements = new RollbackStatements(db)));
  const result: RolledBack = { aspects: new Map(), deletedEntities: new Set(), rows: 0 };
  const touched = (urn: string, aspect: string) => {
    const aspects = result.aspects.get(urn) ?? new Set<string>();
    aspects.add(aspect);
    result.aspects.set(urn, aspects);
  };
  for (const { urn, aspect } of statements.latestOfRun.all(runId)) {
    if (result.deletedEntities.has(urn)) continue;
    touched(urn, aspect);
    result.rows += 1;
    const survivor = statements.olderVersions.all(urn, aspect).find((row) => {
      if (runOf(row.system_metadata) !== runId) return true;
      statements.deleteVersion.run(urn, aspect, row.version);
      result.rows += 1;
      return false;
    });
    if (survivor) {
      const { value, created_time, created_actor, system_metadata } = survivor;
      statements.restoreLatest.run(value, created_time, created_actor, system_metadata, urn, aspect);
      statements.deleteVersion.run(urn, aspect, survivor.version);
    } else if (aspect === keyAspectOf(urn)) {
      statements.deleteEntityAspects.run(urn);
      statements.deleteEntityPoints.run(urn);
      result.deletedEntities.add(urn);
    } else {
      statements.deleteAspect.run(urn, aspect);
    }
  }
  for (const { urn, aspect } of statements.pointsOfRun.all(runId)) touched(urn, aspect);
  result.rows += statements.deletePointsOfRun.run(runId).changes;
  return result;
}
