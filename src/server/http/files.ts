// Generated files (CSV exports) live in a folder, in a sub-folder per company and user: the
// download route looks only in the folder of the token's user, so a URL is useless to anyone
// else. On several servers this folder is a shared volume or an S3-compatible bucket.
// A file expires an hour after it was written: it is no longer served, and a purge (after each
// save in that folder, and on a timer over every folder) deletes it.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const FILE_MAX_AGE_MS = 60 * 60 * 1000;

export class FileStore {
  private purging: Promise<number> | null = null;

  constructor(
    readonly root: string,
    readonly maxAgeMs = FILE_MAX_AGE_MS,
  ) {}

  private folder(companyId: string, userId: string) {
    return path.join(this.root, 'exports', companyId, userId);
  }

  /** Saves a file and answers its URL path. */
  async save(companyId: string, userId: string, name: string, content: string): Promise<string> {
    const dir = this.folder(companyId, userId);
    await mkdir(dir, { recursive: true });
    const file = `${randomUUID()}-${name.replace(/[^a-zA-Z0-9_.-]/g, '_')}`;
    await writeFile(path.join(dir, file), content);
    void this.purgeFolder(dir);
    return `/files/exports/${companyId}/${file}`;
  }

  /** The file's content, or null when it does not exist or has expired. */
  async read(companyId: string, userId: string, file: string): Promise<Buffer | null> {
    if (!/^[0-9a-f-]{36}-[a-zA-Z0-9_.-]+$/.test(file) || !/^\d+$/.test(companyId)) return null;
    const full = path.join(this.folder(companyId, userId), file);
    try {
      if (this.expired((await stat(full)).mtimeMs)) {
        await rm(full, { force: true });
        return null;
      }
      return await readFile(full);
    } catch {
      return null;
    }
  }

  private expired(mtimeMs: number) {
    return Date.now() - mtimeMs > this.maxAgeMs;
  }

  /** Deletes the expired files of one folder; answers how many. */
  private async purgeFolder(dir: string): Promise<number> {
    let removed = 0;
    try {
      for (const f of await readdir(dir)) {
        const full = path.join(dir, f);
        if (this.expired((await stat(full)).mtimeMs)) {
          await rm(full, { force: true });
          removed++;
        }
      }
    } catch {
      // a purge that fails is retried on the next save or the next tick of the timer
    }
    return removed;
  }

  /** Deletes every expired file of every company and user (folders stay: a save may be about to
   * write into one). */
  purge(): Promise<number> {
    // one purge at a time: a slow disk must not pile up walks of the same folders
    this.purging ??= (async () => {
      let removed = 0;
      const exports = path.join(this.root, 'exports');
      for (const company of await readdir(exports).catch(() => [] as string[])) {
        const companyDir = path.join(exports, company);
        for (const user of await readdir(companyDir).catch(() => [] as string[])) {
          removed += await this.purgeFolder(path.join(companyDir, user));
        }
      }
      return removed;
    })().finally(() => (this.purging = null));
    return this.purging;
  }

  /** Purges now and then every `intervalMs`; answers the function that stops it. The timer does
   * not keep the process alive. */
  purgeEvery(intervalMs: number): () => void {
    void this.purge();
    const timer = setInterval(() => void this.purge(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
