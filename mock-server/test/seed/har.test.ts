/**
 * `--seed-har`: a HAR capture written by Playwright (`recordHar`) while a page of the mock ingests,
 * tags through GraphQL and reads; a fresh mock started with the capture holds the writes, and reports
 * the reads it checked. A tampered capture's broken answer and refused write are reported, the other
 * writes still applied. Needs Debian's chromium; skipped, saying so, without it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, silentLogger, type MockServer } from '../../index.js';
import { parseMockArgs } from '../../../bin/mock.js';
import { haveChromium, launchChromium } from '../../../scripts/test/browser.js';

const chromiumPresent = haveChromium('HAR capture tests');

const VISITS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,har.visits,PROD)';
const ORDERS = 'urn:svc:dataset:(urn:svc:dataPlatform:hive,clean.orders,PROD)';
const TAG = 'urn:svc:tag:Legacy';

const dir = mkdtempSync(join(tmpdir(), 'seed-har-'));
const har = join(dir, 'capture.har');
const servers: MockServer[] = [];

async function entity(server: MockServer, urn: string): Promise<Record<string, { value: Record<string, unknown> }>> {
  return (
    (await (await fetch(`${server.url}/entitiesV2/${encodeURIComponent(urn)}`)).json()) as {
      aspects: Record<string, { value: Record<string, unknown> }>;
    }
  ).aspects;
}

function tagsOf(aspects: Record<string, { value: Record<string, unknown> }>): unknown[] {
  return (aspects.globalTags?.value.tags as unknown[] | undefined) ?? [];
}

beforeAll(async () => {
  if (!chromiumPresent) return;
  const recorded = await createMockServer({ port: 0, logger: silentLogger });
  servers.push(recorded);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
    const page = await context.newPage();
    await page.goto(`${recorded.url}/__mock/health`);
    // The page's own requests, as an app in the browser sends them: a write, a GraphQL mutation, reads.
    await page.evaluate(
      async ({ visits, orders, tag }) => {
        const json = { 'Content-Type': 'application/json' };
        const admin = { ...json, Authorization: 'Bearer admin-token' };
        const proposal = {
          entityType: 'dataset',
          entityUrn: visits,
          changeType: 'UPSERT',
          aspectName: 'datasetProperties',
          aspect: {
            value: JSON.stringify({ description: 'Visits, from the browser' }),
            contentType: 'application/json',
          },
        };
        const send = async (path: string, init: RequestInit): Promise<void> => {
          // The body is read, so that the capture holds it.
          const response = await fetch(path, init);
          const text = await response.text();
          if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
        };
        await send('/api/gms/aspects?action=ingestProposal', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ proposal }),
        });
        const mutation = 'mutation addTag($input: TagAssociationInput!) { addTag(input: $input) }';
        await send('/api/graphql', {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({
            query: mutation,
            variables: { input: { tagUrn: tag, resourceUrn: orders } },
            operationName: 'addTag',
          }),
        });
        await send(`/api/gms/entitiesV2/${encodeURIComponent(visits)}`, { headers: json });
        await send('/entities?action=search', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ input: 'visits', entity: 'dataset', start: 0, count: 10 }),
        });
        await send('/api/graphql', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ query: `{ dataset(urn: "${orders}") { urn } }` }),
        });
      },
      { visits: VISITS, orders: ORDERS, tag: TAG },
    );
    await context.close();
  } finally {
    await browser.close();
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!chromiumPresent)('mock --seed-har with a capture Playwright recorded', () => {
  it('applies the writes in order and checks the reads', async () => {
    const fresh = await createMockServer({ port: 0, logger: silentLogger, seedHar: [har] });
    servers.push(fresh);
    const [replay] = fresh.harReplays;
    expect(replay).toMatchObject({ source: har, applied: 2, refused: [], violations: [] });
    expect(replay!.reads).toBe(3);
    expect(replay!.ignored).toBeGreaterThan(0);
    expect((await entity(fresh, VISITS)).datasetProperties?.value.description).toBe('Visits, from the browser');
    expect(tagsOf(await entity(fresh, ORDERS))).toContainEqual({ tag: TAG });
    // Part of the start-up state: a reset keeps them, and the journal does not list the replay.
    await fetch(`${fresh.url}/__mock/reset`, { method: 'POST' });
    expect(tagsOf(await entity(fresh, ORDERS))).toContainEqual({ tag: TAG });
    for (const operation of ['ingestProposal', 'graphql:addTag']) {
      expect(
        ((await (await fetch(`${fresh.url}/__mock/requests?operation=${operation}`)).json()) as { requests: unknown[] })
          .requests,
        operation,
      ).toEqual([]);
    }
  });

  it('reports a recorded answer that breaks the contract and a write it refuses, and applies the rest', async () => {
    const capture = JSON.parse(readFileSync(har, 'utf8')) as {
      log: {
        entries: { request: { url: string; postData?: { text: string } }; response: { content: { text: string } } }[];
      };
    };
    const entries = capture.log.entries;
    const read = entries.findIndex((e) => e.request.url.includes('/entitiesV2/'));
    entries[read]!.response.content.text = JSON.stringify({ urn: VISITS, entityName: 'dataset', aspects: 'none' });
    const write = entries.findIndex((e) => e.request.url.includes('ingestProposal'));
    const refused = structuredClone(entries[write]!);
    refused.request.postData!.text = refused.request.postData!.text.replace('datasetProperties', 'noSuchAspect');
    entries.splice(write, 0, refused);
    const tampered = join(dir, 'tampered.har');
    writeFileSync(tampered, JSON.stringify(capture));
    const fresh = await createMockServer({ port: 0, logger: silentLogger, seedHar: [tampered] });
    servers.push(fresh);
    const [replay] = fresh.harReplays;
    expect(replay!.applied).toBe(2);
    expect(replay!.refused).toEqual([
      expect.objectContaining({
        entry: write + 1,
        method: 'POST',
        target: '/aspects?action=ingestProposal',
        status: 400,
        message: expect.stringContaining('noSuchAspect'),
      }),
    ]);
    expect(replay!.violations).toEqual([
      expect.objectContaining({
        entry: read + 2,
        method: 'GET',
        status: 200,
        message: expect.stringMatching(/^getEntityV2 answer: body\.aspects: must be object/),
      }),
    ]);
    expect(tagsOf(await entity(fresh, ORDERS))).toContainEqual({ tag: TAG });
  });
});

describe('mock --seed-har, whatever the browser', () => {
  it('takes the option, repeatable', () => {
    expect(parseMockArgs(['--seed-har', 'a.har', '--seed-har', 'b.har'])).toMatchObject({
      seedHar: ['a.har', 'b.har'],
    });
  });

  it('refuses to start with a file that is no HAR capture, naming it', async () => {
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, '[]');
    await expect(createMockServer({ port: 0, logger: silentLogger, seedHar: [notHar] })).rejects.toThrow(
      `HAR file ${notHar}: no log.entries array (not a HAR capture)`,
    );
  });
});
