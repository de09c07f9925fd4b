// The point-of-sale sync (Sync now on /apps, and the job). Queueing looks at the days closed
// since the last run, up to yesterday in the company's time zone once it is two hours past
// midnight (days.ts PULL_GRACE_MS: most of a till's late uploads are in), and queues each as a
// 'squareDay' record (key 20261126), the orders changed since the last look ('squareChanges' 0)
// and the catalogue ('squareCatalog' 0); the failed ones go again. The push pulls each queued
// day into one invoice and its refunds into one return (dayInvoice.ts); then what came in after
// its day was pulled (a till's offline uploads, refunds closed late: pullChanges) into
// documents of their own; then pushes the catalogue and counts (catalog.ts). Every Square order
// (a refund is a return order of its own) a document took is marked in square_taken (migration 0044), so nothing is
// taken twice. The rules are every connector's: a day already linked is skipped, so a retried
// job never makes a second invoice; an expired token is refreshed once; a throttled call waits
// Retry-After (still throttled: the record stays queued, no attempt counted, and the job throws
// RetryLater); a server error counts an attempt and throws RetryLater for the queue's backoff;
// a refusal (Square's words, an unknown SKU, the stock the day would take not being there) is
// logged as failed for More info.
import { failedForNow } from '../retries';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { hasPermission } from '../../../../shared/permissions';
import { featuresOf, membershipOf } from '../../company/companies';
import { dayIn, timeZoneOf } from '../../company/timeZone';
import { integrationApp, type PointOfSaleApp } from '../apps';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { withTokens, type PushSummary } from '../calls';
import { connectionOf, linkOf, saveLink, setLog, stillConnected, tokensOf } from '../store';
import { addDays } from '../../../../shared/days';
import { dayKey, dayOfKey, daysToPull, startOfDay } from './days';
import {
  isComplete,
  settingsOf,
  setPulledThrough,
  SETUP_NEEDED,
  SETUP_PERMISSIONS,
  type CompleteSettings,
} from './settings';
import { DayProblem, productsOfLines } from './products';
import { createDayDocuments, currencyOf, dayOf } from './dayInvoice';
import type { SoldLine } from './api';
import { pushCatalog } from './catalog';

export const DAY = 'squareDay';
export const CATALOG = 'squareCatalog';
/** the orders changed since the last look: late uploads of pulled days, refunds closed late */
export const CHANGES = 'squareChanges';
/** Records pushed per run: a long backlog goes on in the next run. */
const BATCH = 100;

export function pointOfSaleApp(key: string): PointOfSaleApp {
  const app = integrationApp(key);
  if (app.addOn !== 'pointOfSale') throw new Error(`${key} is not a point-of-sale app`);
  return app;
}

/** Who the job acts as: the person who saved the setup, while still a member with the setup's
 * permissions. Saving it is what authorises the tasting room's daily shipment and invoice, at
 * Square's prices, so the writes they need are lent (as a conversion lends `values`). */
async function syncActor(db: Db, companyId: string, settings: CompleteSettings, features: Record<string, boolean>) {
  const member = await membershipOf(db, settings.setBy, companyId);
  const held = member?.permissions ?? [];
  if (!SETUP_PERMISSIONS.every((p) => hasPermission(held, p)))
    throw new DayProblem(
      'The person who saved the point-of-sale setup no longer has its permissions: save the setup again',
    );
  const permissions = [...new Set([...held, 'selling.write', 'inventory.write', 'values'])];
  return { userId: settings.setBy, companyId, permissions, features };
}

/** Queues the days since the last run and the catalogue; answers how many records wait. Sync
 * now (`asked`) also sends the catalogue and counts and tries the failed records again; the
 * schedule sends the catalogue and counts only after it queued a newly closed day (counts sent
 * in the middle of a day would put back what the till sold since the last pull), and leaves
 * failed records failed until a person fixes them and asks again. */
async function queueDays(db: Db, companyId: string, app: PointOfSaleApp, asked: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const connection = await connectionOf(tx, companyId, app.key, true);
    if (connection?.status !== 'connected')
      throw new AppError('CONFLICT', `${app.connector.provider} is not connected (or is paused)`, {
        status: connection?.status ?? 'enabled',
      });
    const settings = await settingsOf(tx, companyId, true);
    if (!isComplete(settings)) throw new AppError('CONFLICT', SETUP_NEEDED);
    const zone = await timeZoneOf({
      db: tx,
      actor: { userId: settings.setBy, companyId, permissions: [], features: {} },
    });
    const days = daysToPull(settings.pulledThrough, zone, new Date());
    const queue = async (entityType: string, entityId: string) =>
      tx.execute(sql`INSERT INTO integration_sync_log (company_id, app, entity_type, entity_id, status)
        VALUES (${companyId}, ${app.key}, ${entityType}, ${entityId}, 'queued')
        ON CONFLICT (company_id, app, entity_type, entity_id) DO UPDATE SET status = 'queued', attempts = 0,
          last_error = NULL, updated_at = now()
        WHERE integration_sync_log.status <> 'queued'`);
    for (const day of days) await queue(DAY, dayKey(day));
    if (asked || days.length) {
      await queue(CHANGES, '0');
      await queue(CATALOG, '0');
    }
    // Sync now looks back to the orders left out past the hold (HELD_MS), so one put right since
    // is taken; the schedule's pulls do not read that far again
    if (asked)
      await tx.execute(sql`UPDATE square_settings SET changes_checked_at = least(changes_checked_at,
          (SELECT min((h ->> 'changedAt')::timestamptz) FROM jsonb_array_elements(changes_held) h))
        WHERE company_id = ${companyId} AND jsonb_array_length(changes_held) > 0`);
    // what failed goes again when asked (after the SKU or the stock was put right)
    if (asked)
      await tx.execute(sql`UPDATE integration_sync_log SET status = 'queued', attempts = 0, last_error = NULL,
          updated_at = now()
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'failed'`);
    if (days.length) await setPulledThrough(tx, companyId, days[days.length - 1]);
    const [{ count }] = rowsOf<{ count: number }>(
      await tx.execute(sql`SELECT count(*)::int AS count FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'`),
    );
    return count;
  });
}

/** Sync now on /apps. */
export async function queueSquareSync(ctx: DomainContext, appKey: string): Promise<number> {
  const app = pointOfSaleApp(appKey);
  if (!ctx.actor.features[app.feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${app.feature})`, {
      feature: app.feature,
    });
  return queueDays(ctx.db, ctx.actor.companyId, app, true);
}

/** The daily schedule's work: every company with Square connected and set up queues its new
 * days (the push job then sends them). Answers the companies queued. */
export async function queueSquareForAllCompanies(db: Db, appKey = 'square'): Promise<string[]> {
  const app = pointOfSaleApp(appKey);
  const companies = rowsOf<{ company_id: string }>(
    await db.execute(sql`SELECT c.company_id::text FROM integration_connections c
      JOIN square_settings s ON s.company_id = c.company_id
      WHERE c.app = ${app.key} AND c.status = 'connected'
        AND s.site_id IS NOT NULL AND s.location_id IS NOT NULL AND s.customer_id IS NOT NULL`),
  );
  const queued: string[] = [];
  for (const { company_id } of companies) {
    if (!(await featuresOf(db, company_id))[app.feature]) continue;
    await queueDays(db, company_id, app, false);
    queued.push(company_id);
  }
  return queued;
}

type Session = { tokens: ConnectorTokens };

async function pullDay(
  ctx: DomainContext,
  app: PointOfSaleApp,
  session: Session,
  settings: CompleteSettings,
  key: string,
): Promise<'succeeded' | 'skipped'> {
  const { companyId } = ctx.actor;
  const db = ctx.db;
  if (await linkOf(db, companyId, app.key, DAY, key)) {
    await setLog(db, companyId, app.key, DAY, key, { status: 'succeeded' });
    return 'skipped';
  }
  const day = dayOfKey(key);
  const zone = await timeZoneOf(ctx);
  const sold = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.completedOrders(
      tokens,
      settings.locationId,
      startOfDay(zone, day),
      startOfDay(zone, addDays(day, 1)),
    ),
  );
  const products = await productsOfLines(ctx, app.key, sold, (ids) =>
    withTokens(db, companyId, app, session, (tokens) => app.connector.variationSkus(tokens, ids)),
  );
  await db.transaction(async (tx) => {
    // the settings row's lock makes two runs of the same company take turns
    await settingsOf(tx, companyId, true);
    if (await linkOf(tx, companyId, app.key, DAY, key)) return;
    const lines = await notTaken(tx, companyId, sold);
    const sales = dayOf(lines, products);
    if (lines.length) {
      const made = await createDayDocuments(
        { ...ctx, db: tx },
        { day, siteId: settings.siteId, customerId: settings.customerId, locationId: settings.locationId },
        sales,
        currencyOf(sold),
      );
      // the day's link names its invoice (its return, when it only refunded): the day is never
      // pulled into a second one
      const document = made.invoiceId ?? made.returnId;
      if (document) await saveLink(tx, companyId, app.key, DAY, key, document);
      await markTaken(tx, companyId, day, lines, made);
    }
    await setLog(tx, companyId, app.key, DAY, key, { status: 'succeeded', addAttempt: true });
    await tx.execute(sql`UPDATE integration_connections SET last_sync_at = now()
      WHERE company_id = ${companyId} AND app = ${app.key}`);
  });
  return 'succeeded';
}

/** The lines whose Square order (or refund) no document has taken yet. */
async function notTaken(db: Db, companyId: string, lines: SoldLine[]): Promise<SoldLine[]> {
  const ids = [...new Set(lines.map((l) => l.takenId))];
  if (!ids.length) return lines;
  const taken = new Set(
    rowsOf<{ square_id: string }>(
      await db.execute(sql`SELECT square_id FROM square_taken WHERE company_id = ${companyId}
        AND square_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    ).map((r) => r.square_id),
  );
  return lines.filter((l) => !taken.has(l.takenId));
}

/** Marks the lines' orders (and refunds) taken by the documents just made. */
async function markTaken(
  db: Db,
  companyId: string,
  day: string,
  lines: SoldLine[],
  made: { invoiceId: string | null; returnId: string | null },
) {
  const documents = new Map<string, string>();
  for (const l of lines) {
    const document = l.returned ? (made.returnId ?? made.invoiceId) : (made.invoiceId ?? made.returnId);
    if (document && !documents.has(l.takenId)) documents.set(l.takenId, document);
  }
  if (!documents.size) return;
  await db.execute(
    sql`INSERT INTO square_taken (company_id, square_id, day, document_id) VALUES ${sql.join(
      [...documents].map(([id, document]) => sql`(${companyId}, ${id}, ${day}, ${document})`),
      sql`, `,
    )} ON CONFLICT (company_id, square_id) DO NOTHING`,
  );
}

/** A changed order is looked at again this long before the last look ended: Square's search
 * index may show a change a little after its updated_at. What was taken is never taken twice. */
const CHANGES_OVERLAP_MS = 10 * 60_000;

/** How long an order left out holds the last look back at its updated_at. Long enough for a
 * person to see More info and add the product or the stock in the normal run of things (a week,
 * a weekend and a holiday included); past it, an order that may never be taken (a SKU that will
 * never be a product) would make every pull, 96 a day, read again all the orders since. An order
 * left out longer is kept in square_settings.changes_held instead: still named in More info, and
 * looked for again by Sync now. */
export const HELD_MS = 7 * 24 * 3_600_000;

/** An order left out past HELD_MS: what More info says of it and how to find and take it again. */
interface HeldOrder {
  orderId: string;
  day: string;
  reason: string;
  changedAt: string;
  /** its square_taken ids: taken once all of them are there */
  takenIds: string[];
}

/** changes_held as read: jsonb may arrive parsed or as its text, by driver */
const heldList = (held: HeldOrder[] | string): HeldOrder[] =>
  typeof held === 'string' ? (JSON.parse(held) as HeldOrder[]) : held;

const heldWords = (h: HeldOrder) =>
  `Square order ${h.orderId} (${h.day}): ${h.reason}. Left out for over ${HELD_MS / 86_400_000} days, it is no longer ` +
  'looked for on every pull: fix the product (its SKU, or its stock), then press Sync now to take it';

/** What came in after its day was pulled: a till's sales uploaded later (offline mode) and
 * refunds (return orders, of items or of an amount) closed late. Square's orders changed
 * (updated_at) since the last look, less what a document already took, and only on a day
 * already pulled (a day still to pull takes its own). Each day they fall on gets documents of
 * its own, dated that day: an invoice of the sales the day's pull had not seen, a return of the
 * refunds; the day's first invoice stays as it was (paid, maybe sent to the accountant). Each
 * day is a transaction of its own: an order that cannot be taken (a SKU with no product, the
 * stock not there) is left out, named with its reason in the record's More info, and the rest
 * of its day and the other days are taken; the last look moves on only up to when the earliest
 * order left out changed, so the next pull (or Sync now) looks at it again, though never back
 * more than HELD_MS: an order left out longer is held (changes_held), named in More info on
 * every pull, and looked for again only by Sync now. */
async function pullChanges(ctx: DomainContext, app: PointOfSaleApp, session: Session, settings: CompleteSettings) {
  const { companyId } = ctx.actor;
  const db = ctx.db;
  const zone = await timeZoneOf(ctx);
  const [mark] = rowsOf<{ checked: string; taken_from: string | null; held: HeldOrder[] | string }>(
    await db.execute(sql`SELECT changes_checked_at::text AS checked, taken_from::text, changes_held AS held
      FROM square_settings WHERE company_id = ${companyId}`),
  );
  const end = Date.now();
  const start = new Date(mark.checked).getTime() - CHANGES_OVERLAP_MS;
  const changed = await withTokens(db, companyId, app, session, (tokens) =>
    app.connector.changedOrders(
      tokens,
      settings.locationId,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
    ),
  );
  const dayOfLine = (l: SoldLine) => dayIn(zone, new Date(l.at));
  const candidates = await notTaken(db, companyId, changed);
  const days = [...new Set(candidates.map(dayOfLine))];
  const pulled = new Set(
    days.length
      ? rowsOf<{ key: string }>(
          await db.execute(sql`SELECT entity_id::text AS key FROM integration_sync_log
            WHERE company_id = ${companyId} AND app = ${app.key} AND entity_type = ${DAY} AND status = 'succeeded'
              AND entity_id IN (${sql.join(
                days.map((d) => sql`${dayKey(d)}`),
                sql`, `,
              )})`),
        ).map((r) => dayOfKey(r.key))
      : [],
  );
  const fresh = candidates.filter(
    (l) => pulled.has(dayOfLine(l)) && (!mark.taken_from || dayOfLine(l) >= mark.taken_from),
  );
  const byDay = new Map<string, SoldLine[]>();
  for (const l of fresh) byDay.set(dayOfLine(l), [...(byDay.get(dayOfLine(l)) ?? []), l]);
  const problems: string[] = [];
  const held = new Map<string, HeldOrder>(heldList(mark.held).map((h) => [h.orderId, h]));
  // the next look starts no later than the earliest order left out changed, for HELD_MS at most:
  // it is found again (and taken once its product or stock is there) until it is taken
  let checked = end;
  const leftOut = (orderId: string, day: string, reason: string) => {
    const lines = ofOrder(orderId);
    const times = lines.map((l) => Date.parse(l.changedAt)).filter(Number.isFinite);
    const changedAt = times.length ? Math.min(...times) : end;
    if (changedAt < end - HELD_MS) {
      const order = { orderId, day, reason, changedAt: new Date(changedAt).toISOString() };
      held.set(orderId, { ...order, takenIds: [...new Set(lines.map((l) => l.takenId))] });
      return;
    }
    held.delete(orderId);
    problems.push(`Square order ${orderId} (${day}): ${reason}`);
    if (changedAt < checked) checked = changedAt;
  };
  const ofOrder = (orderId: string) => fresh.filter((l) => l.orderId === orderId);
  for (const [day, ofDay] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const orders = [...new Set(ofDay.map((l) => l.orderId))];
    // the day whole, or, when it fails, each order alone: one bad order keeps only itself out
    const taken = await takeLater(ctx, app, session, settings, day, ofDay);
    if (taken !== true && orders.length > 1) {
      for (const orderId of orders) {
        const alone = await takeLater(
          ctx,
          app,
          session,
          settings,
          day,
          ofDay.filter((l) => l.orderId === orderId),
        );
        if (alone !== true) leftOut(orderId, day, alone);
      }
    } else if (taken !== true) leftOut(orders[0], day, taken);
  }
  await db.transaction(async (tx) => {
    await settingsOf(tx, companyId, true);
    // another pull (the schedule's beside a Sync now) may have held orders since this one read
    // the list: read again under the row's lock, what this pull did not see is kept as it is
    const [now] = rowsOf<{ held: HeldOrder[] | string }>(
      await tx.execute(sql`SELECT changes_held AS held FROM square_settings WHERE company_id = ${companyId}`),
    );
    const seen = new Set(fresh.map((l) => l.orderId));
    for (const h of heldList(now?.held ?? [])) if (!seen.has(h.orderId) && !held.has(h.orderId)) held.set(h.orderId, h);
    // a held order taken now (seen again by Sync now) or by the day's own pull is named no more
    const takenIds = [...held.values()].flatMap((h) => h.takenIds);
    const taken = new Set(
      takenIds.length
        ? rowsOf<{ id: string }>(
            await tx.execute(sql`SELECT square_id AS id FROM square_taken WHERE company_id = ${companyId}
              AND square_id IN (${sql.join(
                takenIds.map((id) => sql`${id}`),
                sql`, `,
              )})`),
          ).map((r) => r.id)
        : [],
    );
    const stillHeld = [...held.values()]
      .filter((h) => !h.takenIds.every((id) => taken.has(id)))
      .sort((a, b) => a.changedAt.localeCompare(b.changedAt));
    problems.push(...stillHeld.map(heldWords));
    // never moved back: a left-out order changed before the last look is still in its overlap
    await tx.execute(sql`UPDATE square_settings
      SET changes_checked_at = greatest(changes_checked_at, ${new Date(checked).toISOString()}::timestamptz),
        changes_held = ${JSON.stringify(stillHeld)}::jsonb
      WHERE company_id = ${companyId}`);
    await setLog(
      tx,
      companyId,
      app.key,
      CHANGES,
      '0',
      problems.length
        ? { status: 'failed', addAttempt: true, error: problems.join('; ').slice(0, 2000) }
        : { status: 'succeeded', addAttempt: true },
    );
  });
}

/** Takes lines of a day that came in late, in a transaction of their own: true, or the reason
 * they could not be taken (a refusal: the other system down still throws). */
async function takeLater(
  ctx: DomainContext,
  app: PointOfSaleApp,
  session: Session,
  settings: CompleteSettings,
  day: string,
  ofDay: SoldLine[],
): Promise<true | string> {
  const { companyId } = ctx.actor;
  try {
    const products = await productsOfLines(ctx, app.key, ofDay, (ids) =>
      withTokens(ctx.db, companyId, app, session, (tokens) => app.connector.variationSkus(tokens, ids)),
    );
    await ctx.db.transaction(async (tx) => {
      await settingsOf(tx, companyId, true);
      const lines = await notTaken(tx, companyId, ofDay);
      if (!lines.length) return;
      const made = await createDayDocuments(
        { ...ctx, db: tx },
        { day, siteId: settings.siteId, customerId: settings.customerId, locationId: settings.locationId, later: true },
        dayOf(lines, products),
        currencyOf(lines),
      );
      await markTaken(tx, companyId, day, lines, made);
    });
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal === null) throw error;
    return refusal;
  }
}

/** A failure that is the record's, not the other system's being down: logged, not retried. */
function refusalOf(error: unknown): string | null {
  if (error instanceof DayProblem) return error.message;
  if (error instanceof AppError) return error.message;
  if (error instanceof ConnectorError && (error.failure.kind === 'rejected' || error.failure.kind === 'unauthorized'))
    return error.message;
  return null;
}

/** The job's work for one company: the queued days, then the catalogue. */
export async function pushSquareQueued(db: Db, companyId: string, appKey: string): Promise<PushSummary> {
  const app = pointOfSaleApp(appKey);
  const summary: PushSummary = { succeeded: 0, failed: 0 };
  const connection = await connectionOf(db, companyId, app.key);
  // paused or disconnected: what waits stays queued
  if (connection?.status !== 'connected') return summary;
  const tokens = tokensOf(connection);
  const settings = await settingsOf(db, companyId);
  const features = await featuresOf(db, companyId);
  if (!tokens || !isComplete(settings) || !features[app.feature]) return summary;
  const session = { tokens };
  const queued = rowsOf<{ entity_type: string; entity_id: string }>(
    await db.execute(sql`SELECT entity_type, entity_id::text FROM integration_sync_log
      WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'
        AND entity_type IN (${DAY}, ${CHANGES}, ${CATALOG})
      ORDER BY entity_type = ${CATALOG}, entity_type = ${CHANGES}, entity_id LIMIT ${BATCH}`),
  );
  for (const record of queued) {
    const { entity_type: type, entity_id: id } = record;
    // paused or disconnected while this job ran: what waits stays as the change left it
    if (!(await stillConnected(db, connection))) break;
    try {
      const ctx: DomainContext = { db, actor: await syncActor(db, companyId, settings, features) };
      if (type === DAY) await pullDay(ctx, app, session, settings, id);
      else if (type === CHANGES) await pullChanges(ctx, app, session, settings);
      else {
        await pushCatalog(ctx, app, session, settings);
        await setLog(db, companyId, app.key, type, id, { status: 'succeeded', addAttempt: true });
      }
      summary.succeeded++;
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal !== null) {
        // More info names the day: the record's key alone (20261126) reads poorly
        const said = type === DAY ? `Square sales of ${dayOfKey(id)}: ${refusal}` : refusal;
        await setLog(db, companyId, app.key, type, id, {
          status: 'failed',
          addAttempt: true,
          error: said,
          existing: true,
        });
        summary.failed++;
        continue;
      }
      if (!(error instanceof ConnectorError)) throw error;
      await failedForNow(db, companyId, app.key, type, id, error.failure);
      summary.failed++;
    }
  }
  return summary;
}
