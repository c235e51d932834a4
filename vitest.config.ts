import { defineConfig } from 'vitest/config';

// Test level by file suffix (design brief, "Testing"). Integration and e2e tests share one embedded
// PostgreSQL per run (testing/global-setup.ts); each test creates its own database in it.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['**/src/**/*.unit.test.{ts,tsx}'], exclude: ['**/node_modules/**'] },
      },
      {
        test: {
          name: 'int',
          include: ['**/src/**/*.int.test.ts', 'bench/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
