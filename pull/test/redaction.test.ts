/**
 * --redact: every match becomes a placeholder, the same text always the same one, so a redacted user
 * is still the owner of what they own and still an entity of their own; no original is left in the file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { pullSlice, redactionPattern, writeSeedFile, type PullOptions, type PullResult } from '../index.js';
import { entityAspects, searchHits } from './catalog-reads.js';

const EMAIL = String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+`;
const ALICE = String.raw`alice\.chen|Alice Chen`;
const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';

const dir = mkdtempSync(join(tmpdir(), 'pull-redact-'));
const servers: MockServer[] = [];
let plain: PullResult;
let redacted: PullResult;
let file: string;
let copy: MockServer;

beforeAll(async () => {
  const source = await createMockServer({ port: 0, logger: silentLogger });
  servers.push(source);
  const options: PullOptions = {
    from: source.url,
    rate: 10_000,
    selection: { search: { query: '*', entities: ['dataset', 'corpuser', 'corpGroup'] } },
  };
  plain = await pullSlice(options);
  redacted = await pullSlice({ ...options, redact: [EMAIL, ALICE].map(redactionPattern) });
  file = join(dir, 'redacted.json');
  writeSeedFile(file, redacted.entries);
  copy = await createMockServer({ port: 0, logger: silentLogger, sample: false, seed: [file] });
  servers.push(copy);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** Every distinct text the patterns match in the unredacted pull. */
function originals(): Set<string> {
  const text = JSON.stringify(plain.entries);
  return new Set([EMAIL, ALICE].flatMap((source) => text.match(redactionPattern(source)) ?? []));
}

describe('pull --redact', () => {
  it('leaves no original value in the file', () => {
    const found = originals();
    expect(found).toContain('alice.chen');
    expect(found).toContain('Alice Chen');
    expect(found.size).toBeGreaterThan(5);
    const written = readFileSync(file, 'utf8');
    for (const original of found) expect(written, original).not.toContain(original);
  });

  it('gives the same text the same placeholder: one placeholder per distinct original', () => {
    expect(redacted.redacted).toBe(originals().size);
    expect(redacted.entries.length).toBe(plain.entries.length);
  });

  it('keeps relationships: the redacted owner of orders is the redacted user entity, which a fresh mock seeded from the file serves', async () => {
    expect(copy.loaded.flatMap((report) => report.skipped)).toEqual([]);
    const target = { url: copy.url };
    const owners = (
      (await entityAspects(target, ORDERS)).ownership?.value as { owners: { owner: string }[] }
    ).owners.map((o) => o.owner);
    const alice = owners.find((owner) => /^urn:svc:corpuser:redacted-\d+$/.test(owner));
    expect(alice, owners.join(' ')).toBeDefined();
    const user = await entityAspects(target, alice!);
    expect((user.corpUserKey?.value as { username: string }).username).toBe(alice!.split(':').at(-1));
    expect((user.corpUserInfo?.value as { email?: string }).email).toMatch(/^redacted-\d+$/);
    expect(await searchHits(target, 'corpuser', '*')).toContain(alice);
  });
});
