import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'spec/test/**/*.test.ts',
      'mock-server/test/**/*.test.ts',
      'conformance/test/**/*.test.ts',
      'proxy/test/**/*.test.ts',
      'pull/test/**/*.test.ts',
      'scripts/test/**/*.test.ts',
    ],
    environment: 'node',
    // The test files share one module graph per worker: loading the mock, graphql-js and the executable
    // schema once instead of once per file halves the suite's CPU time. No test relies on a fresh module
    // (each file makes its own mock and restores the timers and globals it fakes).
    isolate: false,
    globalSetup: ['scripts/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI reads the counts from a JSON report (see .ci/run); people read the default reporter.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
  },
});
