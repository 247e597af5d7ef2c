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
    globalSetup: ['scripts/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI reads the counts from a JSON report (see .ci/run); people read the default reporter.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.tmp/vitest-report.json' }]] : ['default'],
  },
});
