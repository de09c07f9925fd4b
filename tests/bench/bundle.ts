// The first page load's JavaScript: the entry script and the modules index.html preloads,
// gzipped (level 9), from a production build made for the measure. Budget: 450 KiB.
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export function runBundleBench(root: string): string[] {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    execSync(`npx vite build --logLevel error --outDir ${out} --emptyOutDir`, { cwd: root, stdio: 'inherit' });
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const sizes = scripts.map((file) => ({
      file,
      gz: gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length,
    }));
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);
    return [
      `first page load: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KiB gzipped (budget 450 KiB); largest ${sizes
        .sort((a, b) => b.gz - a.gz)
        .slice(0, 3)
        .map((s) => `${path.basename(s.file)} ${(s.gz / 1024).toFixed(1)} KiB`)
        .join(', ')}`,
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
