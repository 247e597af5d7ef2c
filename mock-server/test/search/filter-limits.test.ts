/**
 * A filter is held to Elasticsearch's default clause limit (`indices.query.bool.max_clause_count`, 1024
 * conditions) and to 10,000 values in all: past them a search is a 400 naming the filter, in the REST API
 * and in GraphQL alike, where a filter of 200,000 conditions answered 500 ("Expression tree is too large",
 * "too many SQL variables").
 */
import { describe, expect, it } from 'vitest';
import { graphql } from '../graphql-harness.js';
import { call, serverForTests } from '../http-harness.js';

const criterion = { field: 'origin', value: 'PROD' };
const search = (filter: unknown) => ({ input: '*', entity: 'dataset', start: 0, count: 10, filter });

describe('filter limits', () => {
  const server = serverForTests();

  it.each([
    [
      '1,024 alternatives of one condition',
      { or: Array.from({ length: 1024 }, () => ({ and: [criterion] })) },
      200,
      '',
    ],
    [
      '1,025 alternatives',
      { or: Array.from({ length: 1025 }, () => ({ and: [criterion] })) },
      400,
      'filter: 1025 conditions, more than 1024',
    ],
    [
      '200,000 conditions in one alternative',
      { or: [{ and: Array.from({ length: 200_000 }, () => criterion) }] },
      400,
      'filter: 200000 conditions, more than 1024',
    ],
    [
      '200,000 deprecated criteria',
      { criteria: Array.from({ length: 200_000 }, () => criterion) },
      400,
      'filter: 200000 conditions, more than 1024',
    ],
    [
      '10,001 values of one condition',
      { or: [{ and: [{ field: 'origin', value: 'v', values: Array.from({ length: 10_001 }, (_, i) => `v${i}`) }] }] },
      400,
      'filter: 10001 values, more than 10000',
    ],
  ])('REST search, %s: %i', async (_, filter, status, message) => {
    const reply = await call(server(), 'POST', '/entities?action=search', { body: search(filter) });
    expect(reply.status).toBe(status);
    if (message) expect(reply.json.message).toBe(message);
  });

  it('GraphQL searchAcrossEntities with 1,025 orFilters: a BAD_REQUEST naming the filter', async () => {
    const orFilters = Array.from({ length: 1025 }, () => ({ and: [{ field: 'origin', values: ['PROD'] }] }));
    const reply = await graphql(server(), {
      query:
        'query s($orFilters: [AndFilterInput!]) { searchAcrossEntities(input: {query: "*", orFilters: $orFilters}) { total } }',
      variables: { orFilters },
    });
    expect(reply.json.errors).toEqual([
      expect.objectContaining({
        message: 'filter: 1025 conditions, more than 1024',
        extensions: expect.objectContaining({ code: 400, type: 'BAD_REQUEST' }),
      }),
    ]);
  });
});

describe('a filter of 200,000 unknown keys', () => {
  const server = serverForTests();

  it('is a 400 naming the first 20 errors and counting the rest, not a 500', async () => {
    const filter = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    const reply = await call(server(), 'POST', '/entities?action=search', { body: search(filter) });
    expect(reply.status).toBe(400);
    expect(reply.json.message).toMatch(/^body\.filter: .*; and \d+ more$/);
    expect(reply.json.message.split('; ')).toHaveLength(21);
  });
});
