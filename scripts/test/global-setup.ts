/**
 * Runs once before the test files: builds the docs site when it is missing or stale (as `npm start`'s
 * prestart does), so the mock the tests start serves a current site and test files running in
 * parallel never build it at the same time.
 */
import { DOCS_DIR, docsSiteIsCurrent } from '../../spec/docs-site.js';
import { fromRoot } from '../../spec/index.js';
import { buildDocsSite } from '../docs/site.js';

export async function setup(): Promise<void> {
  if (!docsSiteIsCurrent()) await buildDocsSite(fromRoot(...DOCS_DIR));
}
