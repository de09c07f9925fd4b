import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './connect';
import { MIGRATION_FILE, STATEMENT_BREAK } from '../../shared/migrations';

export { STATEMENT_BREAK };

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  name: string;
  statements: string[];
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort()
    .map((file) => ({
      name: file.replace(/\.sql$/, ''),
      statements: readFileSync(path.join(dir, file), 'utf8')
        .split(STATEMENT_BREAK)
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

/** Applies the migrations not yet applied, each in its own transaction, in name order.
 * An advisory lock keeps two servers starting together from racing. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  // one read decides what is pending, so a start with nothing to do opens no transaction;
  // each pending migration still checks again under the lock (another server may be first)
  const done = new Set(
    rowsOf<{ name: string }>(await db.execute(sql`SELECT name FROM schema_migrations`)).map((r) => r.name),
  );
  for (const migration of migrations.filter((m) => !done.has(m.name))) {
    const done = await db.transaction(async (tx) => {
      // a migration may rebuild a large table: the pool's statement timeout is for requests
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(872311)`);
      const seen = await tx.execute(sql`SELECT 1 FROM schema_migrations WHERE name = ${migration.name}`);
      if (rowsOf(seen).length > 0) return false;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
