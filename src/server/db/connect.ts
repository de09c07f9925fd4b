import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';

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
  /** PostgreSQL cancels any statement running longer (default STATEMENT_TIMEOUT_MS or 30 s; 0
   * turns it off). PGlite has no timer: there the input limits keep every query short. */
  statementTimeoutMs?: number;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** The pool's settings: the URL's, with the statement timeout added to its startup options (the
 * URL's own `options`, such as a search_path, are kept). JIT is off: the app's queries are short,
 * and a report whose row estimate was 100x too high spent 5.9 s compiling a 100 ms query. */
export function poolConfig(url: string, statementTimeoutMs: number): pg.PoolConfig {
  const config = parseIntoClientConfig(url);
  const options = [config.options, `-c statement_timeout=${Math.max(0, Math.round(statementTimeoutMs))}`, '-c jit=off']
    .filter(Boolean)
    .join(' ');
  return { ...config, options, max: 10 };
}

export async function connect(options: ConnectOptions): Promise<Database> {
  if (options.url) {
    const timeout =
      options.statementTimeoutMs ?? Number(process.env.STATEMENT_TIMEOUT_MS || DEFAULT_STATEMENT_TIMEOUT_MS);
    const pool = new pg.Pool(poolConfig(options.url, timeout));
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

/** Runs independent queries at once on the pool, but one after another inside a transaction:
 * a transaction is one connection, and node-postgres queues concurrent queries on one client
 * (it warns "client already executing query"; pg 9 refuses). */
export async function concurrently<T extends readonly unknown[]>(
  db: Db,
  ...tasks: { [K in keyof T]: () => Promise<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(tasks.map((task) => task()))) as unknown as T;
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as unknown as T;
}
