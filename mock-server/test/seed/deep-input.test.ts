/**
 * Start-up files that no walker can take: a seed file whose entry (or aspect value) nests past the
 * JSON depth limit, a HAR capture with a `null` entry or a recorded body nested past it. Each stops
 * the start with an error naming the file and the entry, never a stack overflow or a TypeError.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../http-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'deep-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DATASET = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,db.deep,PROD)';
/** JSON text whose arrays nest `depth` levels deep. */
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The message the start fails with; the test fails if it starts. */
async function startFailure(options: Parameters<typeof startServer>[0]): Promise<string> {
  const server = await startServer(options).catch((error: Error) => error);
  if (!(server instanceof Error)) {
    await server.close();
    throw new Error('the mock started');
  }
  return server.message;
}

const status = (json: string): string =>
  `{"entityType": "dataset", "entityUrn": "${DATASET}", "changeType": "UPSERT", "aspectName": "status", "aspect": ${json}}`;

describe('a seed file nested past the depth limit', () => {
  it('stops the start naming the file and the entry', async () => {
    const seed = file('deep-entry.json', `[${status('{"json": {"removed": false}}')}, {"deep": ${nested(20_000)}}]`);
    expect(await startFailure({ seed: [seed] })).toBe(
      `${seed} entry 2: JSON nesting depth exceeds the maximum allowed (1000)`,
    );
  });

  it("stops the start naming the file, the entry and its aspect value's text", async () => {
    const seed = file('deep-value.json', `[${status(JSON.stringify({ value: nested(20_000) }))}]`);
    expect(await startFailure({ seed: [seed] })).toBe(
      `${seed} entry 1 aspect.value: JSON nesting depth exceeds the maximum allowed (1000)`,
    );
  });
});

describe('a HAR capture', () => {
  const capture = (entries: string): string => `{"log": {"version": "1.2", "entries": [${entries}]}}`;
  const entry = (text: string): string =>
    JSON.stringify({
      request: { method: 'GET', url: `http://x/entitiesV2/${encodeURIComponent(DATASET)}`, headers: [] },
      response: { status: 200, content: { text } },
    });

  it('with a null entry stops the start naming the file and the entry', async () => {
    const har = file('null-entry.har', capture(`${entry('{}')}, null`));
    expect(await startFailure({ seedHar: [har] })).toBe(`HAR file ${har} entry 2: is not a JSON object`);
  });

  it('with a recorded answer nested past the depth limit stops the start naming the file, the entry and the field', async () => {
    const har = file('deep-answer.har', capture(entry(`{"aspects": ${nested(20_000)}}`)));
    expect(await startFailure({ seedHar: [har] })).toBe(
      `HAR file ${har} entry 1 response.content.text: JSON nesting depth exceeds the maximum allowed (1000)`,
    );
  });
});
