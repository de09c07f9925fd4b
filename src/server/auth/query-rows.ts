import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/connect';

/** Runs a query and answers its rows. Both drivers (PGlite, node-postgres) put them in
 * `.rows`; the generic Db type cannot say so, hence the one cast here. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
