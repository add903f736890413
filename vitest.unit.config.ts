import { defineConfig } from 'vitest/config';

// Unit tests only: pure logic, no servers. `npx vitest run -c vitest.unit.config.ts [paths]`.
export default defineConfig({
  test: {
    include: ['test/**/*.unit.test.ts', 'activities/**/*.unit.test.ts', 'api/**/*.unit.test.ts', 'workflows/**/*.unit.test.ts', 'infra/**/*.unit.test.ts'],
    testTimeout: 60_000,
  },
});
