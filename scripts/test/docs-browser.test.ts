/**
 * The docs site in a real browser, offline: headless Chromium opens every page from dist/docs and
 * from a running mock (reached through the landing page's own links), finds every operation of the
 * contract in the API reference's menu and the Dataset type page in the GraphQL reference, keeps a
 * screenshot of each page under .tmp/screenshots/, and records every request to a host other than
 * this machine: there must be none.
 */
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_DIR, DOCS_PAGES, type DocsPage } from '../../spec/docs-site.js';
import { createMockServer, silentLogger, type MockServer } from '../../mock-server/index.js';
import { fromRoot, loadContract } from '../../spec/index.js';
import { haveChromium, isRemote, keepScreenshot, launchChromium } from './browser.js';

const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];
const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';

let browser: Browser;
let server: MockServer;
const external: string[] = [];

async function openPage(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/favicon.ico'))
      external.push(`${url} -> ${request.url()} (no favicon in the page)`);
    if (isRemote(request.url(), LOCAL_HOSTS)) external.push(`${url} -> ${request.url()}`);
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  if (response) expect(response.status(), url).toBe(200);
  return page;
}

/** Opens each tag of Redoc's menu in turn and returns the operations listed under it. */
async function apiMenuText(page: Page, tags: string[]): Promise<string> {
  const menu = page.locator(MENU_ITEM);
  await menu.first().waitFor();
  const tagText = async (tag: string): Promise<string> =>
    (await menu.allInnerTexts()).find((t) => t.split('\n')[0] === tag) ?? '';
  const seen: string[] = [];
  for (const tag of tags) {
    // Opening a tag may close another, so each tag's operations are read while it is open.
    // A click that lands while Redoc is still rendering the menu is lost, so a closed tag is clicked again.
    const open = async (): Promise<string> => {
      const text = await tagText(tag);
      if (!text.includes('\n'))
        await menu.nth((await menu.allInnerTexts()).findIndex((t) => t.split('\n')[0] === tag)).click();
      return text;
    };
    await expect.poll(open, { timeout: 10_000, interval: 250 }).toContain('\n');
    seen.push(await tagText(tag));
  }
  return seen.join('\n');
}

async function expectEveryOperation(page: Page): Promise<void> {
  const contract = loadContract('svc');
  const tags = [...new Set(contract.operations.map((op) => op.tags[0] ?? ''))];
  const text = await apiMenuText(page, tags);
  for (const op of contract.operations) expect(text, `${op.operationId} in the menu`).toContain(String(op.raw.summary));
}

async function expectDatasetTypePage(page: Page): Promise<void> {
  const menu = page.locator(MENU_ITEM);
  await menu
    .filter({ hasText: /^Objects$/ })
    .first()
    .click();
  await menu
    .filter({ hasText: /^Dataset$/ })
    .first()
    .click();
  await page.waitForURL(/#\/objects\/dataset$/);
  await expect
    .poll(
      () =>
        page
          .locator('h1, h2')
          .filter({ hasText: /^Dataset$/ })
          .count(),
      // The type page renders after the route changes; on a loaded machine that takes more than the default second.
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

async function checkPage(page: Page, file: DocsPage, source: string): Promise<void> {
  if (file === 'api.html') await expectEveryOperation(page);
  else if (file === 'graphql.html') await expectDatasetTypePage(page);
  else await expect.poll(() => page.locator('nav a').count()).toBe(DOCS_PAGES.length);
  // Every page leads back to the rest of the site, and Redoc's footer leaves no empty badge behind.
  expect(await page.locator('nav a[href="index.html"]').count(), file).toBe(1);
  expect(await page.getByText('API docs by').filter({ visible: true }).count(), file).toBe(0);
  await keepScreenshot(page, `docs-${source}-${file.replace('.html', '')}`, false);
}

describe.skipIf(!haveChromium('docs browser tests'))('the docs site in Chromium', () => {
  beforeAll(async () => {
    browser = await launchChromium();
    server = await createMockServer({ port: 0, sample: false, logger: silentLogger });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(DOCS_PAGES.map((p) => p.file))(
    'dist/docs/%s renders offline',
    async (file) => {
      const page = await openPage(pathToFileURL(fromRoot(...DOCS_DIR, file)).href);
      await checkPage(page, file, 'dist');
      await page.close();
    },
    30_000,
  );

  it('the mock serves the same pages, reached through the links of its landing page', async () => {
    const landing = await openPage(`${server.url}/svc/docs`);
    await checkPage(landing, 'index.html', 'mock');
    const explorer = await landing.locator('a', { hasText: 'GraphQL explorer' }).getAttribute('href');
    expect(new URL(explorer ?? '', landing.url()).href.replace(/^.*?\/\/[^/]+/, '')).toBe('/api/graphiql');
    for (const { file } of DOCS_PAGES.filter((p) => p.file !== 'index.html')) {
      const href = await landing
        .locator(`main a[href="${file}"], body > ul a[href="${file}"]`)
        .first()
        .evaluate((a) => (a as HTMLAnchorElement).href);
      expect(href).toBe(`${server.url}/svc/docs/${file}`);
      const page = await openPage(href);
      await checkPage(page, file, 'mock');
      await page.close();
    }
    await landing.close();
  }, 60_000);

  it('no page made a request to another host', () => {
    expect(external).toEqual([]);
  });
});
