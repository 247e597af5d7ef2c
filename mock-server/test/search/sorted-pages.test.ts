/**
 * Pages of a sorted search over a catalog where a page is a small share of the result, through
 * POST /entities?action=search: every page, deep ones too, holds the rows of the one order of the
 * criteria (text lower-cased and compared by its UTF-8 bytes, beyond ASCII too; dates as numbers),
 * then urn ascending; an entity without the value last in both orders; alike for a search matching
 * everything, a ranked term and a `field:value` clause; alike on a data file of an earlier build,
 * which gets the index of lower-cased values at open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../index.js';
import { call, ingest, serverForTests, withServer } from '../http-harness.js';

const DATASETS = 48;
const PAGE = 5;
const dataset = (i: number) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,shop.t${String(i).padStart(2, '0')},PROD)`;

/** Names that tie, differ by case alone, or hold letters beyond ASCII (İ lower-cases to i and a combining dot). */
const NAMES = [
  'apple',
  'Apple',
  'APPLE pie',
  'banana',
  'Éclair',
  'éclair',
  'İzmir',
  'izmir',
  'Zebra',
  'zeta',
  'ǅemal',
  'orders',
];

interface Entry {
  urn: string;
  name?: string;
  time?: number;
  sales: boolean;
  gold: boolean;
}

const ENTRIES: Entry[] = Array.from({ length: DATASETS }, (_, i) => ({
  urn: dataset(i),
  ...(i % 7 === 3 ? {} : { name: NAMES[(i * 5) % NAMES.length]! }),
  ...(i % 5 === 1 ? {} : { time: 1000 * ((i * 7) % 9) }),
  sales: i % 3 !== 0,
  gold: i % 2 === 0,
}));

const bytes = (s: string) => Buffer.from(s, 'utf8');
/** The expected order: the key (lower-cased name's UTF-8 bytes, or the time), reversed when descending, then urn; no key last. */
function expected(
  entries: readonly Entry[],
  key: (e: Entry) => string | number | undefined,
  descending: boolean,
): string[] {
  const compare = (a: string | number, b: string | number) =>
    typeof a === 'number' ? a - (b as number) : Buffer.compare(bytes(a), bytes(b as string));
  return [...entries]
    .sort((x, y) => {
      const a = key(x);
      const b = key(y);
      if (a === undefined || b === undefined) {
        if (a !== b) return a === undefined ? 1 : -1;
      } else {
        const c = compare(a, b) * (descending ? -1 : 1);
        if (c !== 0) return c;
      }
      return Buffer.compare(bytes(x.urn), bytes(y.urn));
    })
    .map((e) => e.urn);
}

async function load(server: MockServer): Promise<void> {
  for (const e of ENTRIES) {
    await ingest(server, e.urn, 'datasetProperties', {
      ...(e.name === undefined ? {} : { name: e.name }),
      description: e.sales ? 'sales' : 'stock',
      ...(e.time === undefined ? {} : { lastModified: { time: e.time, actor: 'urn:svc:corpuser:etl' } }),
    });
    if (e.gold) await ingest(server, e.urn, 'globalTags', { tags: [{ tag: 'urn:svc:tag:Gold' }] });
  }
}

async function page(server: MockServer, input: string, field: string, order: string, start: number, count: number) {
  const reply = await call(server, 'POST', '/entities?action=search', {
    body: { input, entity: 'dataset', start, count, sortCriteria: [{ field, order }] },
  });
  expect(reply.status).toBe(200);
  return (reply.json as { value: { entities: string[]; numEntities: number } }).value;
}

const byName = (e: Entry) => e.name?.toLowerCase();

describe('sorted search pages over a larger result', () => {
  const server = serverForTests({ indexLagMs: 0 });
  beforeAll(() => load(server()));

  const queries: [input: string, hits: (e: Entry) => boolean][] = [
    ['*', () => true],
    ['sales', (e) => e.sales],
    ['tags:Gold', (e) => e.gold],
  ];
  const sorts: [field: string, key: (e: Entry) => string | number | undefined][] = [
    ['name', byName],
    ['name.keyword', (e) => e.name],
    ['lastModifiedAt', (e) => e.time],
  ];

  for (const [input, hits] of queries) {
    for (const [field, key] of sorts) {
      for (const order of ['ASCENDING', 'DESCENDING']) {
        it(`${input} by ${field} ${order}: every page in the order of the values, then urn, no value last`, async () => {
          const result = ENTRIES.filter(hits);
          const want = expected(result, key, order === 'DESCENDING');
          const got: string[] = [];
          for (let start = 0; start < result.length; start += PAGE) {
            const value = await page(server(), input, field, order, start, PAGE);
            expect(value.numEntities).toBe(result.length);
            got.push(...value.entities);
          }
          expect(got).toEqual(want);
          expect((await page(server(), input, field, order, 17, 3)).entities).toEqual(want.slice(17, 20));
        });
      }
    }
  }

  it('orders alike on a data file of an earlier build, which gets the index of lower-cased values at open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sorted-pages-'));
    const data = join(dir, 'catalog.sqlite');
    const lowerCasedIndexes = () => {
      const file = new BetterSqlite3(data);
      const names = file.prepare("SELECT name FROM sqlite_schema WHERE name = 'search_value_by_lower'").pluck().all();
      return { file, names };
    };
    try {
      await withServer({ data, indexLagMs: 0 }, load);
      const earlier = lowerCasedIndexes();
      expect(earlier.names).toHaveLength(1);
      earlier.file.exec('DROP INDEX search_value_by_lower');
      earlier.file.close();
      await withServer({ data, indexLagMs: 0 }, async (reopened) => {
        const want = expected(ENTRIES, byName, false);
        expect((await page(reopened, '*', 'name', 'ASCENDING', 0, PAGE)).entities).toEqual(want.slice(0, PAGE));
        expect((await page(reopened, '*', 'name', 'ASCENDING', 40, PAGE)).entities).toEqual(want.slice(40, 45));
      });
      const reopened = lowerCasedIndexes();
      reopened.file.close();
      expect(reopened.names).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
