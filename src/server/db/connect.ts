import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** A drizzle database or transaction; both drivers share this surface. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any, any>;

export interface Database {
  db: Db;
  dialect: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** postgres://… ; when absent the embedded PGlite is used */
  url?: string;
  /** folder for PGlite files; absent means in memory (tests) */
  dataDir?: string;
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // an idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout
    pool.on('error', (error) => console.error(`idle database connection lost: ${error.message}`));
    // numeric and bigint come back as strings by default; ids stay strings (GraphQL ID),
    // numerics are parsed where the field type says so.
    return { db: drizzlePg(pool), dialect: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  return { db: drizzlePglite(client), dialect: 'pglite', close: () => client.close() };
}

/** Rows of a raw `db.execute(sql…)` result; both drivers answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
