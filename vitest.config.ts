import { defineConfig } from 'vitest/config';

// Unit tests (*.unit.test.ts) need nothing running; integration and end-to-end tests
// (*.intg.test.ts, *.e2e.test.ts) use the PostgreSQL, MinIO and Temporal servers that
// test/setup/global-setup.ts starts (or the external ones given by configuration).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'activities/**/*.test.ts', 'api/**/*.test.ts', 'workflows/**/*.test.ts', 'infra/**/*.test.ts'],
    globalSetup: ['test/setup/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
