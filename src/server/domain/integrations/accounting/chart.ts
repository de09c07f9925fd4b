// The chart of accounts between the app and the accounting system. The accounting system's
// chart is the truth: a read (Sync now, and after connecting) brings its accounts into the
// Account entity with ref = its id, renamed or retyped as they are over there, and links a
// local account of the same name that has no ref yet. A local account without a ref (made
// while paused, or imported) is created over there by the push job, one sync-log record each,
// with a requestid made from the account so a retried job never makes a second one.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { accountTable, objectsTable } from '../../../../generated/tables';
import { rowsOf, type Db } from '../../../db/connect';
import type { AccountingApp } from '../apps';
import type { ConnectorTokens, ExternalAccount } from '../connector';
import { requestIdOf, withTokens } from '../calls';
import { invalidateCounts } from '../../records/countCache';
import { saveTaxModel } from './taxCodes';

/** The sync-log record of a whole chart read: one per company and app. */
export const CHART = { entityType: 'accounts', entityId: '0' } as const;
/** The sync-log record of one local account to create over there. */
export const ACCOUNT_ENTITY = 'account';

type Session = { tokens: ConnectorTokens };

/** Queues a chart read (again, whatever it did last time) and every local account without a
 * ref; a failed account is queued again. */
export async function queueChart(db: Db, companyId: string, appKey: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
    VALUES (${companyId}, ${appKey}, ${CHART.entityType}, ${CHART.entityId}, 'queued')
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now()`);
  await queueLocalAccounts(db, companyId, appKey);
}

/** Local accounts with no ref wait to be created over there (a failed one is queued again). */
export async function queueLocalAccounts(db: Db, companyId: string, appKey: string, accountId?: string) {
  await db.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
    SELECT a.company_id, ${appKey}, ${ACCOUNT_ENTITY}, a.id, 'queued' FROM accounts a
    WHERE a.company_id = ${companyId} AND a.ref IS NULL ${accountId ? sql`AND a.id = ${accountId}` : sql``}
    ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
      last_error = NULL, updated_at = now()
    WHERE integration_sync_log.status = 'failed'`);
}

interface LocalAccount {
  id: string;
  ref: string | null;
  name: string;
  type: string;
  parent_ref: string | null;
}

/** Brings the accounting system's accounts into the app, in one transaction. Answers how many
 * local accounts were added or changed. */
export async function saveChart(db: Db, companyId: string, external: ExternalAccount[]): Promise<number> {
  const changed = await db.transaction(async (tx) => {
    const local = rowsOf<LocalAccount>(
      await tx.execute(sql`SELECT id::text, ref, name, type, parent_ref FROM accounts
        WHERE company_id = ${companyId} ORDER BY id FOR UPDATE`),
    );
    const byRef = new Map(local.filter((a) => a.ref).map((a) => [a.ref!, a]));
    const unlinkedByName = new Map(local.filter((a) => !a.ref).map((a) => [a.name.toLowerCase(), a]));
    let count = 0;
    for (const account of external) {
      const match = byRef.get(account.externalId) ?? unlinkedByName.get(account.name.toLowerCase());
      if (!match) {
        const [{ id }] = await tx
          .insert(accountTable)
          .values({
            companyId,
            ref: account.externalId,
            name: account.name,
            type: account.type,
            parentRef: account.parentExternalId,
          })
          .returning({ id: accountTable.id });
        await tx.insert(objectsTable).values({ companyId, id, entity: 'account' });
        count++;
        continue;
      }
      unlinkedByName.delete(match.name.toLowerCase());
      if (
        match.ref === account.externalId &&
        match.name === account.name &&
        match.type === account.type &&
        match.parent_ref === account.parentExternalId
      )
        continue;
      await tx
        .update(accountTable)
        .set({ ref: account.externalId, name: account.name, type: account.type, parentRef: account.parentExternalId })
        .where(and(eq(accountTable.companyId, companyId), eq(accountTable.id, match.id)));
      count++;
    }
    return count;
  });
  if (changed) invalidateCounts(companyId, 'account');
  return changed;
}

/** The job's chart read: every page of the accounting system's chart, then saved. */
export async function readChart(db: Db, companyId: string, app: AccountingApp, session: Session) {
  const external = await withTokens(db, companyId, app, session, (tokens) => app.connector.listAccounts(tokens));
  await saveChart(db, companyId, external);
  // the company's plan (Company.qboPlan, spec 3) is read with its chart: after connecting, and at
  // each Sync now, so a plan changed over there shows here
  const plan = await withTokens(db, companyId, app, session, (tokens) => app.connector.readPlan(tokens));
  await db.execute(sql`UPDATE companies SET qbo_plan = ${plan} WHERE id = ${companyId}
    AND qbo_plan IS DISTINCT FROM ${plan}`);
  // the sales tax model (codes chosen on the accounting setup page's Taxes tab) read with it
  const taxModel = await withTokens(db, companyId, app, session, (tokens) => app.connector.readTaxModel(tokens));
  await saveTaxModel(db, companyId, app.key, taxModel);
  // accounts that were linked by name need no create any more
  await db.execute(sql`DELETE FROM integration_sync_log l USING accounts a
    WHERE l.company_id = ${companyId} AND l.app = ${app.key} AND l.entity_type = ${ACCOUNT_ENTITY}
      AND l.status = 'queued' AND a.company_id = l.company_id AND a.id = l.entity_id AND a.ref IS NOT NULL`);
}

/** The job's create of one local account over there; its ref is the answer. Answers false when
 * there was nothing to do (gone, or linked meanwhile). */
export async function pushLocalAccount(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: Session,
  accountId: string,
): Promise<boolean> {
  const [account] = await db
    .select()
    .from(accountTable)
    .where(and(eq(accountTable.companyId, companyId), eq(accountTable.id, accountId)));
  if (!account || account.ref) return false;
  const externalId = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.pushAccount(
      tokens,
      { name: account.name, type: account.type, parentExternalId: account.parentRef },
      requestIdOf(companyId, app.key, ACCOUNT_ENTITY, accountId),
    ),
  );
  await db
    .update(accountTable)
    .set({ ref: externalId })
    .where(and(eq(accountTable.companyId, companyId), eq(accountTable.id, accountId), isNull(accountTable.ref)));
  return true;
}
