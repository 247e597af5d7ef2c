/**
 * The operation aspect (a time series) feeds a dataset's search document: its `lastUpdatedTimestamp`
 * is the DATETIME field `lastOperationTime` (upstream's Operation.pdl, `@Searchable {fieldType: DATETIME,
 * fieldName: lastOperationTime}`), which the UI's "Last Modified in Platform" sort sends. Upstream
 * updates the search document for time series aspects as for the others (UpdateIndicesService.java:
 * "For all aspects, attempt to update Search"). The mock takes the newest point's value (by
 * timestampMillis), so a point written late for an earlier time does not move it back (upstream: the
 * last point ingested; spec/upstream-differences.yaml, graphql-search-sort-and-flags-ignored).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, graphql } from '../graphql-harness.js';
import { call, digest, ingest, proposal, serverForTests } from '../http-harness.js';

const dataset = (name: string) => `urn:svc:dataset:(urn:svc:dataPlatform:hive,ops.${name},PROD)`;
const LOADED = dataset('loaded');
const ALTERED = dataset('altered');
const QUIET = dataset('quiet');
const operation = (timestampMillis: number, lastUpdatedTimestamp: number, operationType = 'INSERT') => ({
  timestampMillis,
  operationType,
  lastUpdatedTimestamp,
  actor: 'urn:svc:corpuser:etl',
  numAffectedRows: 10,
});

const SEARCH =
  'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } } } }';

describe('the operation aspect as lastOperationTime', () => {
  const server = serverForTests({ indexLagMs: 0 });
  beforeAll(async () => {
    for (const urn of [LOADED, ALTERED, QUIET])
      await ingest(server(), urn, 'datasetProperties', { name: urn.slice(35, -6), description: 'ops' });
    await ingest(server(), LOADED, 'operation', operation(1_000, 5_000));
    await ingest(server(), ALTERED, 'operation', operation(2_000, 3_000, 'ALTER'));
  });

  const rest = async (extra: Record<string, unknown>) => {
    const reply = await call(server(), 'POST', '/entities?action=search', {
      body: { input: '*', entity: 'dataset', start: 0, count: 10, ...extra },
    });
    expect(reply.status).toBe(200);
    return (reply.json as { value: { entities: string[] } }).value.entities;
  };
  const newestFirst = () => rest({ sortCriteria: [{ field: 'lastOperationTime', order: 'DESCENDING' }] });
  const gql = async (sortOrder: string) => {
    const input = {
      types: ['DATASET'],
      query: '*',
      sortInput: { sortCriterion: { field: 'lastOperationTime', sortOrder } },
    };
    const reply = await graphql(server(), { query: SEARCH, variables: { input }, token: ADMIN });
    const json = reply.json as {
      data?: { searchAcrossEntities: { searchResults: { entity: { urn: string } }[] } };
      errors?: unknown[];
    };
    expect(json.errors).toBeUndefined();
    return json.data?.searchAcrossEntities.searchResults.map((r) => r.entity.urn);
  };

  it('sorts GraphQL and REST searches by the newest point, a dataset without operations last in either order', async () => {
    expect(await gql('DESCENDING')).toEqual([LOADED, ALTERED, QUIET]);
    expect(await gql('ASCENDING')).toEqual([ALTERED, LOADED, QUIET]);
    expect(await newestFirst()).toEqual([LOADED, ALTERED, QUIET]);
  });

  it('filters on it as a date: a range condition, and the field a `field:value` clause names', async () => {
    const after = (value: number) =>
      rest({
        filter: { or: [{ and: [{ field: 'lastOperationTime', value: String(value), condition: 'GREATER_THAN' }] }] },
      });
    expect(await after(4_000)).toEqual([LOADED]);
    expect((await after(2_000)).sort()).toEqual([ALTERED, LOADED].sort());
    expect(await rest({ input: 'lastOperationTime:3000' })).toEqual([ALTERED]);
  });

  it('moves with a newer point; a point written later for an earlier time leaves it', async () => {
    await ingest(server(), ALTERED, 'operation', operation(3_000, 9_000, 'UPDATE'));
    expect(await newestFirst()).toEqual([ALTERED, LOADED, QUIET]);
    await ingest(server(), ALTERED, 'operation', operation(1_500, 100, 'DELETE'));
    expect(await newestFirst()).toEqual([ALTERED, LOADED, QUIET]);
    // Both points of ALTERED are stored, as any time series' are.
    const points = await call(server(), 'POST', '/aspects?action=getTimeseriesAspectValues', {
      body: { urn: ALTERED, entity: 'dataset', aspect: 'operation' },
    });
    expect((points.json as { value: { values: unknown[] } }).value.values).toHaveLength(3);
  });

  it('restoreIndices rebuilds the same rows from the stored points', async () => {
    const before = await digest(server());
    const reply = await call(server(), 'POST', '/operations?action=restoreIndices', { body: {}, token: ADMIN });
    expect(reply.status).toBe(200);
    expect(await digest(server())).toBe(before);
    expect(await newestFirst()).toEqual([ALTERED, LOADED, QUIET]);
  });

  it('a dataset whose operations are deleted has none: it sorts last in either order', async () => {
    const reply = await call(server(), 'POST', '/entities?action=delete', {
      body: { urn: ALTERED, aspectName: 'operation' },
      token: ADMIN,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ value: { urn: ALTERED, rows: 0, timeseriesRows: 3 } });
    expect(await gql('DESCENDING')).toEqual([LOADED, ALTERED, QUIET]);
    expect(await gql('ASCENDING')).toEqual([LOADED, ALTERED, QUIET]);
  });

  it('an operation without lastUpdatedTimestamp, or of an unknown type, is a 422 naming it; nothing is written', async () => {
    const before = await digest(server());
    for (const [value, named] of [
      [{ timestampMillis: 4_000, operationType: 'INSERT' }, 'lastUpdatedTimestamp'],
      [{ ...operation(4_000, 4_000), operationType: 'TRUNCATE' }, 'operationType'],
    ] as const) {
      const reply = await call(server(), 'POST', '/aspects?action=ingestProposal', {
        body: proposal(QUIET, 'operation', value),
      });
      expect(reply.status).toBe(422);
      expect(reply.text).toContain(named);
    }
    expect(await digest(server())).toBe(before);
  });
});
