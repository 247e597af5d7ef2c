/**
 * For tests that drive Debian's headless Chromium through playwright-core: whether it is installed (a
 * test without it is skipped, saying so), how it is launched (offline: no background traffic, no
 * sandbox in a container), the requests that left this machine, and where screenshots are kept.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { fromRoot } from '../../spec/index.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Schemes that never touch the network. */
const LOCAL_SCHEMES = new Set(['file:', 'data:', 'blob:', 'about:']);
const SCREENSHOTS = fromRoot('.tmp', 'screenshots');

/** Whether Chromium is installed; when it is not, warns that `what` is skipped and how to install it. */
export function haveChromium(what: string): boolean {
  const present = existsSync(CHROMIUM);
  if (!present) console.warn(`${what} skipped: no ${CHROMIUM}; install it with \`apt-get install -y chromium\``);
  return present;
}

/** A headless Chromium with the offline flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A headless Chromium keeping its profile (storage, cookies) in `userDataDir`, as one context. */
export function launchPersistentChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Whether a request to `url` goes to the network on a host other than `localHosts`. */
export function isRemote(url: string, localHosts: readonly string[]): boolean {
  const { protocol, hostname } = new URL(url);
  return !LOCAL_SCHEMES.has(protocol) && !localHosts.includes(hostname);
}

/** Keeps a screenshot of `page` as .tmp/screenshots/`name`.png, for a human to look at. */
export async function keepScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}
