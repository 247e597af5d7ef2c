/**
 * A team's GraphQL schema served in place of the built-in SDL (`createMock({graphqlSchema})`, overlay/):
 * a "next release" of the built-in SDL, written here, that adds a type, fields on Dataset and on Query, an
 * argument and a mutation, given as a folder of files, as one file and as an introspection result. Known
 * fields answer from the store; new ones answer null, [] or a fixed value, listed in
 * `extensions.mockedFields`, the same on every run and never written; a schema that does not build
 * refuses the start naming the file and line; a seed file's `FILE.schema.json` sibling is served; the
 * depth and complexity limits hold on the served schema.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/index.js';
import { describeServer } from '../../../bin/mock.js';
import { createMock, silentLogger, type Mock, type MockOptions, type MockServer } from '../../index.js';
import { proposal } from '../http-harness.js';

const BUILT_IN = loadContract('svc').graphqlSdl;
const DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,orders,PROD)';

// The built-in Query.dataset with an argument the next release adds.
const DATASET_FIELD = 'dataset(urn: String!): Dataset';
const NEXT_DATASET_FIELD = 'dataset(urn: String!, asOfRelease: String): Dataset';

/** What the next release adds, in a file of its own. */
const ADDITIONS = `
"""How healthy a dataset is, by one check."""
type DatasetHealth {
  check: HealthCheck!
  passed: Boolean!
  score: Int!
  message: String
  checkedAt: Long!
}

enum HealthCheck {
  FRESHNESS
  VOLUME
  SCHEMA
}

type ReleaseInfo {
  version: String!
  features: [String!]!
}

extend type Dataset {
  releaseNote: String
  healthChecks: [DatasetHealth!]!
  latestHealth: DatasetHealth!
}

extend type Query {
  releaseInfo: ReleaseInfo!
}

extend type Mutation {
  archiveDataset(urn: String!): Boolean
}
`;

/** A definition repeated word for word in a third file, as DataHub's files repeat some. */
const REPEATED = `
enum HealthCheck {
  FRESHNESS
  VOLUME
  SCHEMA
}
`;

const NEXT_RELEASE = BUILT_IN.replace(DATASET_FIELD, NEXT_DATASET_FIELD);

let scratch: string;

/** The next release written as `form`: a folder of three files, one file, or an introspection result; the path. */
function written(form: 'folder' | 'file' | 'introspection'): string {
  if (form === 'folder') {
    const folder = join(scratch, 'resources');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'entity.graphql'), NEXT_RELEASE);
    writeFileSync(join(folder, 'health.graphql'), ADDITIONS);
    writeFileSync(join(folder, 'repeated.graphql'), REPEATED);
    return folder;
  }
  if (form === 'file') {
    const file = join(scratch, 'next.graphql');
    writeFileSync(file, NEXT_RELEASE + ADDITIONS);
    return file;
  }
  const file = join(scratch, 'next.json');
  writeFileSync(file, JSON.stringify({ data: introspectionFromSchema(buildSchema(NEXT_RELEASE + ADDITIONS)) }));
  return file;
}

async function start(options: MockOptions): Promise<Mock> {
  const mock = await createMock({ sample: false, logger: silentLogger, referenceDay: '2026-01-15', ...options });
  const reply = await mock.fetch('/aspects?action=ingestProposal', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer admin-token' },
    body: JSON.stringify(proposal(DATASET, 'datasetProperties', { name: 'Orders', description: 'All orders' })),
  });
  expect(reply.status).toBe(200);
  return mock;
}

async function graphql(
  mock: Mock,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data?: any; errors?: { message: string }[]; extensions: Record<string, unknown> }> {
  const reply = await mock.fetch('/api/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer admin-token' },
    body: JSON.stringify({ query, variables }),
  });
  expect(reply.status).toBe(200);
  return (await reply.json()) as never;
}

async function snapshotDigest(mock: Mock): Promise<string> {
  return ((await (await mock.fetch('/__mock/snapshot')).json()) as { digest: string }).digest;
}

const PAGE = `query page($urn: String!) {
  dataset(urn: $urn, asOfRelease: "next") {
    urn
    name
    properties { name description }
    releaseNote
    healthChecks { check passed }
    latestHealth { check passed score message checkedAt }
  }
  releaseInfo { version features }
}`;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'team-schema-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(['folder', 'file', 'introspection'] as const)('a next release as %s', (form) => {
  let mock: Mock;
  let path: string;
  beforeAll(async () => {
    path = written(form);
    mock = await start({ graphqlSchema: path });
  });
  afterAll(() => mock.close());

  it('answers known fields from the store and fills the new ones, listing each path filled', async () => {
    const { data, errors, extensions } = await graphql(mock, PAGE, { urn: DATASET });
    expect(errors).toBeUndefined();
    expect(data.dataset).toMatchObject({
      urn: DATASET,
      name: 'orders',
      properties: { name: 'Orders', description: 'All orders' },
    });
    expect(data.dataset.releaseNote).toBeNull();
    expect(data.dataset.healthChecks).toEqual([]);
    const latest = data.dataset.latestHealth;
    expect(['FRESHNESS', 'VOLUME', 'SCHEMA']).toContain(latest.check);
    expect(typeof latest.passed).toBe('boolean');
    expect(Number.isInteger(latest.score)).toBe(true);
    expect(latest.message).toBeNull();
    expect(Number.isInteger(latest.checkedAt)).toBe(true);
    expect(data.releaseInfo).toEqual({ version: expect.any(String), features: [] });
    expect(extensions.mockedFields).toEqual(
      expect.arrayContaining([
        'dataset.releaseNote',
        'dataset.healthChecks',
        'dataset.latestHealth',
        'dataset.latestHealth.check',
        'dataset.latestHealth.passed',
        'dataset.latestHealth.score',
        'dataset.latestHealth.message',
        'dataset.latestHealth.checkedAt',
        'releaseInfo',
        'releaseInfo.version',
        'releaseInfo.features',
      ]),
    );
    expect(extensions.mockedFields).not.toContain('dataset.name');
    expect(extensions.mockedFields).not.toContain('dataset.properties');
  });

  it('answers a query of known fields alone with empty extensions, as the built-in schema does', async () => {
    const { data, extensions } = await graphql(
      mock,
      'query($urn: String!) { dataset(urn: $urn) { properties { name } } }',
      {
        urn: DATASET,
      },
    );
    expect(data.dataset.properties.name).toBe('Orders');
    expect(extensions).toEqual({});
  });

  it('fills nothing into the store, and refuses a mutation the mock does not implement, naming it', async () => {
    const before = await snapshotDigest(mock);
    await graphql(mock, PAGE, { urn: DATASET });
    const archived = await graphql(mock, 'mutation($urn: String!) { archiveDataset(urn: $urn) }', { urn: DATASET });
    expect(archived.errors?.[0]?.message).toMatch(/archiveDataset is not implemented by the mock/);
    expect(archived.data?.archiveDataset ?? null).toBeNull();
    expect(await snapshotDigest(mock)).toBe(before);
  });

  it('fills the new fields of entities in a list, naming each path with its position', async () => {
    const { data, errors, extensions } = await graphql(
      mock,
      `
        {
          searchAcrossEntities(input: { query: "*", start: 0, count: 10 }) {
            searchResults {
              entity {
                urn
                ... on Dataset {
                  releaseNote
                  latestHealth {
                    score
                  }
                }
              }
            }
          }
        }
      `,
    );
    expect(errors).toBeUndefined();
    const [first] = data.searchAcrossEntities.searchResults;
    expect(first.entity).toMatchObject({
      urn: DATASET,
      releaseNote: null,
      latestHealth: { score: expect.any(Number) },
    });
    // In path order, whatever order the fields resolved in.
    expect(extensions.mockedFields).toEqual([
      'searchAcrossEntities.searchResults.0.entity.latestHealth',
      'searchAcrossEntities.searchResults.0.entity.latestHealth.score',
      'searchAcrossEntities.searchResults.0.entity.releaseNote',
    ]);
  });

  it('reports the signature differences from the built-in schema', () => {
    expect(mock.graphqlSchema?.path).toBe(path);
    // The next release only adds: nothing the built-in declares is missing or retyped.
    expect(mock.graphqlSchema?.differences).toEqual([]);
  });
});

describe('the filled values', () => {
  it('are the same on a second run of the mock', async () => {
    const answers: unknown[] = [];
    for (let run = 0; run < 2; run += 1) {
      const mock = await start({ graphqlSchema: written('file') });
      try {
        answers.push(await graphql(mock, PAGE, { urn: DATASET }));
      } finally {
        await mock.close();
      }
    }
    expect(answers[1]).toEqual(answers[0]);
  });

  it('differ by entity', async () => {
    const mock = await start({ graphqlSchema: written('file') });
    try {
      const query = 'query($urn: String!) { dataset(urn: $urn) { latestHealth { score checkedAt } } }';
      const scores = new Set<string>();
      for (const name of ['a', 'b', 'c', 'd'])
        scores.add(
          JSON.stringify(
            (await graphql(mock, query, { urn: `urn:svc:dataset:(urn:svc:dataPlatform:hive,${name},PROD)` })).data,
          ),
        );
      expect(scores.size).toBeGreaterThan(1);
    } finally {
      await mock.close();
    }
  });
});

describe('loading', () => {
  it('merges a definition repeated word for word in another file', async () => {
    const mock = await start({ graphqlSchema: written('folder') });
    try {
      expect(mock.graphqlSchema?.files).toHaveLength(3);
      expect(mock.graphqlSchema?.duplicatesMerged).toBe(1);
    } finally {
      await mock.close();
    }
  });

  it('refuses a schema that does not parse, naming the file and the line', async () => {
    const folder = join(scratch, 'broken-syntax');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.graphql'), BUILT_IN);
    writeFileSync(
      join(folder, 'b.graphql'),
      'type Fine {\n  id: String\n}\n\ntype Broken {\n  id: String\n  name String\n}\n',
    );
    await expect(createMock({ sample: false, logger: silentLogger, graphqlSchema: folder })).rejects.toThrow(
      `${join(folder, 'b.graphql')}:7:8: Syntax Error`,
    );
  });

  it('refuses a schema that does not build, naming the file and the line', async () => {
    const folder = join(scratch, 'broken-types');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.graphql'), BUILT_IN);
    writeFileSync(join(folder, 'b.graphql'), '\nextend type Dataset {\n  owner: NoSuchType\n}\n');
    await expect(createMock({ sample: false, logger: silentLogger, graphqlSchema: folder })).rejects.toThrow(
      `${join(folder, 'b.graphql')}:3:10: Unknown type "NoSuchType"`,
    );
  });

  it('refuses two different definitions of one type, naming both places', async () => {
    const folder = join(scratch, 'conflict');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.graphql'), BUILT_IN + '\ntype Extra {\n  id: String\n}\n');
    writeFileSync(join(folder, 'b.graphql'), 'type Extra {\n  id: Int\n}\n');
    await expect(createMock({ sample: false, logger: silentLogger, graphqlSchema: folder })).rejects.toThrow(
      /a\.graphql:\d+:6, .*b\.graphql:1:6: There can be only one type named "Extra"/,
    );
  });

  it('reports what the served schema lacks or types otherwise than the built-in one', async () => {
    const older = BUILT_IN.replace(DATASET_FIELD, 'dataset(urn: ID!): Dataset').replace(
      /\n  """\n  When the dataset was last written by ingestion, in epoch milliseconds.\n  """\n  lastIngested: Long\n/,
      '\n',
    );
    const file = join(scratch, 'older.graphql');
    writeFileSync(file, older);
    const mock = await start({ graphqlSchema: file });
    try {
      expect(mock.graphqlSchema?.differences).toEqual([
        'Query.dataset(urn): String! built in, ID! served',
        'Dataset.lastIngested: missing',
      ]);
      const banner = describeServer({ ...mock, url: 'http://127.0.0.1:1', session: () => '' } as MockServer, {
        logLevel: 'info',
        maxBodyText: '16mb',
      });
      expect(banner).toContain(`  GraphQL schema: ${file}: 1 file,`);
      expect(banner).toContain('    signatures: 2 differences from the built-in schema:');
      expect(banner).toContain('      Dataset.lastIngested: missing');
    } finally {
      await mock.close();
    }
  });
});

describe("a seed file's schema sibling", () => {
  it('is served when no graphqlSchema is given, and says which seed it came beside', async () => {
    const seed = join(scratch, 'pulled.json');
    writeFileSync(seed, JSON.stringify([]));
    writeFileSync(
      join(scratch, 'pulled.schema.json'),
      JSON.stringify({ data: introspectionFromSchema(buildSchema(NEXT_RELEASE + ADDITIONS)) }),
    );
    const mock = await start({ seed: [seed] });
    try {
      expect(mock.graphqlSchema).toMatchObject({ path: join(scratch, 'pulled.schema.json'), fromSeed: seed });
      const { data, extensions } = await graphql(mock, PAGE, { urn: DATASET });
      expect(data.dataset.properties.name).toBe('Orders');
      expect(extensions.mockedFields).toContain('dataset.releaseNote');
    } finally {
      await mock.close();
    }
  });

  it('gives way to a graphqlSchema given', async () => {
    const seed = join(scratch, 'pulled.json');
    const file = written('file');
    const mock = await start({ seed: [seed], graphqlSchema: file });
    try {
      expect(mock.graphqlSchema?.path).toBe(file);
      expect(mock.graphqlSchema?.fromSeed).toBeUndefined();
    } finally {
      await mock.close();
    }
  });

  it('is not looked for when absent: the built-in schema is served', async () => {
    const seed = join(scratch, 'alone.json');
    writeFileSync(seed, JSON.stringify([]));
    const mock = await start({ seed: [seed] });
    try {
      expect(mock.graphqlSchema).toBeUndefined();
      const { errors } = await graphql(mock, PAGE, { urn: DATASET });
      expect(errors?.[0]?.message).toMatch(/asOfRelease/);
    } finally {
      await mock.close();
    }
  });
});

describe('the limits', () => {
  it('hold on the served schema: its new fields count towards depth and complexity', async () => {
    const mock = await start({ graphqlSchema: written('file'), graphqlDepthLimit: 2, graphqlComplexityLimit: 9 });
    try {
      const deep = await graphql(mock, PAGE, { urn: DATASET });
      expect(deep.errors?.[0]?.message).toBe('maximum query depth exceeded 3 > 2');
      const wide = await graphql(mock, '{ releaseInfo { version features } }');
      expect(wide.errors).toBeUndefined();
      const many = await graphql(
        mock,
        `{ ${Array.from({ length: 5 }, (_, i) => `r${i}: releaseInfo { version }`).join(' ')} }`,
      );
      expect(many.errors?.[0]?.message).toBe('maximum query complexity exceeded 10 > 9');
    } finally {
      await mock.close();
    }
  });
});
