// Generated files (CSV exports) live in a folder, in a sub-folder per company and user: the
// download route looks only in the folder of the token's user, so a URL is useless to anyone
// else. On several servers this folder is a shared volume or an S3-compatible bucket.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MAX_AGE_MS = 60 * 60 * 1000;

export class FileStore {
  constructor(readonly root: string) {}

  private folder(companyId: string, userId: string) {
    return path.join(this.root, 'exports', companyId, userId);
  }

  /** Saves a file and answers its URL path. */
  async save(companyId: string, userId: string, name: string, content: string): Promise<string> {
    const dir = this.folder(companyId, userId);
    await mkdir(dir, { recursive: true });
    const file = `${randomUUID()}-${name.replace(/[^a-zA-Z0-9_.-]/g, '_')}`;
    await writeFile(path.join(dir, file), content);
    void this.purge(dir);
    return `/files/exports/${companyId}/${file}`;
  }

  async read(companyId: string, userId: string, file: string): Promise<Buffer | null> {
    if (!/^[0-9a-f-]{36}-[a-zA-Z0-9_.-]+$/.test(file) || !/^\d+$/.test(companyId)) return null;
    try {
      return await readFile(path.join(this.folder(companyId, userId), file));
    } catch {
      return null;
    }
  }

  private async purge(dir: string) {
    try {
      for (const f of await readdir(dir)) {
        const full = path.join(dir, f);
        if (Date.now() - (await stat(full)).mtimeMs > MAX_AGE_MS) await rm(full, { force: true });
      }
    } catch {
      // a purge that fails is retried on the next save
    }
  }
}
