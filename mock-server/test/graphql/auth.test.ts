/**
 * Access to POST /api/graphql follows the HTTP layer's rule: in `standard` a request containing a
 * mutation needs a token, in `all` every request does, in `off` none; a missing or unknown token is
 * a 401 before GraphQL runs; a reader token on a mutation is an UNAUTHORIZED error inside a 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthMode } from '../../auth/bearer-auth.js';
import type { MockServer } from '../../index.js';
import { UNAUTHORIZED_MESSAGE } from '../../graphql/errors.js';
import { ADMIN, DATASET, READER, call, digest, graphql, ingest, startServer } from '../graphql-harness.js';

const QUERY = `{ dataset(urn: "${DATASET}") { urn } }`;
const MUTATION = `mutation { updateDataset(urn: "${DATASET}", input: { editableProperties: { description: "edited" } }) { urn } }`;

type Outcome = 'data' | 401 | 'UNAUTHORIZED';

const table: { mode: AuthMode; token?: string; query: Outcome; mutation: Outcome }[] = [
  { mode: 'standard', query: 'data', mutation: 401 },
  { mode: 'standard', token: 'guessed', query: 401, mutation: 401 },
  { mode: 'standard', token: READER, query: 'data', mutation: 'UNAUTHORIZED' },
  { mode: 'standard', token: ADMIN, query: 'data', mutation: 'data' },
  { mode: 'all', query: 401, mutation: 401 },
  { mode: 'all', token: READER, query: 'data', mutation: 'UNAUTHORIZED' },
  { mode: 'all', token: ADMIN, query: 'data', mutation: 'data' },
  { mode: 'off', query: 'data', mutation: 'data' },
  { mode: 'off', token: READER, query: 'data', mutation: 'data' },
];

describe.each(['standard', 'all', 'off'] as const)('auth mode %s', (mode) => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startServer({ auth: mode });
    await ingest(server, DATASET, 'status', { removed: false }, ADMIN);
  });
  afterAll(() => server.close());

  it.each(
    table
      .filter((row) => row.mode === mode)
      .flatMap((row) => [
        { ...row, kind: 'query', want: row.query },
        { ...row, kind: 'mutation', want: row.mutation },
      ]),
  )('$kind with token $token gives $want', async ({ token, kind, want }) => {
    const before = await digest(server);
    const reply = await graphql(server, { query: kind === 'query' ? QUERY : MUTATION, ...(token ? { token } : {}) });
    if (want === 401) {
      expect(reply.status).toBe(401);
      expect(reply.json.errors[0].message).toBeTruthy();
      expect(await digest(server)).toBe(before);
    } else if (want === 'UNAUTHORIZED') {
      expect(reply.status).toBe(200);
      expect(reply.json.errors).toEqual([
        {
          message: UNAUTHORIZED_MESSAGE,
          locations: [{ line: 1, column: 12 }],
          path: ['updateDataset'],
          extensions: { code: 403, type: 'UNAUTHORIZED' },
        },
      ]);
      expect(reply.json.data).toEqual({ updateDataset: null });
      expect(await digest(server)).toBe(before);
    } else {
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({
        data: { [kind === 'query' ? 'dataset' : 'updateDataset']: { urn: DATASET } },
        extensions: {},
      });
    }
  });
});

describe('the token user is the actor of the audit stamps written', () => {
  it('editableDatasetProperties carries the admin token user', async () => {
    const server = await startServer();
    try {
      await ingest(server, DATASET, 'status', { removed: false });
      await graphql(server, { query: MUTATION, token: ADMIN });
      const read = await call(server, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`);
      const aspect = read.json.aspects.editableDatasetProperties;
      expect(aspect.created.actor).toBe('urn:svc:corpuser:datahub');
      expect(aspect.value.lastModified.actor).toBe('urn:svc:corpuser:datahub');
    } finally {
      await server.close();
    }
  });
});
