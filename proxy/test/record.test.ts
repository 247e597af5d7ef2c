/**
 * `proxy --record`: a script ingests, edits through GraphQL and reads through the proxy in front of a
 * mock; the entities the writes touched and the reads returned are pulled into a seed file, and a fresh
 * mock seeded from it (no sample catalog) answers the script's reads the same way. The deployment's
 * GraphQL schema is pulled too, at the GraphQL path the traffic used, and written beside the seed file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProxyArgs } from '../../bin/proxy.js';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { schemaFileOf, writeSeedFile, type PulledSchema } from '../../pull/index.js';
import { createRecording, type Recording } from '../../pull/recording.js';
import { fromRoot } from '../../spec/index.js';
import { relatedUrns, restliEncode, restliList } from '../../deployment/index.js';
import { createValidationProxy, type ValidationProxy } from '../index.js';

const VISITS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,recorded.visits,PROD)';
const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
const TAG = 'urn:svc:tag:Legacy';
const ADMIN = { 'Content-Type': 'application/json', Authorization: 'Bearer admin-token' };

const dir = mkdtempSync(join(tmpdir(), 'record-'));
const file = join(dir, 'recording.json');
let source: MockServer;
let proxy: ValidationProxy;
let recording: Recording;
let copy: MockServer;
let schema: PulledSchema;

async function call(base: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...ADMIN, 'X-RestLi-Protocol-Version': '2.0.0' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

const PAGE = `{ dataset(urn: "${ORDERS}") { urn properties { description } editableProperties { description } tags { tags { tag { urn properties { name } } } } ownership { owners { owner { ... on CorpUser { urn username } } } } } }`;

/** The script's reads, as it sent them; each response without the audit stamps the loader sets. */
async function reads(base: string): Promise<unknown[]> {
  const entity = async (urn: string): Promise<unknown> => {
    const read = (await call(base, `/entitiesV2/${encodeURIComponent(urn)}`)) as {
      aspects: Record<string, { value: unknown }>;
    };
    return Object.fromEntries(Object.entries(read.aspects).map(([name, aspect]) => [name, aspect.value]));
  };
  const search = (await call(base, '/entities?action=search', {
    input: 'visits',
    entity: 'dataset',
    start: 0,
    count: 10,
  })) as { value: { entities: unknown } };
  const related = relatedUrns(
    await call(
      base,
      `/relationships?urn=${restliEncode(ORDERS)}&direction=INCOMING&types=${restliList(['DownstreamOf'])}`,
    ),
  );
  return [
    await entity(VISITS),
    await entity(ORDERS),
    search.value.entities,
    related,
    await call(base, '/api/graphql', { query: PAGE }),
  ];
}

beforeAll(async () => {
  source = await createMockServer({ port: 0, logger: silentLogger });
  recording = createRecording('svc');
  proxy = await createValidationProxy({ upstream: source.url, onExchange: recording.observe });
  const visits = { description: 'Visits, recorded through the proxy' };
  await call(proxy.url, '/aspects?action=ingestProposal', {
    proposal: {
      entityType: 'dataset',
      entityUrn: VISITS,
      changeType: 'UPSERT',
      aspectName: 'datasetProperties',
      aspect: { value: JSON.stringify(visits), contentType: 'application/json' },
    },
  });
  const mutation = 'mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }';
  expect(
    await call(proxy.url, '/api/graphql', {
      query: mutation,
      variables: { input: { tagUrn: TAG, resourceUrn: ORDERS } },
    }),
  ).toMatchObject({ data: { addTag: true } });
  const update = `mutation { updateDataset(urn: "${ORDERS}", input: { editableProperties: { description: "Orders, edited through the proxy" } }) { urn } }`;
  expect(await call(proxy.url, '/api/graphql', { query: update })).toMatchObject({
    data: { updateDataset: { urn: ORDERS } },
  });
  await reads(proxy.url);
  await proxy.close();
  const result = await recording.pull({ from: source.url, rate: 10_000 });
  writeSeedFile(file, result.entries);
  schema = result.schema;
  copy = await createMockServer({ port: 0, logger: silentLogger, sample: false, seed: [file] });
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all([source?.close(), copy?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy --record in front of a mock', () => {
  it('keeps the URNs the accepted writes touched and those the reads returned', () => {
    expect(recording.touched()).toEqual(expect.arrayContaining([VISITS, ORDERS, TAG]));
    expect(recording.returned().length).toBeGreaterThan(4);
    expect(copy.loaded.flatMap((report) => report.skipped)).toEqual([]);
  });

  it("seeds a fresh mock that answers the script's reads the same way", async () => {
    const recorded = await reads(source.url);
    expect((recorded[0] as { datasetProperties: unknown }).datasetProperties).toMatchObject({
      description: 'Visits, recorded through the proxy',
    });
    expect(JSON.stringify(recorded[4])).toContain('"name":"Legacy"');
    expect(JSON.stringify(recorded[4])).toContain('Orders, edited through the proxy');
    expect(await reads(copy.url)).toEqual(recorded);
  });

  it('pulls the GraphQL schema at the GraphQL path the traffic used', () => {
    expect(schema).toMatchObject({ kind: 'schema', url: `${source.url}/api/graphql` });
  });

  it("asks the frontend's /api/v2/graphql for the schema when that is what the traffic used", async () => {
    const frontend = createRecording('svc');
    frontend.observe(
      { method: 'POST', target: '/api/v2/graphql', headers: {}, body: Buffer.from('{"query":"{ __typename }"}') },
      { status: 200, body: Buffer.from('{"data":{"__typename":"Query"}}') },
    );
    const result = await frontend.pull({ from: source.url, rate: 10_000 });
    expect(result.schema).toMatchObject({ kind: 'schema', url: `${source.url}/api/v2/graphql` });
  });

  it('writes no token into the recording', () => {
    expect(readFileSync(file, 'utf8')).not.toContain('admin-token');
  });
});

describe('proxy --record on the command line', () => {
  it('takes --record with --token and --redact, and refuses those two without it', () => {
    expect(
      parseProxyArgs(['--upstream', 'http://x', '--record', 'r.json', '--token', 't', '--redact', '@example\\.com']),
    ).toMatchObject({ record: { file: 'r.json', token: 't', redact: [/@example\.com/g] } });
    expect(() => parseProxyArgs(['--upstream', 'http://x', '--redact', 'x'])).toThrow(
      '--redact applies to --record; give --record FILE too',
    );
    expect(parseProxyArgs(['--upstream', 'http://x', '--record', 'r.json', '--no-schema'])).toMatchObject({
      record: { file: 'r.json', schema: false },
    });
    expect(() => parseProxyArgs(['--upstream', 'http://x', '--no-schema'])).toThrow(
      '--no-schema applies to --record; give --record FILE too',
    );
  });
});

describe('catalog-contract proxy --record (process)', () => {
  it('pulls the recording into the file when stopped, the token only in memory', async () => {
    const out = join(dir, 'process.json');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fromRoot('bin', 'catalog-contract.ts'),
        'proxy',
        '--upstream',
        source.url,
        '--port',
        '0',
        '--record',
        out,
      ],
      { cwd: fromRoot(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => /listening on (http:\/\/\S+),/.exec(output)?.[1], { timeout: 20_000, interval: 100 })
        .toBeDefined();
      const url = /listening on (http:\/\/\S+),/.exec(output)![1]!;
      expect(output).toContain(`recording into ${out}`);
      await call(url, `/entitiesV2/${encodeURIComponent(ORDERS)}`);
      child.kill('SIGTERM');
      expect(await exit, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(output).toMatch(/^record: wrote \d+ aspects of 1 entity \(0 written, 1 read\) to /m);
    const written = readFileSync(out, 'utf8');
    expect(written).toContain(ORDERS);
    expect(written).not.toContain('admin-token');
    expect(output).toMatch(
      /^record: wrote the GraphQL schema of http:\S+\/api\/graphql \(\d+ types\) to \S+process\.schema\.json$/m,
    );
    expect(JSON.parse(readFileSync(schemaFileOf(out), 'utf8'))).toHaveProperty('__schema.queryType');
  });
});
