import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // mercurius loads graphql's CommonJS build; vite would hand our code the .mjs build, and
    // graphql refuses objects from a second copy of itself
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // ra-data-graphql's ESM build imports named exports from @apollo/client 3, which has no
    // exports map: let vite transform it instead of node loading the CommonJS build
    server: { deps: { inline: ['ra-data-graphql'] } },
  },
});
