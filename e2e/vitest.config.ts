import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // one browser at a time: two cores, one server
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/e2e.json' },
  },
});
