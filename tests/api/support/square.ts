// The arrange the Square point of sale API tests share: the local stand-in of Square's API
// (tests/standins/square.ts), with QuickBooks Online's stand-in beside it when a file needs it,
// the environment that points the connectors at them (saved and put back), a company with the
// pointOfSale add-on, products with duty-paid stock at the retail site, connecting Square as a
// person connects, the day's pull, and the amounts Square's orders carry. Not a test file: vitest
// includes tests/**/*.test.ts only.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EVERYTHING, type Backend, type TestApi } from '../harness';
import { exciseCompany } from '../exciseKit';
import { companyTable } from '../../../src/generated/tables';
import { rowsOf } from '../../../src/server/db/connect';
import { pushAllQueued } from '../../../src/server/domain/integrations/pushers';
import { addDays } from '../../../src/shared/days';
import { startOfDay } from '../../../src/server/domain/integrations/square/days';
import { dayIn } from '../../../src/server/domain/company/timeZone';
import { startSquareStandIn, type SquareStandIn, type StandInLine, type StandInOrder } from '../../standins/square';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../../standins/quickbooks';
import { pressConnect, startApiBeside, type StartedApi } from './quickbooks';
import type { StaffService } from '../../../src/shared/services';

export type Co = Awaited<ReturnType<typeof exciseCompany>>;
export type Gql = { data?: Record<string, unknown>; errors?: { message: string; extensions: { code: string } }[] };

export const ZONE = 'America/Toronto';
/** the last day the pull takes: yesterday, once it is two hours past midnight in Toronto */
export const yesterdayInToronto = () => addDays(dayIn(ZONE, new Date(Date.now() - 2 * 3_600_000)), -1);
/** `hour`:00 in Toronto on `day`, as an ISO instant */
export const closedAt = (day: string, hour: number) =>
  new Date(Date.parse(startOfDay(ZONE, day)) + hour * 3_600_000).toISOString();
export const money = (amount: number) => ({ amount, currency: 'CAD' });
/** the order's tax "T1": HST 13 % */
export const HST = { uid: 'T1', name: 'HST', percentage: '13.0', type: 'ADDITIVE', scope: 'ORDER' } as const;

/** A line of a Square order as Square gives its amounts (cents): `quantity` of the variation at
 * `base` each, less `discount`, with HST (the order's tax "T1") of `tax` applied. */
export const taxedLine = (
  uid: string,
  name: string,
  variation: string,
  quantity: number,
  base: number,
  discount: number,
  tax: number,
): StandInLine => ({
  uid,
  name,
  quantity: String(quantity),
  catalog_object_id: variation,
  base_price_money: money(base),
  gross_sales_money: money(quantity * base),
  total_discount_money: money(discount),
  total_tax_money: money(tax),
  total_money: money(quantity * base - discount + tax),
  applied_taxes: [{ uid: `${uid}-T1`, tax_uid: 'T1', applied_money: money(tax) }],
});

/** with QuickBooks Online's stand-in when asked for */
export type SquareRig = StartedApi & { square: SquareStandIn; qbo?: QuickBooksStandIn };

/** Starts Square's stand-in (and QuickBooks Online's, when `withQuickBooks`), points the
 * connectors at them (a fresh INTEGRATIONS_KEY, their ids, secrets and URLs), then starts the
 * API. */
export async function startSquareApi(backend: Backend, withQuickBooks = false): Promise<SquareRig> {
  const square = await startSquareStandIn();
  const qbo = withQuickBooks ? await startQuickBooksStandIn() : undefined;
  const started = await startApiBeside(
    backend,
    {
      INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
      SQUARE_APPLICATION_ID: square.applicationId,
      SQUARE_APPLICATION_SECRET: square.applicationSecret,
      SQUARE_BASE_URL: square.url,
      ...(qbo && {
        QBO_CLIENT_ID: qbo.clientId,
        QBO_CLIENT_SECRET: qbo.clientSecret,
        QBO_OAUTH_BASE_URL: qbo.url,
        QBO_API_BASE_URL: qbo.url,
      }),
    },
    async () => {
      await square.close();
      await qbo?.close();
    },
  );
  return { square, qbo, ...started };
}

/** Turns the pointOfSale add-on on for the company (and every other add-on off). */
export async function pointOfSaleAddOn(api: TestApi, companyId: string): Promise<void> {
  await api.database.db
    .update(companyTable)
    .set({ addOns: ['pointOfSale'] })
    .where(eq(companyTable.id, companyId));
}

/** A company (exciseKit's, with audit and reports too) with the pointOfSale add-on. */
export async function pointOfSaleCompany(api: TestApi): Promise<Co> {
  const co = await exciseCompany(api, [...EVERYTHING, 'audit', 'reports']);
  await pointOfSaleAddOn(api, co.companyId);
  return co;
}

/** The calls the Square tests make, on the API and stand-in `rig()` answers and as the company
 * `company()` answers (made in beforeAll, after these). */
export function squareCalls(rig: () => { api: TestApi; square: SquareStandIn }, company: () => Co) {
  const gqlOn =
    (service: StaffService) =>
    async (
      query: string,
      variables: Record<string, unknown> = {},
      who: { companyId: string; token: string } = company(),
    ) =>
      (await rig().api.gql(who.companyId, query, variables, who.token, service)).body as Gql;
  const okOn =
    (service: StaffService) =>
    async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
      const r = await gqlOn(service)(query, variables);
      if (r.errors) throw new Error(JSON.stringify(r.errors));
      return r.data as T;
    };
  const gql = gqlOn('main');
  const ok = okOn('main');
  /** the point-of-sale service's endpoint (spec 7): the setup and Square's locations */
  const posGql = gqlOn('pointOfSale');
  const posOk = okOn('pointOfSale');
  /** Sync now pressed: answers how many records it queued. */
  const sync = async () =>
    (await ok<{ integrationSync: number }>(`mutation { integrationSync(app: square) }`)).integrationSync;
  /** The push job run for the company's Square work (what the queue would run). */
  const push = () => pushAllQueued(rig().api.database.db, { companyId: company().companyId, app: 'square' });
  /** A product of 750 mL (or `containerSize`) at 40 %, in cases of 12. */
  const product = (name: string, sku: string, price: number, containerSize = 0.75) =>
    company().create('product', { name, sku, price, strength: 40, containerSize, caseSize: 12 });
  /** Duty-paid stock of the product put in at the retail site on 2025-01-06, at 10.00 each. */
  const adjust = (productId: string, lot: string | null, quantity: number) =>
    ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: {
        date: '2025-01-06',
        siteId: company().site,
        productId,
        lot,
        status: 'DutyPaid',
        quantity,
        value: quantity * 10,
      },
    });
  /** Square connected as a person connects: its consent comes back to our callback. */
  const connect = async () => {
    const { url, cookie } = await pressConnect(rig().api, company(), `mutation { integrationConnect(app: square) }`);
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const callback = await rig().api.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(callback.headers.location).toBe('/apps?connected=square');
  };
  /** The point of sale set up: sales at that Square location go to the site, to that customer. */
  const setup = (siteId: string, locationId: string, customerId: string) =>
    posOk(
      `mutation($s: ID!, $l: String!, $c: ID!) { pointOfSaleSetupSave(siteId: $s, locationId: $l, customerId: $c) { siteId } }`,
      { s: siteId, l: locationId, c: customerId },
    );
  /** the day's Square sales invoices */
  const invoicesOf = async (day: string) =>
    rowsOf<{ id: string; total: string }>(
      await rig().api.database.db.execute(sql`SELECT id::text, total::text FROM invoices
        WHERE company_id = ${company().companyId} AND date = ${day} AND notes LIKE 'Square sales of%' ORDER BY id`),
    );
  /** the company's Square work that failed: what it was and why */
  const failures = async () =>
    rowsOf<{ entity_type: string; last_error: string }>(
      await rig().api.database.db.execute(sql`SELECT entity_type, last_error FROM integration_sync_log
        WHERE company_id = ${company().companyId} AND app = 'square' AND status = 'failed'`),
    );
  /** A completed order at the tasting room's location (L1TASTINGROOM), taxed HST, closed at
   * `hour`:00 on `day` in Toronto; `fields` adds its lines and totals. */
  const order = (id: string, day: string, hour: number, fields: Partial<StandInOrder>) =>
    rig().square.orders.push({
      id,
      location_id: 'L1TASTINGROOM',
      state: 'COMPLETED',
      closed_at: closedAt(day, hour),
      line_items: [],
      taxes: [HST],
      ...fields,
    });
  /** the product's duty-paid quantity at the company's site */
  const dutyPaidAtSite = async (productId: string) =>
    Number(
      rowsOf<{ q: string }>(
        await rig().api.database.db.execute(sql`SELECT coalesce(sum(quantity), 0)::text AS q FROM stock_balances
          WHERE company_id = ${company().companyId} AND stock_id = ${productId} AND site_id = ${company().site}
            AND status = 'DutyPaid'`),
      )[0].q,
    );
  return {
    gql,
    ok,
    posGql,
    posOk,
    sync,
    push,
    product,
    adjust,
    connect,
    setup,
    invoicesOf,
    dutyPaidAtSite,
    failures,
    order,
  };
}
