/**
 * `catalog-contract operations` on documents of its own (operations-documents/: .graphql files, a
 * fragment shared across two files, a component with gql tagged templates and the same fragment again)
 * against two targets: the mock, and a mock serving a team's schema that lacks one field
 * (`Dataset.exists`) and one argument (`entities(checkForExistence:)`), both of the built-in SDL, as
 * upstream's SDL at v1.3.0.1 declares them (datahub-graphql-core/src/main/resources/entity.graphql).
 * The matrix, drift named, exit 1, the JSON and JUnit reports, `--baseline` (exit 0), `--execute` (queries
 * only), coverage from the mock's per-operation counts past its journal's cap, and waitForIndexed with an
 * index lag of 1500 ms.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, print, visit } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot, loadContract } from '../../spec/index.js';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { IndexWaitTimeoutError, waitForIndexed, type OperationsReport } from '../index.js';
import { parseXml, validateAgainst } from './junit-xsd.js';
import { runOperations, runWaitIndexedCli } from './run-operations-cli.js';

const DOCUMENTS = fromRoot('conformance', 'test', 'operations-documents');
const INDEX_LAG_MS = 1500;

/** The built-in SDL without Dataset.exists and without the checkForExistence argument of Query.entities. */
function teamSdl(): string {
  const document = visit(parse(loadContract('svc').graphqlSdl), {
    ObjectTypeDefinition(node) {
      if (node.name.value === 'Dataset')
        return { ...node, fields: node.fields?.filter((field) => field.name.value !== 'exists') };
      if (node.name.value === 'Query')
        return {
          ...node,
          fields: node.fields?.map((field) =>
            field.name.value === 'entities'
              ? { ...field, arguments: field.arguments?.filter((a) => a.name.value !== 'checkForExistence') }
              : field,
          ),
        };
      return undefined;
    },
  });
  return print(document);
}

let mock: MockServer;
let team: MockServer;
let dir: string;
const file = (name: string): string => join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'operations-'));
  writeFileSync(file('team.graphql'), teamSdl());
  // The journal keeps two entries: coverage must not depend on it.
  [mock, team] = await Promise.all([
    createMockServer({ port: 0, logger: silentLogger, journalSize: 2, indexLagMs: INDEX_LAG_MS }),
    createMockServer({ port: 0, logger: silentLogger, graphqlSchema: file('team.graphql') }),
  ]);
});

afterAll(async () => {
  await Promise.all([mock?.close(), team?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const targets = (): string[] => ['--target', `mock=${mock.url}`, '--target', `team=${team.url}/api/graphql`];
const json = (name: string): OperationsReport => JSON.parse(readFileSync(file(name), 'utf8')) as OperationsReport;

describe('the matrix against the mock and a team schema', () => {
  it('prints the matrix, names each drift, exits 1 and writes JSON and JUnit', async () => {
    const run = await runOperations([
      '--documents',
      DOCUMENTS,
      ...targets(),
      '--json',
      file('first.json'),
      '--junit',
      file('first.xml'),
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(1);
    const lines = run.out.split('\n');
    expect(lines[0]).toMatch(/^operation\s+contract\s+mock\s+team$/);
    expect(lines).toContainEqual(expect.stringMatching(/^q getDataset\s+valid\s+valid\s+INVALID$/));
    expect(lines).toContainEqual(expect.stringMatching(/^q getEntities\s+valid\s+valid\s+INVALID$/));
    expect(lines).toContainEqual(expect.stringMatching(/^q searchDatasets\s+valid\s+valid\s+valid$/));
    expect(lines).toContainEqual(expect.stringMatching(/^m updateDescription\s+valid\s+valid\s+valid$/));
    expect(run.out).toContain(
      'drift: query getDataset is accepted by contract, mock and refused by team (team: Cannot query field "exists" on type "Dataset".)',
    );
    expect(run.out).toContain(
      'drift: query getEntities is accepted by contract, mock and refused by team (team: Unknown argument "checkForExistence" on field "Query.entities".)',
    );

    const report = json('first.json');
    expect(report.ok).toBe(false);
    expect(report.documents).toEqual({
      files: 4,
      operations: 5,
      fragments: 1,
      duplicateFragmentsMerged: 1,
      duplicateOperationsMerged: 0,
    });
    expect(report.operations.map((row) => row.operation)).toEqual([
      'getDataset',
      'getEntities',
      'getPlatform',
      'searchDatasets',
      'updateDescription',
    ]);
    expect(report.findings.map((f) => [f.kind, f.operation, f.refused])).toEqual([
      ['drift', 'getDataset', ['team']],
      ['drift', 'getEntities', ['team']],
    ]);
    // The fragment of another file travels with the operation that spreads it.
    const getPlatform = report.operations.find((row) => row.operation === 'getPlatform');
    expect(getPlatform?.file).toBe(join('conformance', 'test', 'operations-documents', 'platform-page.tsx'));

    const xml = readFileSync(file('first.xml'), 'utf8');
    expect(validateAgainst(readFileSync(fromRoot('conformance', 'junit.xsd'), 'utf8'), xml)).toEqual([]);
    const root = parseXml(xml);
    expect(root.attributes).toMatchObject({ tests: '15', failures: '2', skipped: '0' });
    const teamSuite = root.children.find((suite) => suite.attributes.name === 'operations team');
    const failed = teamSuite?.children.filter((c) => c.children.some((o) => o.name === 'failure'));
    expect(failed?.map((c) => c.attributes.name)).toEqual(['getDataset', 'getEntities']);
  });

  it('with --baseline of that run the drift is known (exit 0); --execute sends the valid queries, never the mutation', async () => {
    writeFileSync(file('variables.json'), JSON.stringify({ getPlatform: { urn: 'urn:svc:dataPlatform:hive' } }));
    const run = await runOperations([
      '--documents',
      DOCUMENTS,
      ...targets(),
      '--baseline',
      file('first.json'),
      '--execute',
      '--variables',
      file('variables.json'),
      '--json',
      file('executed.json'),
      '--junit',
      file('known.xml'),
    ]);
    expect(run.code).toBe(0);
    expect(run.out).toContain('known (baseline) drift: query getDataset');
    expect(run.out).toContain('2 findings (2 drift), 0 new');
    expect(parseXml(readFileSync(file('known.xml'), 'utf8')).attributes).toMatchObject({ failures: '0', skipped: '2' });
    const report = json('executed.json');
    const cells = Object.fromEntries(
      report.operations.map((row) => [row.operation, row.cells.map((c) => c.execution?.status)]),
    );
    // The contract column is validated only; an operation invalid on a target is not sent to it.
    expect(cells).toEqual({
      getDataset: [undefined, 'clean', undefined],
      getEntities: [undefined, 'clean', undefined],
      getPlatform: [undefined, 'clean', 'clean'],
      searchDatasets: [undefined, 'clean', 'clean'],
      updateDescription: [undefined, 'not-run', 'not-run'],
    });
    const platform = report.operations.find((row) => row.operation === 'getPlatform');
    expect(platform?.cells[1]?.execution).toEqual({ status: 'clean', variables: 'given' });
  });

  it('refuses documents that define one fragment two ways, naming both places (exit 2)', async () => {
    writeFileSync(file('a.graphql'), 'fragment f on Dataset { urn }\nquery one { dataset(urn: "x") { ...f } }');
    writeFileSync(file('b.graphql'), 'fragment f on Dataset { name }');
    const run = await runOperations(['--documents', join(dir, '{a,b}.graphql'), ...targets()]);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/fragment f is defined twice with different selections: .*a\.graphql:1 and .*b\.graphql:1/);
  });

  it('cannot check a target that does not answer (exit 3)', async () => {
    const run = await runOperations(['--documents', DOCUMENTS, '--target', 'http://127.0.0.1:9/api/graphql']);
    expect(run.code).toBe(3);
    expect(run.err).toContain(
      'cannot check: http://127.0.0.1:9/api/graphql: POST http://127.0.0.1:9/api/graphql failed',
    );
  });
});

describe('coverage from the mock', () => {
  const send = (operationName: string, query: string, variables: Record<string, unknown>) =>
    fetch(`${mock.url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, operationName, variables }),
    });

  it('names the operations a test run sent, with their variable shapes and errors, past the journal cap', async () => {
    await fetch(`${mock.url}/__mock/operations`, { method: 'DELETE' });
    const getDataset = 'query getDataset($urn: String!) { dataset(urn: $urn) { urn __typename } }';
    await send('getDataset', getDataset, { urn: 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.orders,PROD)' });
    await send('getDataset', getDataset, { urn: 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.other,PROD)' });
    await send(
      'searchDatasets',
      'query searchDatasets($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total } }',
      {
        input: { query: '*', count: 5 },
      },
    );
    await send('getPlatform', 'query getPlatform($urn: String!) { dataPlatform(urn: $urn) { nope } }', { urn: 'x' });
    const journal = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as { total: number };
    expect(journal.total).toBe(2);

    const run = await runOperations([
      '--documents',
      DOCUMENTS,
      '--coverage-from',
      mock.url,
      '--min-coverage',
      '70',
      '--json',
      file('coverage.json'),
    ]);
    expect(run.code).toBe(1);
    expect(run.out).toContain('3 of 5 operations sent (60%), at least 70% wanted: TOO LOW');
    expect(run.out).toContain('sent      getDataset: 2 requests; variables urn:string x2');
    expect(run.out).toContain('sent      searchDatasets: 1 requests; variables input:{count:number,query:string} x1');
    expect(run.out).toContain('sent      getPlatform: 1 requests, 1 answered errors; variables urn:string x1');
    expect(run.out).toContain('not sent  getEntities');
    const atFifty = await runOperations([
      '--documents',
      DOCUMENTS,
      '--coverage-from',
      mock.url,
      '--min-coverage',
      '60',
    ]);
    expect(atFifty.code).toBe(0);
  });
});

describe('waitForIndexed on the mock with an index lag of 1500 ms', () => {
  const urn = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,wait_for_indexed,PROD)';
  const found = async (): Promise<number> => {
    const response = await fetch(`${mock.url}/api/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query:
          'query q($urn: String!) { searchAcrossEntities(input: {query: "*", orFilters: [{and: [{field: "urn", values: [$urn]}]}]}) { total } }',
        variables: { urn },
      }),
    });
    return ((await response.json()) as { data: { searchAcrossEntities: { total: number } } }).data.searchAcrossEntities
      .total;
  };

  it('returns as soon as the write is searchable', async () => {
    const written = Date.now();
    const write = await fetch(`${mock.url}/aspects?action=ingestProposal`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Svc-Protocol-Version': '2.0.0' },
      body: JSON.stringify({
        proposal: {
          entityType: 'dataset',
          entityUrn: urn,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: { value: JSON.stringify({ name: 'wait_for_indexed' }), contentType: 'application/json' },
        },
      }),
    });
    expect(write.status).toBe(200);
    expect(await found()).toBe(0);
    const indexed = await waitForIndexed(mock.url, urn, { in: 'search', timeoutMs: 10_000 });
    expect(indexed).toMatchObject({ urn, in: 'search', via: 'mock' });
    // Not before the lag has passed, and soon after (a loaded machine's timers run late), far from the timeout.
    const elapsed = Date.now() - written;
    expect(elapsed).toBeGreaterThanOrEqual(INDEX_LAG_MS - 50);
    expect(elapsed).toBeLessThan(INDEX_LAG_MS + 1500);
    expect(await found()).toBe(1);
  });

  it('refuses reads it does not know, naming the parameter', async () => {
    const response = await fetch(`${mock.url}/__mock/indexed/${encodeURIComponent(urn)}?in=graph`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('query.in');
  });

  it('times out with a clear error for a URN never written', async () => {
    const never = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,never_written,PROD)';
    await expect(waitForIndexed(mock.url, never, { timeoutMs: 300 })).rejects.toThrow(IndexWaitTimeoutError);
    const run = await runWaitIndexedCli(['--target', mock.url, '--urn', never, '--timeout-ms', '200']);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`${never} was never written to the mock within 200 ms`);
  });
});
