// `npm start`: regenerate when schema/ changed, build the client when its sources are newer
// than dist/, then serve. Both checks are file dates, so a start with nothing to do costs
// only the server's own start-up. Then scripts/serve.ts: the server with the demo seed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).reduce((max, d) => {
        const full = path.join(dir, d.name);
        return Math.max(max, d.isDirectory() ? newest(full) : statSync(full).mtimeMs);
      }, 0)
    : 0;
const oldest = (dir: string): number =>
  existsSync(dir) && readdirSync(dir).length
    ? Math.min(...readdirSync(dir).map((f) => statSync(path.join(dir, f)).mtimeMs))
    : 0;

const generated = path.join(root, 'src', 'generated');
if (oldest(generated) < Math.max(newest(path.join(root, 'schema')), newest(path.join(root, 'generators')))) {
  const { generate } = await import('../generators/generate');
  const result = await generate({ root });
  if (result.migration) console.log(`generate: new migration ${result.migration}`);
}

const dist = path.join(root, 'dist', 'index.html');
const sources = Math.max(
  newest(path.join(root, 'src', 'app')),
  newest(path.join(root, 'src', 'shared')),
  newest(generated),
  statSync(path.join(root, 'index.html')).mtimeMs,
);
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the app…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
await import('./serve');
