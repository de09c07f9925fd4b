import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // a screen may take more than expect.poll's default second to load on the 2 shared cores
    // (CI, or a build beside it): a person waits a few seconds, and so do the polls
    expect: { poll: { timeout: 5_000 } },
    // one browser at a time: two cores, one server
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/e2e.json' },
  },
});
