// Square late pulls (integrations/square/sync.ts pullChanges): an order that cannot be taken holds
// the last look back at its updated_at for HELD_MS (7 days) at most, so the schedule's pulls do
// not read an ever longer window; past it the order stays named in More info, with the words
// that say what to do, and Sync now looks back far enough to take it once its product is there.
//
// Worked by hand: the day D, twelve days ago, is pulled with one sale. A till's offline sale of D
// (1 x Ghost 750 30.00 + HST 13% 3.90 = 33.90) reached Square on D + 1 at 09:00, eleven days
// ago; its variation's SKU GHOST-750 is no product's. The schedule's pull leaves it out: 11 days
// is past the 7-day hold, so the last look moves on to now (not back to D + 1 09:00), and More
// info names GHOST-1, GHOST-750 and "press Sync now". The next scheduled pull reads only from
// now on, and More info still names it. Once the product is added (5 duty-paid bottles), Sync
// now takes the sale: a second invoice for D of 33.90, one bottle out (5 - 1 = 4), nothing failed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EVERYTHING, backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';
import { companyTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { startSquareStandIn, type SquareStandIn, type StandInLine, type StandInOrder } from '../standins/square';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { queueSquareForAllCompanies } from '../../src/server/domain/integrations/square/sync';
import { addDays } from '../../src/shared/days';
import { startOfDay } from '../../src/server/domain/integrations/square/days';
import { dayIn } from '../../src/server/domain/company/timeZone';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
type Gql = { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };

const ZONE = 'America/Toronto';
const WEEK_MS = 7 * 24 * 3_600_000;

describe.each(backends)('Square orders left out past the hold on %s', (backend) => {
  let api: TestApi;
  let square: SquareStandIn;
  let co: Co;
  let tastingRoom = '';
  let vodkaVariation = '';
  const saved: Record<string, string | undefined> = {};
  const yesterday = addDays(dayIn(ZONE, new Date(Date.now() - 2 * 3_600_000)), -1);

  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = (await api.gql(co.companyId, query, variables, co.token)).body as Gql;
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data as T;
  };
  const at = (day: string, hour: number) =>
    new Date(Date.parse(startOfDay(ZONE, day)) + hour * 3_600_000).toISOString();
  const money = (amount: number) => ({ amount, currency: 'CAD' });
  const HST = { uid: 'T1', name: 'HST', percentage: '13.0', type: 'ADDITIVE', scope: 'ORDER' } as const;
  const taxed = (uid: string, name: string, variation: string, base: number, tax: number): StandInLine => ({
    uid,
    name,
    quantity: '1',
    catalog_object_id: variation,
    base_price_money: money(base),
    gross_sales_money: money(base),
    total_discount_money: money(0),
    total_tax_money: money(tax),
    total_money: money(base + tax),
    applied_taxes: [{ uid: `${uid}-T1`, tax_uid: 'T1', applied_money: money(tax) }],
  });
  const order = (id: string, day: string, hour: number, fields: Partial<StandInOrder>) =>
    square.orders.push({
      id,
      location_id: 'L1TASTINGROOM',
      state: 'COMPLETED',
      closed_at: at(day, hour),
      line_items: [],
      taxes: [HST],
      ...fields,
    });
  const syncNow = async () => {
    await ok(`mutation { integrationSync(app: square) }`);
    await pushAllQueued(api.database.db, { companyId: co.companyId, app: 'square' });
  };
  /** the 15-minute schedule once yesterday has closed: it queues the day and the changes */
  const scheduled = async () => {
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(yesterday, -1)}
      WHERE company_id = ${co.companyId}`);
    await queueSquareForAllCompanies(api.database.db);
    await pushAllQueued(api.database.db, { companyId: co.companyId, app: 'square' });
  };
  const invoicesOf = async (day: string) =>
    rowsOf<{ id: string; total: string }>(
      await api.database.db.execute(sql`SELECT id::text, total::text FROM invoices WHERE company_id = ${co.companyId}
        AND date = ${day} AND notes LIKE 'Square sales of%' ORDER BY id`),
    );
  const failures = async () =>
    rowsOf<{ entity_type: string; last_error: string }>(
      await api.database.db.execute(sql`SELECT entity_type, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'square' AND status = 'failed'`),
    );
  const lastLook = async () =>
    Date.parse(
      rowsOf<{ checked: string }>(
        await api.database.db.execute(sql`SELECT to_char(changes_checked_at AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked FROM square_settings WHERE company_id = ${co.companyId}`),
      )[0].checked,
    );

  beforeAll(async () => {
    square = await startSquareStandIn();
    const env = {
      INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
      SQUARE_APPLICATION_ID: square.applicationId,
      SQUARE_APPLICATION_SECRET: square.applicationSecret,
      SQUARE_BASE_URL: square.url,
    };
    for (const [k, v] of Object.entries(env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    api = await startApi(backend);
    co = await exciseCompany(api, [...EVERYTHING, 'audit', 'reports']);
    await api.database.db
      .update(companyTable)
      .set({ addOns: ['pointOfSale'] })
      .where(eq(companyTable.id, co.companyId));
    tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    const vodka = await co.create('product', {
      name: 'Vodka 375',
      sku: 'VOD-375',
      price: 24.99,
      strength: 40,
      containerSize: 0.375,
      caseSize: 12,
    });
    await ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: { date: '2025-01-06', siteId: co.site, productId: vodka, lot: null, status: 'DutyPaid', quantity: 30 },
    });
    vodkaVariation = square.addVariation('Vodka 375', 'VOD-375', 2499);
    const { integrationConnect: url } = await ok<{ integrationConnect: string }>(
      `mutation { integrationConnect(app: square) }`,
    );
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    await api.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    await ok(
      `mutation($s: ID!, $l: String!, $c: ID!) { pointOfSaleSetupSave(siteId: $s, locationId: $l, customerId: $c) { siteId } }`,
      { s: co.site, l: 'L1TASTINGROOM', c: tastingRoom },
    );
  });
  afterAll(async () => {
    await api?.close();
    await square?.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('holds the last look back a week at most, keeps naming the order, and Sync now takes it once fixed', async () => {
    const day = addDays(yesterday, -11);
    const next = addDays(day, 1);
    order('GHOST-0', day, 12, {
      line_items: [taxed('G0', 'Vodka 375', vodkaVariation, 2499, 325)],
      total_money: money(2824),
    });
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await syncNow();
    expect(await invoicesOf(day)).toHaveLength(1);
    await api.database.db.execute(sql`UPDATE square_settings SET changes_checked_at = ${at(next, 3)}::timestamptz
      WHERE company_id = ${co.companyId}`);
    const ghostVariation = square.addVariation('Ghost 750', 'GHOST-750', 3000);
    order('GHOST-1', day, 18, {
      updated_at: at(next, 9),
      line_items: [taxed('G1', 'Ghost 750', ghostVariation, 3000, 390)],
      total_money: money(3390),
    });

    // the schedule leaves it out; 11 days is past the hold, so the last look is not kept at it
    const before = Date.now();
    await scheduled();
    let failed = await failures();
    expect(failed.map((f) => f.entity_type)).toEqual(['squareChanges']);
    expect(failed[0].last_error).toContain('Square order GHOST-1');
    expect(failed[0].last_error).toContain('GHOST-750');
    expect(failed[0].last_error).toContain('fix the product');
    expect(failed[0].last_error).toContain('press Sync now');
    expect(await lastLook()).toBeGreaterThanOrEqual(before - WEEK_MS);

    // the next scheduled pull does not read back to it, and More info still names it
    await scheduled();
    expect(await lastLook()).toBeGreaterThanOrEqual(before);
    failed = await failures();
    expect(failed).toHaveLength(1);
    expect(failed[0].last_error).toContain('Square order GHOST-1');
    expect(failed[0].last_error).toContain('press Sync now');
    expect(await invoicesOf(day)).toHaveLength(1);

    // the product is added: Sync now looks back far enough to take the sale
    const ghost = await co.create('product', {
      name: 'Ghost 750',
      sku: 'GHOST-750',
      price: 30,
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    await ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: { date: '2025-01-06', siteId: co.site, productId: ghost, lot: null, status: 'DutyPaid', quantity: 5 },
    });
    await syncNow();
    expect(await failures()).toEqual([]);
    const invoices = await invoicesOf(day);
    expect(invoices.map((i) => Number(i.total))).toEqual([28.24, 33.9]);
    expect(await lastLook()).toBeGreaterThanOrEqual(before);
    await syncNow();
    await scheduled();
    expect(await invoicesOf(day)).toHaveLength(2);
    expect(await failures()).toEqual([]);
  });
});
