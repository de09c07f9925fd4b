// How pg-boss reaches the app's database: its `db` option (an object with executeSql), so the
// queue uses the connection the app already has on both databases, and one code path serves
// PostgreSQL and PGlite.
//
// PGlite is one connection in the process and speaks two protocols: `query` (extended: one
// statement, with parameters) and `exec` (simple: several statements, no parameters). pg-boss
// sends both kinds: its schema install, migrations and maintenance are multi-statement scripts
// wrapped in BEGIN ... COMMIT with no parameters. The workaround documented in pg-boss issue
// #563 ("Get working with pglite") is an executor that sends parameterless text through `exec`
// and the rest through `query`; we do that, and run a BEGIN ... COMMIT script inside PGlite's
// own transaction() instead, so a failing statement rolls back under PGlite's lock and cannot
// leave the one shared connection inside an aborted transaction for the app's next query.
// Array parameters (job ids as uuid[]) are serialised by PGlite 0.5 itself; no encoding needed.
import type { PGlite, Results } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/connect';

export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const LOCKED_SCRIPT = /^\s*BEGIN;([\s\S]*?)COMMIT;\s*$/;

const last = (results: Results[]) => results[results.length - 1] ?? { rows: [] };

export function pgliteJobDb(client: PGlite): JobDb {
  return {
    async executeSql(text, values) {
      if (values && values.length) return client.query(text, values);
      const script = LOCKED_SCRIPT.exec(text);
      if (script) return client.transaction(async (tx) => last(await tx.exec(script[1])));
      return last(await client.exec(text));
    },
  };
}

export function postgresJobDb(pool: pg.Pool): JobDb {
  // a multi-statement script without parameters goes as one simple query on one pooled client
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}

/** The executor for the app's database (drizzle keeps its driver's client as `$client`). */
export function jobDbOf(database: Database): JobDb {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return database.dialect === 'pglite' ? pgliteJobDb(client as PGlite) : postgresJobDb(client as pg.Pool);
}
