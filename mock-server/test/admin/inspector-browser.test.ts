/**
 * The inspector at /__mock/ui in headless Chromium: a request the test makes appears in the live
 * journal and opens to its bodies, filters narrow it, a session shows up, a fault the test adds is
 * listed and the page's button clears it, and the state browser shows an aspect the test wrote, with
 * a link to that aspect's entry on the docs site. Every request the browser makes stays on 127.0.0.1.
 * A screenshot is kept under .tmp/screenshots/ for a human to look at.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, keepScreenshot, launchChromium, isRemote } from '../../../scripts/test/browser.js';
import type { MockServer } from '../../index.js';
import { call, DATASET, ingest, startServer } from '../http-harness.js';

const DESCRIPTION = 'Orders as the inspector shows them';
describe.skipIf(!haveChromium('the browser test of the inspector'))('the inspector in Chromium', () => {
  let server: MockServer;
  let browser: Browser;
  let page: Page;
  const requested: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    const context = await browser.newContext();
    context.on('request', (request) => requested.push(request.url()));
    page = await context.newPage();
    await page.goto(`${server.url}/__mock/ui`);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const journalRows = () => page.locator('#journal tbody tr.entry');

  it('shows a request made by the test in the live journal, newest first, with its bodies', async () => {
    await ingest(server, DATASET, 'datasetProperties', { description: DESCRIPTION, customProperties: {} });
    await call(server, 'GET', `/entitiesV2/${encodeURIComponent(DATASET)}`);
    await expect.poll(() => journalRows().count(), { timeout: 10_000 }).toBe(2);
    expect(await journalRows().first().innerText()).toContain('getEntityV2');
    const ingestRow = journalRows().filter({ hasText: 'ingestProposal' });
    expect(await ingestRow.innerText()).toContain('200');
    await ingestRow.click();
    await expect.poll(() => page.locator('#request-detail').innerText()).toContain(DESCRIPTION);

    await page.locator('#filter-operation').fill('ingestProposal');
    await expect.poll(() => journalRows().count()).toBe(1);
    await page.locator('#filter-operation').fill('');
    await page.locator('#filter-urn').fill('urn:svc:corpuser:nobody');
    await expect.poll(() => page.locator('#journal tbody').innerText()).toContain('No request matches');
    await page.locator('#filter-urn').fill(DATASET);
    await expect.poll(() => journalRows().count()).toBe(2);
  });

  it('fits the journal in its column on a 1366 px screen, a long operation name and session included', async () => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.locator('#filter-urn').fill('');
    const operationName = 'getSearchResultsForMultipleWithAVeryLongName';
    await call(server, 'POST', '/api/graphql', {
      headers: { 'X-Mock-Session': 'a-rather-long-session-name-for-a-team' },
      body: { operationName, query: `query ${operationName} { __typename }` },
    });
    await expect.poll(() => journalRows().filter({ hasText: operationName }).count(), { timeout: 10_000 }).toBe(1);
    // Every column shows: the table is no wider than its scrolling frame.
    const [scrollWidth, clientWidth] = await page
      .locator('#journal-wrap')
      .evaluate((frame) => [frame.scrollWidth, frame.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth ?? 0);
  });

  it('lists a session, and clears the active faults with its button', async () => {
    await call(server, 'GET', '/__mock/snapshot', { headers: { 'X-Mock-Session': 'checkout-flow' } });
    await expect
      .poll(() => page.locator('#sessions tbody').innerText(), { timeout: 10_000 })
      .toContain('checkout-flow');
    const added = await call(server, 'POST', '/__mock/faults', { body: { operation: 'searchEntities', status: 503 } });
    await expect.poll(() => page.locator('#faults tbody').innerText(), { timeout: 10_000 }).toContain(added.json.id);
    expect(await page.locator('#faults tbody').innerText()).toContain('searchEntities');
    await page.locator('#clear-faults').click();
    await expect.poll(() => page.locator('#faults tbody').innerText()).toContain('No active fault');
    expect((await call(server, 'GET', '/__mock/faults')).json.faults).toEqual([]);
  });

  it('shows the aspect the test wrote in the state browser, linked to its docs entry', async () => {
    await page.locator('#state-urn').fill(DATASET);
    await page.locator('#state-form button').click();
    const aspect = page.locator('#state section[data-aspect="datasetProperties"]');
    await expect.poll(() => aspect.innerText().catch(() => ''), { timeout: 10_000 }).toContain(DESCRIPTION);
    expect(await aspect.innerText()).toContain('version 0 (latest)');
    await keepScreenshot(page, 'inspector');

    await aspect.locator('h3 a').click();
    await page.waitForURL(/\/__mock\/docs\/aspects\.html#aspect-datasetProperties$/);
    expect(await page.locator('#aspect-datasetProperties h2').innerText()).toBe('datasetProperties');
  });

  it('made no request beyond 127.0.0.1', () => {
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => isRemote(url, ['127.0.0.1']))).toEqual([]);
  });
});
