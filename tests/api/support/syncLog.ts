// Reading integration_sync_log, the job's record of what it did to each record, as the
// integration API tests check it. Not a test file: vitest includes tests/**/*.test.ts only.
import { sql } from 'drizzle-orm';
import type { TestApi } from '../harness';
import { rowsOf } from '../../../src/server/db/connect';

/** The columns of integration_sync_log the tests read, as the database gives them. */
export interface SyncLogColumns {
  entity_type: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

/** The company's sync log rows for one app, in entity order, with those columns: what its job did to each record. */
export async function appSyncLog<K extends keyof SyncLogColumns>(
  api: TestApi,
  companyId: string,
  app: string,
  columns: readonly K[],
): Promise<Pick<SyncLogColumns, K>[]> {
  return rowsOf<Pick<SyncLogColumns, K>>(
    await api.database.db.execute(sql`SELECT ${sql.raw(columns.join(', '))} FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${app} ORDER BY entity_type, entity_id`),
  );
}
