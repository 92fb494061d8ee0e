import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Two real server processes, or two connections at once (`*.pg.test.ts`), need a PostgreSQL
    // server: selected in the DATABASE_URL run only.
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.DATABASE_URL
        ? []
        : ['test/two-processes.test.ts', 'test/cluster.test.ts', 'src/**/*.pg.test.ts']),
    ],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
