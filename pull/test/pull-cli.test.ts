/**
 * `catalog-contract pull` as a command: its usage errors, progress on stderr, the token kept out of the
 * files, exit codes, and the mock's GraphQL schema pulled beside the seed file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClientSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPullCommand } from './fixture-deployment.js';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';

const dir = mkdtempSync(join(tmpdir(), 'pull-cli-'));
let mock: MockServer;
beforeAll(async () => {
  // Upstream's profile: a token on every path, so a missing one is refused.
  mock = await createMockServer({
    port: 0,
    logger: silentLogger,
    profile: 'upstream',
    namespace: 'li',
    tokens: [{ token: 'secret-token-123', user: 'urn:li:corpuser:datahub', role: 'admin' }],
  });
});
afterAll(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

const pull = runPullCommand;

describe('catalog-contract pull', () => {
  it.each([
    [['--out', 'x.json', '--urn', 'urn:li:tag:a'], '--from URL is required'],
    [
      ['--from', 'ftp://x', '--out', 'x.json', '--urn', 'urn:li:tag:a'],
      "--from 'ftp://x': expected an http or https URL",
    ],
    [['--from', 'http://x', '--out', 'x.json'], 'nothing selected'],
    [['--from', 'http://x', '--out', 'x.json', '--search', '*'], '--search needs --entity TYPE'],
    [
      ['--from', 'http://x', '--out', 'x.json', '--search', '*', '--entity', 'dataset', '--filter', '{'],
      '--filter: not JSON',
    ],
    [['--from', 'http://x', '--out', 'x.json', '--urn', 'urn:li:tag:a', '--since', 'yesterday'], "--since 'yesterday'"],
    [['--from', 'http://x', '--out', 'x.json', '--urn', 'urn:li:tag:a', '--hops', '2'], '--hops applies to --follow'],
    [['--from', 'http://x', '--out', 'x.json', '--urn', 'urn:li:tag:a', '--rat', '5'], 'did you mean --rate?'],
    [
      ['--from', 'http://x', '--out', 'x.json', '--urn', 'urn:li:tag:a', '--redact', '(a'],
      "--redact '(a': Invalid regular expression",
    ],
  ])('refuses %j with exit code 2, naming the option', async (argv, message) => {
    const { code, err } = await pull(argv);
    expect(code).toBe(2);
    expect(err.trim().split('\n').at(-1)).toContain(message);
  });

  it('writes the seed file, says its progress on stderr and never writes the token', async () => {
    const out = join(dir, 'slice.json');
    const { code, err } = await pull([
      '--from',
      mock.url,
      '--token',
      'secret-token-123',
      '--namespace',
      'li',
      '--out',
      out,
      '--search',
      'orders',
      '--entity',
      'dataset',
      '--follow',
      'DownstreamOf',
      '--rate',
      '1000',
    ]);
    expect(code, err).toBe(0);
    expect(err).toMatch(/^pull: search 'orders' in dataset: \d+ entities$/m);
    expect(err).toMatch(/^pull: wrote \d+ aspects of \d+ entities to .*slice\.json \(\d+ requests\)$/m);
    const file = readFileSync(out, 'utf8');
    expect(file).toContain('urn:li:dataset:(urn:li:dataPlatform:hive,clean.orders,PROD)');
    expect(file).not.toContain('secret-token-123');
    expect(err).toMatch(
      /^pull: wrote the GraphQL schema of http:\S+\/api\/graphql \(\d+ types\) to .*slice\.schema\.json$/m,
    );
    const schema = readFileSync(join(dir, 'slice.schema.json'), 'utf8');
    expect(schema).not.toContain('secret-token-123');
    expect(buildClientSchema(JSON.parse(schema) as IntrospectionQuery).getType('Dataset')).toBeDefined();
  });

  it('stops with exit code 1 and the refused read when the token is refused, writing nothing', async () => {
    const out = join(dir, 'refused.json');
    const { code, err } = await pull([
      '--from',
      mock.url,
      '--token',
      'wrong',
      '--namespace',
      'li',
      '--out',
      out,
      '--urn',
      'urn:li:tag:Tier1',
    ]);
    expect(code).toBe(1);
    expect(err).toMatch(/catalog-contract pull: http:\/\/\S+\/entitiesV2\/urn%3Ali%3Atag%3ATier1 answered 401/);
    expect(existsSync(out)).toBe(false);
  });
});
