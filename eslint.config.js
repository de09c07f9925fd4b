import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Layering (DESIGN 9), checked on every lint: which folders may not import which. A rule names
// folders from the repository root; imports are matched after resolving them against the
// importing file's folder, so `../app` in src/server/graphql (src/server/app.ts) is fine and
// `../../app/x` from there is not.
const LAYERS = [
  { from: 'src/app', to: 'src/server', message: 'the client never imports server code (share it through src/shared)' },
  { from: 'src/server', to: 'src/app', message: 'the server never imports client code (share it through src/shared)' },
  {
    from: 'generators',
    to: 'src/server',
    message: 'generators never import server code (share it through src/shared)',
  },
  { from: 'src', to: 'fixtures', message: 'product code never imports fixtures/ (demo data is a development tool)' },
  {
    from: 'src/server/domain',
    to: 'src/server/graphql',
    message: 'domain code never imports GraphQL (errors and the module shape live in domain/kernel)',
  },
];
/** bare packages product code must not import */
const DEV_ONLY = [{ from: 'src', name: '@faker-js/faker', message: 'faker is for fixtures/ only' }];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inside = (dir, root) => dir === root || dir.startsWith(`${root}/`);
function folders(root) {
  const out = [root];
  for (const d of readdirSync(root, { withFileTypes: true }))
    if (d.isDirectory() && d.name !== 'generated' && d.name !== 'node_modules')
      out.push(...folders(`${root}/${d.name}`));
  return out;
}
/** one config per folder (so the rules of nested layers add up instead of replacing each other) */
const layering = [...new Set(LAYERS.map((l) => l.from.split('/')[0]))].flatMap(folders).flatMap((dir) => {
  const patterns = [
    ...LAYERS.filter((l) => inside(dir, l.from)).map((l) => {
      const rel = path.posix.relative(dir, l.to);
      const prefix = rel.startsWith('..') ? rel : `./${rel}`;
      return { regex: `^${escape(prefix)}(/|$)`, message: `${l.from} -> ${l.to}: ${l.message}` };
    }),
    ...DEV_ONLY.filter((d) => inside(dir, d.from)).map((d) => ({
      regex: `^${escape(d.name)}(/|$)`,
      message: d.message,
    })),
  ];
  return patterns.length
    ? [{ files: [`${dir}/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns }] } }]
    : [];
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/generated/**', 'tests/generator/golden/**', '.e2e/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // generated-schema fixtures and tests poke at untyped JSON on purpose
    files: ['tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...layering,
);
