/**
 * The explorer at GET /api/graphiql works with no network: headless Chromium opens it, runs the
 * preloaded named query (a dataset of the sample catalog, whose description it shows), replaces it with
 * an unnamed dataset query run at once, sees the result, runs a mutation with the bearer header entered in the
 * headers editor, and no request leaves the machine. A screenshot is kept
 * under .tmp/screenshots/ for a human to look at.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, keepScreenshot, launchPersistentChromium, isRemote } from '../../../scripts/test/browser.js';
import type { MockServer } from '../../index.js';
import { ADMIN, DATASET, call, ingest, startServer } from '../graphql-harness.js';

const DESCRIPTION = 'Orders seen through the explorer';
/** The description of hive clean.orders in the sample catalog (mock-server/sample/dataset-definitions.ts). */
const SAMPLE_ORDERS_DESCRIPTION =
  'Orders with their latest status, de-duplicated from the order events and enriched with product data. One row per order.';
/**
 * Replaces the text of the Monaco editor inside `container`. Nothing waits for GraphiQL to re-parse the
 * edited document: a run right after an edit is what a quick user does, and GraphiQL then still holds the
 * operation name of the text before.
 */
async function replaceEditorText(page: Page, container: string, text: string): Promise<void> {
  await page.locator(`${container} .monaco-editor`).locator('visible=true').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // insertText, not type: Monaco would close every bracket and quote typed one key at a time.
  await page.keyboard.insertText(text);
}

let server: MockServer;
beforeAll(async () => {
  server = await startServer({ sample: true });
  await ingest(server, DATASET, 'datasetProperties', { description: DESCRIPTION });
});
afterAll(() => server.close());

describe('GET /api/graphiql', () => {
  it('serves one self-contained HTML page posting to /api/graphql', async () => {
    const reply = await call(server, 'GET', '/api/graphiql');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
    expect(reply.text).toContain('const explorerEndpoint = "/api/graphql";');
    expect(reply.text).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);
  });

  const browserTest = haveChromium('the browser test of the explorer') ? it : it.skip;

  browserTest(
    'runs a dataset query in headless Chromium without leaving the machine',
    { timeout: 120_000 },
    async () => {
      const userDataDir = mkdtempSync(join(tmpdir(), 'graphiql-chromium-'));
      const context = await launchPersistentChromium(userDataDir);
      const requested: string[] = [];
      context.on('request', (request) => requested.push(request.url()));
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(`${server.url}/api/graphiql`);
        await page
          .locator('.graphiql-query-editor .monaco-editor')
          .first()
          .waitFor({ state: 'visible', timeout: 60_000 });
        // Monaco renders spaces as no-break spaces.
        const response = async (): Promise<string> =>
          (await page.locator('.graphiql-response').innerText()).replace(/\s+/g, ' ');
        // The preloaded query, run as it comes, reads a dataset of the sample catalog: a description, not nulls.
        await page.locator('.graphiql-execute-button').click();
        await expect.poll(response, { timeout: 30_000 }).toContain(`"description": "${SAMPLE_ORDERS_DESCRIPTION}"`);
        expect(await response()).toContain('"exists": true');

        // The named query replaced by an unnamed one and run at once with the keyboard: GraphiQL still holds the
        // name `dataset`, which the page's fetcher leaves out since the new text defines no operation of that name
        // (GraphiQL's own fetcher failed in the page: "Cannot infer operation dataset").
        await replaceEditorText(
          page,
          '.graphiql-query-editor',
          `{ dataset(urn: "${DATASET}") { urn properties { description } } }`,
        );
        await page.keyboard.press('ControlOrMeta+Enter');
        await expect.poll(response, { timeout: 30_000 }).toContain(DESCRIPTION);
        expect(await response()).not.toContain('"errors"');

        await keepScreenshot(page, 'graphiql-dataset-query');

        // A mutation needs the bearer header, entered in the headers editor.
        await replaceEditorText(
          page,
          '.graphiql-query-editor',
          'mutation { createTag(input: { id: "from-explorer", name: "Explorer" }) }',
        );
        await page.locator('.graphiql-editor-tools button', { hasText: 'Headers' }).click();
        await replaceEditorText(page, '.graphiql-editor-tool', `{ "Authorization": "Bearer ${ADMIN}" }`);
        await page.locator('.graphiql-execute-button').click();
        await expect.poll(response, { timeout: 30_000 }).toContain('"createTag": "urn:svc:tag:from-explorer"');

        expect(requested.filter((url) => isRemote(url, ['127.0.0.1', 'localhost']))).toEqual([]);
        expect(requested.some((url) => url.endsWith('/api/graphql'))).toBe(true);
      } finally {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
  );
});
