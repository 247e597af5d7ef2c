/** The store across its life: snapshot digests, reset to the start-up state, and a data file across reopening. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadContract, type Namespace } from '../../../spec/index.js';
import { TaskRegistry, truncateTimeseriesAspect } from '../../operations/index.js';
import { CatalogStore } from '../../store/catalog-store.js';
import type { Database } from 'better-sqlite3';
import type { DerivedIndex, LatestAspectValues, WriteContext } from '../../store/types.js';

/** A derived index that lists the entities that have aspects, and remembers which it was handed. */
class VisitedEntities implements DerivedIndex {
  readonly name = 'visited';
  readonly tables = ['visited'];
  readonly visited: string[] = [];
  private db?: Database;

  createSchema(db: Database): boolean {
    db.exec('CREATE TABLE IF NOT EXISTS visited (urn TEXT PRIMARY KEY)');
    this.db = db;
    return false;
  }

  derivesFrom(): boolean {
    return true;
  }

  indexEntity(urn: string, _entityType: string, latest: LatestAspectValues): void {
    this.db?.prepare('DELETE FROM visited WHERE urn = ?').run(urn);
    if (latest.size) this.db?.prepare('INSERT INTO visited VALUES (?)').run(urn);
    this.visited.push(urn);
  }

  clear(): void {
    this.db?.exec('DELETE FROM visited');
  }

  count(): number {
    return (this.db?.prepare('SELECT COUNT(*) FROM visited').pluck().get() as number | undefined) ?? 0;
  }
}

/** A derived index of no rows that derives from every aspect: only what its `indexEntity` does when called. */
function rowlessIndex(name: string, indexEntity: (urn: string) => void): DerivedIndex {
  return { name, createSchema: () => false, derivesFrom: () => true, indexEntity, clear: () => {}, count: () => 0 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'catalog-store-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each<Namespace>(['svc', 'li'])('CatalogStore lifecycle (%s)', (ns) => {
  const contract = loadContract(ns);
  const prefix = contract.names.urnPrefix;
  const dataset = (name: string) => `${prefix}dataset:(${prefix}dataPlatform:hive,${name},PROD)`;
  const ctx: WriteContext = { actor: `${prefix}corpuser:alice`, now: 1_000 };
  const owned = { owners: [{ owner: `${prefix}corpuser:bob`, type: 'DATAOWNER' }] };
  /** How many entities the store says bob owns (the OwnedBy edges into him). */
  const ownedByBob = (store: CatalogStore) =>
    store.relationships({
      urn: `${prefix}corpuser:bob`,
      direction: 'INCOMING',
      types: ['OwnedBy'],
      start: 0,
      count: 10,
    }).total;

  it('changes the digest on every change and not on reads', () => {
    const store = new CatalogStore({ contract });
    const digests = [store.snapshot().digest];
    store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx);
    digests.push(store.snapshot().digest);
    store.latestAspects(dataset('a'));
    store.relationships({ urn: dataset('a'), direction: 'OUTGOING', types: [], start: 0, count: 10 });
    digests.push(store.snapshot().digest);
    store.upsertAspect('dataset', dataset('a'), 'datasetProfile', { timestampMillis: 1 }, ctx);
    digests.push(store.snapshot().digest);
    expect(new Set(digests).size).toBe(3);
    expect(digests[1]).toBe(digests[2]);
    store.close();
  });

  it('rebuilds the derived rows of an entity once per transaction, with everything it wrote', () => {
    const extra = new VisitedEntities();
    const store = new CatalogStore({ contract, derived: [extra] });
    store.transaction(() => {
      store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx);
      store.upsertAspect('dataset', dataset('a'), 'status', { removed: false }, ctx);
      store.upsertAspect('dataset', dataset('b'), 'status', { removed: false }, ctx);
      store.deleteAspect('dataset', dataset('a'), 'status', ctx);
      // Not yet: the transaction has not ended.
      expect(extra.visited).toEqual([]);
    });
    expect(extra.visited).toEqual([dataset('a'), dataset('b')]);
    expect(ownedByBob(store)).toBe(1);
    // A transaction that fails rebuilds nothing and leaves nothing.
    const before = store.snapshot();
    expect(() =>
      store.transaction(() => {
        store.upsertAspect('dataset', dataset('c'), 'ownership', owned, ctx);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(extra.visited).toHaveLength(2);
    expect(store.snapshot()).toEqual(before);
    store.close();
  });

  it('commits the writes of a batch at its end, its derived rows rebuilt once, and then tells who waits', async () => {
    const extra = new VisitedEntities();
    const store = new CatalogStore({ contract, derived: [extra] });
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx));
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('a'), 'status', { removed: false }, ctx));
    expect(() =>
      store.batchTransaction(() => store.upsertAspect('dataset', dataset('b'), 'status', { removed: 'no' }, ctx)),
    ).toThrow('removed');
    const heard: boolean[] = [];
    store.whenCommitted((committed) => heard.push(committed));
    expect([store.batchOpen, store.inTransaction, heard, extra.visited]).toEqual([true, true, [], []]);
    await new Promise((resolve) => setImmediate(resolve));
    expect([store.batchOpen, store.inTransaction, heard, extra.visited]).toEqual([
      false,
      false,
      [true],
      [dataset('a')],
    ]);
    expect(store.entityExists(dataset('b'))).toBe(false);
    store.whenCommitted((committed) => heard.push(committed));
    expect(heard).toEqual([true, true]);
    store.close();
  });

  it('commits an open batch before a transaction of its own, and tells a batch rolled back under it that it did not commit', () => {
    const store = new CatalogStore({ contract });
    const heard: boolean[] = [];
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx));
    store.whenCommitted((committed) => heard.push(committed));
    store.transaction(() => store.upsertAspect('dataset', dataset('b'), 'ownership', owned, ctx));
    expect([heard, store.batchOpen]).toEqual([[true], false]);
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('c'), 'ownership', owned, ctx));
    store.whenCommitted((committed) => heard.push(committed));
    store.db.prepare('ROLLBACK').run();
    store.snapshot();
    expect(heard).toEqual([true, false]);
    expect([dataset('a'), dataset('b'), dataset('c')].map((urn) => store.entityExists(urn))).toEqual([
      true,
      true,
      false,
    ]);
    store.close();
  });

  it('rolls a batch back whole when its derived rows cannot be built, and says so to the held responses and the failure callback', async () => {
    const failures: unknown[] = [];
    const broken = rowlessIndex('broken', (urn) => {
      if (urn === dataset('b')) throw new Error('cannot index b');
    });
    const store = new CatalogStore({ contract, derived: [broken], onCommitFailure: (error) => failures.push(error) });
    const heard: boolean[] = [];
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx));
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('b'), 'ownership', owned, ctx));
    store.whenCommitted((committed) => heard.push(committed));
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([false]);
    expect(failures.map((error) => (error as Error).message)).toEqual(['cannot index b']);
    expect([store.entityExists(dataset('a')), store.entityExists(dataset('b')), store.batchOpen]).toEqual([
      false,
      false,
      false,
    ]);
    store.close();
  });

  it('rebuilds at the end of the batch what a derived read in the batch failed to rebuild', async () => {
    let failures = 1;
    const indexed: string[] = [];
    const flaky = rowlessIndex('flaky', (urn) => {
      if (failures > 0) {
        failures--;
        throw new Error('not this time');
      }
      indexed.push(urn);
    });
    const store = new CatalogStore({ contract, derived: [flaky] });
    const heard: boolean[] = [];
    store.batchTransaction(() => store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx));
    expect(() => store.catchUp()).toThrow('not this time');
    store.whenCommitted((committed) => heard.push(committed));
    await new Promise((resolve) => setImmediate(resolve));
    expect([heard, indexed, store.entityExists(dataset('a'))]).toEqual([[true], [dataset('a')], true]);
    store.close();
  });

  it('counts and digests the rows of an extra derived index', () => {
    const extra = new VisitedEntities();
    const store = new CatalogStore({ contract, derived: [extra] });
    store.upsertAspect('dataset', dataset('a'), 'status', { removed: false }, ctx);
    expect(extra.visited).toEqual([dataset('a')]);
    const before = store.snapshot();
    expect(before.tables.visited).toBe(1);
    store.db.exec('DELETE FROM visited');
    expect(store.snapshot().digest).not.toBe(before.digest);
    store.rebuildDerived();
    expect(store.snapshot()).toEqual(before);
    store.close();
  });

  it('resets to the marked start-up state', () => {
    const store = new CatalogStore({ contract });
    store.upsertAspect('dataset', dataset('seeded'), 'ownership', owned, ctx);
    store.upsertAspect('dataset', dataset('seeded'), 'datasetProfile', { timestampMillis: 1 }, ctx);
    store.markStartupState();
    const startup = store.snapshot();
    store.upsertAspect('dataset', dataset('seeded'), 'ownership', { owners: [] }, ctx);
    store.upsertAspect('dataset', dataset('later'), 'ownership', owned, ctx);
    store.upsertAspect('dataset', dataset('seeded'), 'datasetProfile', { timestampMillis: 2 }, ctx);
    expect(store.snapshot().digest).not.toBe(startup.digest);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    expect(ownedByBob(store)).toBe(1);
    store.close();
  });

  it('resets to the state it was opened with when no start-up state was marked', () => {
    const store = new CatalogStore({ contract });
    const empty = store.snapshot();
    store.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx);
    store.reset();
    expect(store.snapshot()).toEqual(empty);
    store.close();
  });

  it('resets replaced time series points, deleted aspects and deleted entities', () => {
    const store = new CatalogStore({ contract });
    store.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1, rowCount: 10 }, ctx);
    store.upsertAspect('dataset', dataset('gone'), 'ownership', owned, ctx);
    store.markStartupState();
    const startup = store.snapshot();
    // The same timestamp replaces the point (INSERT OR REPLACE); twice, so only the first change is remembered.
    store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1, rowCount: 20 }, ctx);
    store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1, rowCount: 30 }, ctx);
    store.deleteAspect('dataset', dataset('kept'), 'ownership', ctx);
    store.deleteAspect('dataset', dataset('gone'), 'datasetKey', ctx);
    expect(store.snapshot().digest).not.toBe(startup.digest);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    // A second round after a reset starts from the start-up state again.
    store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    store.close();
  });

  // Each case changes the start-up catalog (a dataset with three ownership versions and two profile
  // points, another with one version) in one way, and reset must bring back exactly the start-up rows.
  const resetCases: { name: string; change: (store: CatalogStore) => void }[] = [
    {
      name: 'new versions of an aspect with history',
      change: (store) =>
        [1, 2].forEach((n) => store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [], n }, ctx)),
    },
    {
      name: 'an unchanged write that only refreshes lastObserved',
      change: (store) => store.upsertAspect('dataset', dataset('kept'), 'ownership', owned, { ...ctx, now: 9_000 }),
    },
    {
      name: 'an aspect deleted and written again',
      change: (store) => {
        store.deleteAspect('dataset', dataset('kept'), 'ownership', ctx);
        store.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
      },
    },
    {
      name: 'an entity deleted and created again',
      change: (store) => {
        store.deleteAspect('dataset', dataset('other'), 'datasetKey', ctx);
        store.upsertAspect('dataset', dataset('other'), 'ownership', { owners: [] }, ctx);
      },
    },
    { name: 'a new entity', change: (store) => store.upsertAspect('dataset', dataset('new'), 'ownership', owned, ctx) },
    {
      name: 'a new point replaced, then every point deleted',
      change: (store) => {
        store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 5, rowCount: 1 }, ctx);
        store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 5, rowCount: 2 }, ctx);
        store.deleteAspect('dataset', dataset('kept'), 'datasetProfile', ctx);
      },
    },
    {
      name: 'a start-up point deleted, then written back with other values twice',
      change: (store) => {
        store.deleteAspect('dataset', dataset('kept'), 'datasetProfile', ctx);
        store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1, rowCount: 20 }, ctx);
        store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1, rowCount: 30 }, ctx);
      },
    },
    {
      name: 'everything at once, in one transaction',
      change: (store) =>
        store.transaction(() => {
          store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
          store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 2, rowCount: 0 }, ctx);
          store.deleteAspect('dataset', dataset('other'), 'datasetKey', ctx);
          store.upsertAspect('dataset', dataset('new'), 'datasetProfile', { timestampMillis: 3 }, ctx);
        }),
    },
  ];

  it.each(resetCases)('reset undoes $name', ({ change }) => {
    const store = new CatalogStore({ contract });
    for (const owners of [[], owned.owners, [{ owner: `${prefix}corpuser:carol`, type: 'DATAOWNER' }]])
      store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners }, ctx);
    for (const timestampMillis of [1, 2])
      store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis, rowCount: 10 }, ctx);
    store.upsertAspect('dataset', dataset('other'), 'ownership', owned, ctx);
    store.markStartupState();
    const startup = store.snapshot();
    change(store);
    expect(store.snapshot().digest).not.toBe(startup.digest);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    // Nothing is left over for a second round: the same change again is undone as well.
    change(store);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    store.close();
  });

  it('forgets a write that rolled back, and still undoes the writes around it', () => {
    const store = new CatalogStore({ contract });
    store.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    store.markStartupState();
    const startup = store.snapshot();
    expect(() =>
      store.transaction(() => {
        store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(store.snapshot()).toEqual(startup);
    store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    store.close();
  });

  it('resets the points a truncation task deleted in batches', async () => {
    const store = new CatalogStore({ contract });
    for (let timestampMillis = 1; timestampMillis <= 5; timestampMillis++) {
      store.upsertAspect(
        'dataset',
        dataset('kept'),
        'datasetProfile',
        { timestampMillis, rowCount: timestampMillis },
        ctx,
      );
    }
    store.markStartupState();
    const startup = store.snapshot();
    const tasks = new TaskRegistry();
    const task = truncateTimeseriesAspect(
      store,
      { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: 4, dryRun: false, batchSize: 2 },
      { ...ctx, tasks },
    );
    const [node, id] = task.split(':');
    await vi.waitFor(() => expect(tasks.status(node ?? '', Number(id))?.completed).toBe(true));
    expect(
      store.timeseries({ urn: dataset('kept'), aspect: 'datasetProfile', limit: 10 }).map((p) => p.timestampMillis),
    ).toEqual([5, 4]);
    store.reset();
    expect(store.snapshot()).toEqual(startup);
    tasks.close();
    store.close();
  });

  it('keeps the start-up state out of the data file', () => {
    const path = join(dataDir, `${ns}-startup.sqlite`);
    const store = new CatalogStore({ contract, path });
    store.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    store.markStartupState();
    store.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
    store.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 1 }, ctx);
    store.close();
    const file = new BetterSqlite3(path, { readonly: true });
    const tables = file.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();
    file.close();
    expect(tables).toEqual(['aspects', 'relationships', 'timeseries']);
  });

  it('keeps its data in a file across close and reopen', () => {
    const path = join(dataDir, `${ns}.sqlite`);
    const first = new CatalogStore({ contract, path });
    first.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    first.upsertAspect('dataset', dataset('kept'), 'datasetProfile', { timestampMillis: 3, rowCount: 1 }, ctx);
    const written = first.snapshot();
    first.close();
    const second = new CatalogStore({ contract, path });
    expect(second.snapshot()).toEqual(written);
    expect(second.getAspect(dataset('kept'), 'ownership', 0)?.value).toEqual(owned);
    expect(second.timeseries({ urn: dataset('kept'), aspect: 'datasetProfile', limit: 5 })).toHaveLength(1);
    expect(ownedByBob(second)).toBe(1);
    second.close();
  });

  it('opens a data file of an earlier layout, whose indices covered every version', () => {
    const path = join(dataDir, `${ns}-earlier.sqlite`);
    const first = new CatalogStore({ contract, path });
    first.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    first.upsertAspect('dataset', dataset('kept'), 'ownership', { owners: [] }, ctx);
    first.close();
    const earlier = new BetterSqlite3(path);
    earlier.exec(
      'CREATE INDEX aspects_by_aspect ON aspects (aspect, version, urn); CREATE INDEX aspects_by_entity ON aspects (entity, version, urn);',
    );
    earlier.close();
    const reopened = new CatalogStore({ contract, path });
    const indices = reopened.db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'aspects' AND sql IS NOT NULL")
      .pluck()
      .all();
    // Only indices of the latest rows: a new version of an aspect updates none.
    expect(indices).toEqual(['latest_aspects_by_entity', 'latest_aspects_by_urn']);
    expect(reopened.getAspect(dataset('kept'), 'ownership', 1)?.value).toEqual(owned);
    reopened.upsertAspect('dataset', dataset('kept'), 'ownership', owned, ctx);
    expect(reopened.getAspect(dataset('kept'), 'ownership', 2)?.value).toEqual({ owners: [] });
    reopened.close();
  });

  it('refuses a second store on a data file that is open', () => {
    const path = join(dataDir, `${ns}-locked.sqlite`);
    const first = new CatalogStore({ contract, path });
    first.upsertAspect('dataset', dataset('a'), 'ownership', owned, ctx);
    expect(() => new CatalogStore({ contract, path })).toThrow(`${path} is in use by another process`);
    first.close();
    const second = new CatalogStore({ contract, path });
    expect(second.getAspect(dataset('a'), 'ownership', 0)?.value).toEqual(owned);
    second.close();
  });

  it('keeps an acknowledged write when the process is killed right after it', async () => {
    const path = join(dataDir, `${ns}-killed.sqlite`);
    const urn = `${prefix}corpuser:survivor`;
    // The writer acknowledges on stdout and then idles until it is killed, without closing the store.
    const writer = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
        const { loadContract } = await import(${JSON.stringify(new URL('../../../spec/index.ts', import.meta.url).href)});
        const { CatalogStore } = await import(${JSON.stringify(new URL('../../store/catalog-store.ts', import.meta.url).href)});
        const store = new CatalogStore({ contract: loadContract(${JSON.stringify(ns)}), path: ${JSON.stringify(path)} });
        store.upsertAspect('corpuser', ${JSON.stringify(urn)}, 'status', { removed: true }, ${JSON.stringify(ctx)});
        process.stdout.write('acknowledged\\n');
        setInterval(() => {}, 60_000);
      `,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(writer, 'exit');
    const [chunk] = (await once(writer.stdout, 'data')) as [Buffer];
    expect(chunk.toString()).toBe('acknowledged\n');
    writer.kill('SIGKILL');
    await exited;
    const reopened = new CatalogStore({ contract, path });
    expect(reopened.isSoftDeleted(urn)).toBe(true);
    reopened.close();
  });
});
