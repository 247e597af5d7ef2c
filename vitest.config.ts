import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/test/**/*.test.ts', 'mock-server/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
