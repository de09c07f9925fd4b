// `npm start`: generate, build the client when its sources are newer than dist/, then serve.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, d) => {
    const full = path.join(dir, d.name);
    return Math.max(max, d.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }, 0);

execSync('npx tsx generators/cli.ts', { cwd: root, stdio: 'inherit' });
const dist = path.join(root, 'dist', 'index.html');
const sources = Math.max(newest(path.join(root, 'src', 'app')), newest(path.join(root, 'src', 'shared')), newest(path.join(root, 'schema')), statSync(path.join(root, 'index.html')).mtimeMs);
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the app…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
await import('./main');
