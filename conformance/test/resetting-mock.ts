/**
 * One mock per test file, reset to its start-up data before each test, for the tests that run the
 * mock's broken variants: each variant must meet the same catalog, whatever the one before it wrote.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockServer, silentLogger, type MockServer, type MockServerOptions } from '../../mock-server/index.js';

export async function resetMock(mock: MockServer): Promise<void> {
  await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
}

/** Registers the hooks; the returned function gives the running mock inside a test. */
export function resettingMock(options: MockServerOptions = {}): () => MockServer {
  let mock: MockServer | undefined;
  const current = (): MockServer => {
    if (!mock) throw new Error('the mock is not started yet (only tests and their hooks may use it)');
    return mock;
  };
  beforeAll(async () => {
    mock = await createMockServer({ port: 0, logger: silentLogger, ...options });
  });
  beforeEach(() => resetMock(current()));
  afterAll(async () => {
    await mock?.close();
  });
  return current;
}
