/**
 * Runs once before the test files: builds the docs site when it is missing or stale, so that test
 * files running in parallel never build it at the same time on their first docs request.
 */
import { ensureDocsSite } from '../../mock-server/api-reference.js';

export function setup(): void {
  ensureDocsSite();
}
