/**
 * `pull` keeps the schema: against a deployment of the test's own (fixture-deployment.ts) whose GraphQL
 * endpoint answers an introspection of an SDL the test writes, the pull writes `FILE.schema.json` beside
 * `FILE.json`, a valid introspection result (a client schema builds from it) asked for with the pull's
 * token, at `--graphql-url` when given (by default GMS's `/api/graphql`, the frontend's `/api/v2/graphql`
 * when `--from` is its `/api/gms`). With `--no-schema` nothing is asked and no schema file is left;
 * where introspection is off (GraphQL errors, a 4xx) or its answer is unusable (garbage, the wrong shape,
 * none in time) the state is written alone, exit code 0, one line says why, and no schema file is left.
 * A kill mid-write is writeFileWhole's to prove (spec/test).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  isObjectType,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schemaFileOf } from '../index.js';
import { fixtureServers, runPullCommand as pull, TAG_ENTITY, TAG_URN } from './fixture-deployment.js';

/** The deployment's own API: a release with a field the mock's built-in schema has not (Tag.colorHex). */
const SDL = `
  type Query { tag(urn: String!): Tag }
  "A tag of the test's release."
  type Tag { urn: String! name: String colorHex: String }
`;
const INTROSPECTION = introspectionFromSchema(buildSchema(SDL));

const dir = mkdtempSync(join(tmpdir(), 'pull-schema-'));
const servers = fixtureServers();
let upstream: string;
/** The GraphQL requests the deployment received: path, Authorization header, body. */
let asked: { path: string; authorization: string | undefined; body: { query?: string } }[] = [];

const json = (res: ServerResponse, status: number, body: string): void =>
  void res.writeHead(status, { 'content-type': 'application/json' }).end(body);

/** What the GraphQL endpoint answers, by the first segment of the path (the `--from` address). */
const GRAPHQL: Record<string, (res: ServerResponse) => void> = {
  open: (res) => json(res, 200, JSON.stringify({ data: INTROSPECTION })),
  disabled: (res) => json(res, 200, JSON.stringify({ errors: [{ message: 'Introspection is disabled' }] })),
  refused: (res) => json(res, 403, '{"message":"Forbidden"}'),
  garbage: (res) => json(res, 200, '<html>oops</html>'),
  'wrong-shape': (res) => json(res, 200, JSON.stringify({ data: { __schema: { types: 'none' } } })),
  silent: () => {},
};

function deployment(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  if (path.includes('/entitiesV2/')) return json(res, 200, TAG_ENTITY);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (!/\/api(?:\/v2)?\/graphql$/.test(path)) return json(res, 404, '{}');
    const authorization = req.headers.authorization;
    asked.push({ path, authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query?: string } });
    GRAPHQL[path.split('/')[1] ?? '']?.(res);
  });
}

beforeAll(async () => {
  upstream = await servers.listen(deployment);
});
beforeEach(() => {
  asked = [];
});
afterAll(async () => {
  await servers.close();
  rmSync(dir, { recursive: true, force: true });
});

const pullFrom = (kind: string, out: string, ...more: string[]): string[] => [
  '--from',
  `${upstream}/${kind}`,
  '--namespace',
  'li',
  '--out',
  out,
  '--urn',
  TAG_URN,
  '--token',
  'schema-token',
  '--timeout-ms',
  '500',
  ...more,
];

/** The lines of a pull's stderr that say why no schema was written. */
const noSchemaLines = (err: string): string[] => err.split('\n').filter((line) => line.includes('no GraphQL schema'));

describe('pull keeps the schema', () => {
  it('names the schema file beside the seed file', () => {
    expect(schemaFileOf(join('out', 'slice.json'))).toBe(join('out', 'slice.schema.json'));
    expect(schemaFileOf('slice.seed')).toBe('slice.seed.schema.json');
  });

  it('writes FILE.schema.json beside FILE.json: the introspection, asked with the token, that builds a schema', async () => {
    const out = join(dir, 'open.json');
    const { code, err } = await pull(pullFrom('open', out));
    expect(code, err).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([expect.objectContaining({ entityUrn: TAG_URN })]);
    expect(asked).toEqual([
      {
        path: '/open/api/graphql',
        authorization: 'Bearer schema-token',
        body: expect.objectContaining({ query: expect.stringContaining('__schema') }),
      },
    ]);
    const file = join(dir, 'open.schema.json');
    expect(err).toMatch(
      /^pull: wrote the GraphQL schema of http:\S+\/open\/api\/graphql \(\d+ types\) to \S+open\.schema\.json$/m,
    );
    const written = JSON.parse(readFileSync(file, 'utf8')) as IntrospectionQuery;
    expect(Object.keys(written)).toEqual(['__schema']);
    expect(written).toEqual(INTROSPECTION);
    const schema = buildClientSchema(written);
    const tag = schema.getType('Tag');
    expect(isObjectType(tag) && Object.keys(tag.getFields())).toEqual(['urn', 'name', 'colorHex']);
    expect(
      schema
        .getQueryType()
        ?.getFields()
        .tag?.args.map((arg) => arg.name),
    ).toEqual(['urn']);
    expect(readFileSync(file, 'utf8')).not.toContain('schema-token');
  });

  it("asks --graphql-url, the frontend's /api/v2/graphql, when given", async () => {
    const out = join(dir, 'frontend.json');
    const { code, err } = await pull([...pullFrom('open', out), '--graphql-url', `${upstream}/open/api/v2/graphql`]);
    expect(code, err).toBe(0);
    expect(asked.map((request) => request.path)).toEqual(['/open/api/v2/graphql']);
    expect(buildClientSchema(JSON.parse(readFileSync(schemaFileOf(out), 'utf8')) as IntrospectionQuery)).toBeDefined();
  });

  it("asks the frontend's /api/v2/graphql by default when --from is the frontend's /api/gms", async () => {
    const out = join(dir, 'frontend-gms.json');
    const { code, err } = await pull(pullFrom('open/api/gms', out));
    expect(code, err).toBe(0);
    expect(asked.map((request) => request.path)).toEqual(['/open/api/v2/graphql']);
    expect(existsSync(schemaFileOf(out))).toBe(true);
  });

  it('asks nothing and leaves no schema file with --no-schema, removing an earlier one', async () => {
    const out = join(dir, 'no-schema.json');
    writeFileSync(schemaFileOf(out), JSON.stringify({ data: INTROSPECTION }));
    const { code, err } = await pull([...pullFrom('open', out), '--no-schema']);
    expect(code, err).toBe(0);
    expect(asked).toEqual([]);
    expect(existsSync(out)).toBe(true);
    expect(existsSync(schemaFileOf(out))).toBe(false);
    expect(err).toMatch(/^pull: --no-schema: removed \S+no-schema\.schema\.json, an earlier pull's schema$/m);
  });

  it.each([
    [
      'disabled',
      /introspection is off or refused: \S+\/disabled\/api\/graphql answered with GraphQL errors: Introspection is disabled\)/,
    ],
    [
      'refused',
      /introspection is off or refused: \S+\/refused\/api\/graphql answered 403: \{"message":"Forbidden"\}\)/,
    ],
    ['garbage', /POST \S+\/garbage\/api\/graphql answered 200 with a body that is not JSON: <html>oops<\/html>\)/],
    ['wrong-shape', /\/wrong-shape\/api\/graphql answered with an introspection result no schema builds from: /],
    ['silent', /POST \S+\/silent\/api\/graphql: no complete answer within 500 ms/],
  ])('%s: writes the state alone, exit code 0, one line why, no schema file', async (kind, why) => {
    const out = join(dir, `${kind}.json`);
    writeFileSync(schemaFileOf(out), JSON.stringify(INTROSPECTION));
    const { code, err } = await pull(pullFrom(kind, out));
    expect(code, err).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([expect.objectContaining({ entityUrn: TAG_URN })]);
    const lines = noSchemaLines(err);
    expect(lines, err).toHaveLength(1);
    expect(lines[0]).toMatch(/^pull: no GraphQL schema \(/);
    expect(lines[0]).toMatch(why);
    expect(lines[0]).toMatch(/: pulled the state alone; removed \S+\.schema\.json, an earlier pull's schema$/);
    expect(existsSync(schemaFileOf(out))).toBe(false);
  });

  it('refuses --graphql-url with --no-schema, or not an http URL, with exit code 2', async () => {
    for (const [more, message] of [
      [['--graphql-url', `${upstream}/open/api/graphql`, '--no-schema'], '--graphql-url is where the schema is asked'],
      [['--graphql-url', 'ftp://x/api/graphql'], "--graphql-url 'ftp://x/api/graphql': expected an http or https URL"],
    ] as const) {
      const { code, err } = await pull([...pullFrom('open', join(dir, 'usage.json')), ...more]);
      expect(code).toBe(2);
      expect(err.trim().split('\n').at(-1)).toContain(message);
    }
    expect(asked).toEqual([]);
  });
});
