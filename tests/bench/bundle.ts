// The first page load's JavaScript: the entry script, the modules index.html preloads, and the
// texts of the language shown, which main.tsx fetches before the first render (a chunk of its
// own per language: src/app/i18n/languages.ts), gzipped (level 9), from a production build made
// for the measure. Each language is measured; the larger load is held to the budget: 450 KiB.
// The build has two entries (vite.config.ts): the staff app's page, index.html, is the one
// measured against the budget; the customer portal's page, portal.html, a separate small app,
// is reported on a line of its own.
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The language modules main.tsx loads before rendering (src/app/i18n/languages.ts). */
const LANGUAGE_MODULES = { English: 'src/app/i18n/english.ts', French: 'src/app/i18n/french.ts' };

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export function runBundleBench(root: string): string[] {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    execSync(`npx vite build --logLevel error --outDir ${out} --emptyOutDir --manifest`, {
      cwd: root,
      stdio: 'inherit',
    });
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(path.join(out, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const gz = (file: string) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;
    const scriptsOf = (page: string) => [...page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const scripts = scriptsOf(html);
    const first = new Set(scripts);
    const sizes = scripts.map((file) => ({ file, gz: gz(file) }));
    const total = sizes.reduce((sum, s) => sum + s.gz, 0);

    // a language chunk and the chunks it imports that the entry does not already bring
    const languageLoad = (key: string) => {
      const files = new Set<string>();
      const visit = (id: string) => {
        const chunk = manifest[id];
        if (!chunk) throw new Error(`${id} is not in the build manifest`);
        if (first.has(chunk.file) || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      visit(key);
      return [...files].reduce((sum, file) => sum + gz(file), 0);
    };
    const languages = Object.entries(LANGUAGE_MODULES).map(([name, key]) => ({ name, gz: total + languageLoad(key) }));
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const portalLoad = () => {
      const page = path.join(out, 'portal.html');
      if (!existsSync(page)) return 'customer portal: no portal.html in the build';
      const files = scriptsOf(readFileSync(page, 'utf8'));
      return `customer portal first page load: ${kib(files.reduce((sum, file) => sum + gz(file), 0))} gzipped, ${files.length} scripts`;
    };
    const largest = Math.max(...languages.map((l) => l.gz));
    return [
      `first page load: ${kib(largest)} gzipped (budget 450 KiB): ${languages
        .map((l) => `in ${l.name} ${kib(l.gz)}`)
        .join(', ')}; ${scripts.length} scripts ${kib(total)} before the language's texts; largest ${sizes
        .sort((a, b) => b.gz - a.gz)
        .slice(0, 3)
        .map((s) => `${path.basename(s.file)} ${kib(s.gz)}`)
        .join(', ')}`,
      portalLoad(),
    ];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
