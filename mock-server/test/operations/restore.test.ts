import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContract, makeUrn } from '../../../spec/index.js';
import { RestliError } from '../../errors.js';
import { restoreIndices } from '../../operations/index.js';
import { createSearchIndex, type SearchIndex } from '../../search/index.js';
import { CatalogStore } from '../../store/catalog-store.js';

const contract = loadContract('svc');
const { urnPrefix } = contract.names;
const write = { actor: `${urnPrefix}corpuser:datahub`, now: 1_700_000_000_000 };
const dataset = (platform: string, name: string): string =>
  makeUrn(urnPrefix, 'dataset', [makeUrn(urnPrefix, 'dataPlatform', [platform]), name, 'PROD']);
const owner = (name: string): string => `${urnPrefix}corpuser:${name}`;

const DATASETS = [
  { urn: dataset('hive', 'db.orders'), owner: owner('ann') },
  { urn: dataset('hive', 'db.users'), owner: owner('bob') },
  { urn: dataset('kafka', 'events'), owner: owner('cid') },
] as const;
const [ORDERS, USERS, EVENTS] = DATASETS.map((d) => d.urn) as [string, string, string];

let store: CatalogStore;
let search: SearchIndex;

const owners = (urn: string): string[] =>
  store
    .relationships({ urn, direction: 'OUTGOING', types: ['OwnedBy'], start: 0, count: 10 })
    .relationships.map((r) => r.entity);
const found = (): string[] => search.search({ input: '*', entity: 'dataset', start: 0, count: 10 }).entities;
const latestRows = (urn: string): string[] =>
  store
    .latestAspects(urn)
    .map((a) => a.aspect)
    .sort();

/** Drops every derived row, as a lost or corrupted index would. */
function loseDerivedIndices(): void {
  store.db.exec('DELETE FROM relationships');
  search.clear();
}

beforeEach(() => {
  search = createSearchIndex(contract);
  store = new CatalogStore({ contract, derived: [search] });
  for (const d of DATASETS) {
    store.upsertAspect('dataset', d.urn, 'ownership', { owners: [{ owner: d.owner, type: 'DATAOWNER' }] }, write);
    store.upsertAspect('dataset', d.urn, 'datasetProperties', { description: `rows of ${d.urn}` }, write);
  }
});

afterEach(() => store.close());

describe('restoreIndices', () => {
  it('restores the relationships and search documents of exactly the selected URN, with the report', () => {
    loseDerivedIndices();
    expect([owners(ORDERS), found()]).toEqual([[], []]);

    const report = restoreIndices(store, { urn: ORDERS });

    expect(owners(ORDERS)).toEqual([owner('ann')]);
    expect(owners(USERS)).toEqual([]);
    expect(found()).toEqual([ORDERS]);
    const rows = latestRows(ORDERS);
    expect(report).toMatch(
      new RegExp(
        '^\\{args=RestoreIndicesArgs\\(start=0, batchSize=10, limit=0, numThreads=1, batchDelayMs=1, aspectName=null, ' +
          `urn=${escape(ORDERS)}, urnLike=null\\), result=RestoreIndicesResult\\(ignored=0, rowsMigrated=${rows.length}, ` +
          'timeSqlQueryMs=0, timeGetRowMs=0, timeUrnMs=0, timeEntityRegistryCheckMs=0, aspectCheckMs=0, createRecordMs=0, sendMessageMs=\\d+, ' +
          `defaultAspectsCreated=0, lastUrn=${escape(ORDERS)}, lastAspect=${rows.at(-1)}\\)\\}$`,
      ),
    );
  });

  const selections: {
    name: string;
    given: Record<string, unknown>;
    restored: string[];
    rowsMigrated: number | ((urns: string[]) => number);
    last: string;
  }[] = [
    {
      name: 'one aspect of every entity',
      given: { aspect: 'ownership' },
      restored: [ORDERS, USERS, EVENTS],
      rowsMigrated: 3,
      last: `lastUrn=${EVENTS}, lastAspect=ownership`,
    },
    {
      name: 'a URN pattern',
      given: { urnLike: '%dataPlatform:hive,%', batchSize: 100 },
      restored: [ORDERS, USERS],
      rowsMigrated: rowsOf,
      last: `lastUrn=${USERS}`,
    },
    {
      name: 'a page of rows: the first row only',
      given: { urnLike: '%', start: 0, batchSize: 1 },
      restored: [ORDERS],
      rowsMigrated: 1,
      last: `lastUrn=${ORDERS}`,
    },
    {
      name: 'a page past the last row',
      given: { urnLike: '%', start: 1000, batchSize: 1 },
      restored: [],
      rowsMigrated: 0,
      last: 'lastUrn=, lastAspect=)',
    },
  ];

  function rowsOf(urns: string[]): number {
    return urns.reduce((sum, urn) => sum + latestRows(urn).length, 0);
  }

  it.each(selections)('restores $name and nothing else', ({ given, restored, rowsMigrated, last }) => {
    loseDerivedIndices();
    const report = restoreIndices(store, given);
    const want = typeof rowsMigrated === 'number' ? rowsMigrated : rowsMigrated(restored);
    expect(report).toContain(`rowsMigrated=${want},`);
    expect(report).toContain(last);
    for (const d of DATASETS) expect(owners(d.urn)).toEqual(restored.includes(d.urn) ? [d.owner] : []);
    expect(found().sort()).toEqual([...restored].sort());
  });

  it('brings back the whole derived state when every row is restored', () => {
    const before = store.snapshot();
    loseDerivedIndices();
    expect(store.snapshot().digest).not.toBe(before.digest);
    restoreIndices(store, { urnLike: '%', batchSize: 1000 });
    expect(store.snapshot()).toEqual(before);
  });

  it('echoes the arguments it was given', () => {
    expect(restoreIndices(store, { aspect: 'ownership', urnLike: '%orders%', start: 0, batchSize: 5 })).toContain(
      'RestoreIndicesArgs(start=0, batchSize=5, limit=0, numThreads=1, batchDelayMs=1, aspectName=ownership, urn=null, urnLike=%orders%)',
    );
  });

  it.each([
    { given: { start: -1 }, want: /body\.start/ },
    { given: { batchSize: 0 }, want: /body\.batchSize/ },
    { given: { urn: 'SampleHiveDataset' }, want: /body\.urn/ },
    { given: { urns: [ORDERS] }, want: /unknown property 'urns'/ },
  ])('rejects $given with a 400 naming the field', ({ given, want }) => {
    const before = store.snapshot().digest;
    let error: unknown;
    try {
      restoreIndices(store, given);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RestliError);
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(want) });
    expect(store.snapshot().digest).toBe(before);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
