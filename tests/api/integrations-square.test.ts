// Square (point of sale) against its local stand-in (tests/standins/square.ts): connect through
// the OAuth callback, set up the retail site, location and tasting-room customer, pull a closed
// day of sales into one invoice that takes duty-paid stock from the retail site, push the
// catalogue and counts; and every failure the issue names: a 5xx retried by the queue without a
// second invoice, an expired token refreshed, a 429 waited out, an unknown SKU logged as failed
// with its words; tenancy and the setup's permissions.
//
// The day's figures, worked by hand from the three sales below (base prices before tax):
//   sale 1: 2 x Gin 750 at 39.95            sale 2: 1 x Gin 750 at 39.95 + 1 x Rye 750 at 54.00
//   sale 3: 1 x Rye 750 at 54.00
//   invoice lines: Gin 750 3 x 39.95 = 119.85; Rye 750 2 x 54.00 = 108.00; total 227.85
//   duty-paid stock at the retail site: gin 24 -> 21, rye 12 -> 10
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type SquareStandIn, type StandInOrder } from '../standins/square';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { RetryLater } from '../../src/server/domain/integrations/calls';
import { addDays } from '../../src/shared/days';
import { queueSquareForAllCompanies } from '../../src/server/domain/integrations/square/sync';
import { integrationsPushJob } from '../../src/server/domain/integrations/queue';
import { allowAccounting, pressConnect, quickBooksCalls } from './support/quickbooks';
import {
  HST,
  closedAt,
  money,
  pointOfSaleAddOn,
  pointOfSaleCompany,
  squareCalls,
  taxedLine,
  startSquareApi,
  yesterdayInToronto,
  type Co,
  type SquareRig,
} from './support/square';

const INTEGRATION = `{ app addOn status failures { entityType entityId attempts error } }`;

describe.each(backends)('Square point of sale on %s', (backend) => {
  let rig: SquareRig;
  let api: TestApi;
  let square: SquareStandIn;
  let qbo: QuickBooksStandIn;
  let co: Co;
  let tastingRoom = '';
  let gin = '';
  let rye = '';
  let ginVariation = '';
  let ryeVariation = '';
  let orderSeq = 0;
  // the last day the pull takes: yesterday, once it is two hours past midnight in Toronto
  const yesterday = yesterdayInToronto();

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const { gql, ok, posGql, posOk, sync, push, invoicesOf, dutyPaidAtSite } = sq;
  const qb = quickBooksCalls(() => api);
  const integration = async (who: { companyId: string; token: string } = co) =>
    ((await gql(`{ integrations ${INTEGRATION} }`, {}, who)).data!.integrations as Record<string, unknown>[]).find(
      (i) => i.app === 'square',
    )!;
  const nameOf = (variation: string) =>
    variation === ginVariation ? 'Gin 750' : variation === ryeVariation ? 'Rye 750' : 'Mystery';
  /** a sale closed at `hour`:00 in Toronto on `day`, at base prices (no discount, no tax) */
  const sale = (day: string, hour: number, lines: [string, number, number][], extra: Partial<StandInOrder> = {}) => {
    orderSeq += 1;
    square.orders.push({
      id: `ORDER${orderSeq}`,
      location_id: 'L1TASTINGROOM',
      state: 'COMPLETED',
      closed_at: closedAt(day, hour),
      line_items: lines.map(([variation, quantity, cents], i) => ({
        uid: `U${orderSeq}-${i}`,
        name: nameOf(variation),
        quantity: String(quantity),
        catalog_object_id: variation,
        base_price_money: money(cents),
        gross_sales_money: money(quantity * cents),
        total_discount_money: money(0),
        total_tax_money: money(0),
        total_money: money(quantity * cents),
      })),
      ...extra,
    });
  };
  /** a line with Square's amounts as given, HST 13 % (the order's tax "T1") applied */
  const taxed = (uid: string, variation: string, quantity: number, base: number, discount: number, tax: number) =>
    taxedLine(uid, nameOf(variation), variation, quantity, base, discount, tax);
  const logOf = async (entityType: string, entityId: string) =>
    rowsOf<{ status: string; attempts: number; last_error: string | null }>(
      await api.database.db.execute(sql`SELECT status, attempts, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'square' AND entity_type = ${entityType} AND entity_id = ${entityId}`),
    )[0];
  const dayKey = (day: string) => day.replaceAll('-', '');
  /** QuickBooks (the plan allows accounting) connected as a person would: Intuit's consent comes
   * back to our callback */
  const connectQuickBooks = async () => {
    await allowAccounting(api, co.companyId);
    await qb.connect(co);
  };

  beforeAll(async () => {
    rig = await startSquareApi(backend, true);
    ({ api, square } = rig);
    qbo = rig.qbo!;
    co = await pointOfSaleCompany(api);
    tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    gin = await sq.product('Gin 750', 'GIN-750', 39.95);
    rye = await sq.product('Rye 750', 'RYE-750', 54);
    await sq.product('Vodka 750', 'VOD-750', 32.5);
    await sq.adjust(gin, 'G1', 24);
    await sq.adjust(rye, null, 12);
    // the seller made gin and rye in Square's dashboard, with the products' SKUs
    ginVariation = square.addVariation('Gin 750', 'GIN-750', 3995);
    ryeVariation = square.addVariation('Rye 750', 'RYE-750', 5400);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('connects through the callback, with Square scopes and the tokens sealed', async () => {
    const { url, cookie } = await pressConnect(api, co, `mutation { integrationConnect(app: square) }`);
    const authorize = new URL(url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${square.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(square.applicationId);
    expect(authorize.searchParams.get('scope')).toBe(
      'MERCHANT_PROFILE_READ ORDERS_READ ITEMS_READ ITEMS_WRITE INVENTORY_READ INVENTORY_WRITE PAYMENTS_READ',
    );
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/api/integrations/square/callback');
    const callback = await api.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(callback.headers.location).toBe('/apps?connected=square');
    expect(square.tokenGrants).toEqual(['authorization_code']);
    expect(await integration()).toMatchObject({ app: 'square', addOn: 'pointOfSale', status: 'connected' });
    const [row] = rowsOf<{ secrets: string; external_company_id: string }>(
      await api.database.db.execute(sql`SELECT secrets, external_company_id FROM integration_connections
        WHERE company_id = ${co.companyId} AND app = 'square'`),
    );
    expect(row.external_company_id).toBe(square.merchantId);
    expect(row.secrets).not.toContain('EAAA');
  });

  it('refuses Sync until the setup is saved, lists locations, and checks the choices', async () => {
    const early = await gql(`mutation { integrationSync(app: square) }`);
    expect(early.errors?.[0].message).toMatch(/point-of-sale setup page/);
    const { squareLocations } = await posOk<{ squareLocations: { id: string; name: string }[] }>(
      `{ squareLocations { id name } }`,
    );
    expect(squareLocations).toEqual([
      { id: 'L1TASTINGROOM', name: 'Tasting room' },
      { id: 'L2MARKET', name: 'Farmers market' },
    ]);
    // Square refusing the listing is Square's to say, never an internal error of ours
    square.inject({ kind: '400', detail: 'The merchant has no access to locations.' });
    const refused = await posGql(`{ squareLocations { id } }`);
    expect(refused.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(refused.errors?.[0].message).toMatch(/^Square could not list its locations now: /);
    expect(refused.errors?.[0].message).toContain('The merchant has no access to locations.');
    const SAVE = `mutation($s: ID!, $l: String!, $c: ID!) { pointOfSaleSetupSave(siteId: $s, locationId: $l, customerId: $c) { siteId locationId customerId } }`;
    const bad = await posGql(SAVE, { s: co.site, l: 'not a location!', c: tastingRoom });
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const saved = await posOk(SAVE, { s: co.site, l: 'L1TASTINGROOM', c: tastingRoom });
    expect(saved.pointOfSaleSetupSave).toEqual({
      siteId: co.site,
      locationId: 'L1TASTINGROOM',
      customerId: tastingRoom,
    });
  });

  it("makes one invoice of yesterday's three sales, taking duty-paid stock from the retail site", async () => {
    sale(yesterday, 11, [[ginVariation, 2, 3995]]);
    sale(yesterday, 14, [
      [ginVariation, 1, 3995],
      [ryeVariation, 1, 5400],
    ]);
    sale(yesterday, 17, [[ryeVariation, 1, 5400]]);
    // none of these count: still open, another location, the day before
    sale(yesterday, 18, [[ginVariation, 5, 3995]], { state: 'OPEN' });
    sale(yesterday, 12, [[ginVariation, 4, 3995]], { location_id: 'L2MARKET' });
    sale(addDays(yesterday, -1), 12, [[ginVariation, 6, 3995]]);

    expect(await sync()).toBe(3); // yesterday, the orders changed since the last look, and the catalogue
    await push();
    const invoices = await invoicesOf(yesterday);
    expect(invoices).toHaveLength(1);
    const { invoice } = await ok<{ invoice: Record<string, unknown> }>(
      `query($id: ID!) { invoice(id: $id) { status date customer { id } site { id } total amountPaid balance
        lines { product { id } quantity unitPrice amount } } }`,
      { id: invoices[0].id },
    );
    expect(invoice).toMatchObject({
      status: 'Paid',
      date: yesterday,
      customer: { id: tastingRoom },
      site: { id: co.site },
      total: 227.85,
      amountPaid: 227.85,
      balance: 0,
    });
    expect(invoice.lines).toEqual([
      { product: { id: gin }, quantity: 3, unitPrice: 39.95, amount: 119.85 },
      { product: { id: rye }, quantity: 2, unitPrice: 54, amount: 108 },
    ]);
    expect(await dutyPaidAtSite(gin)).toBe(21);
    expect(await dutyPaidAtSite(rye)).toBe(10);
    expect(await logOf('squareDay', dayKey(yesterday))).toMatchObject({ status: 'succeeded', last_error: null });
  });

  it('pushes the catalogue (linking the items Square had by SKU) and the counts after the sales', async () => {
    expect(square.upserts).toHaveLength(1);
    const upsert = square.upserts[0] as { idempotency_key: string; batches: { objects: Record<string, unknown>[] }[] };
    expect(upsert.idempotency_key).toEqual(expect.any(String));
    const objects = upsert.batches[0].objects;
    expect(objects.map((o) => (o.item_data as { name: string }).name)).toEqual(['Gin 750', 'Rye 750', 'Vodka 750']);
    const variationOf = (o: Record<string, unknown>) =>
      (o.item_data as { variations: { id: string; item_variation_data: Record<string, unknown> }[] }).variations[0];
    // gin and rye update the seller's own objects; vodka is new (a temporary "#" id)
    expect(variationOf(objects[0]).id).toBe(ginVariation);
    expect(variationOf(objects[1]).id).toBe(ryeVariation);
    expect(variationOf(objects[2]).id).toMatch(/^#/);
    expect(variationOf(objects[0]).item_variation_data).toMatchObject({
      sku: 'GIN-750',
      pricing_type: 'FIXED_PRICING',
      price_money: { amount: 3995, currency: 'CAD' },
    });
    expect(variationOf(objects[2]).item_variation_data).toMatchObject({
      sku: 'VOD-750',
      price_money: { amount: 3250, currency: 'CAD' },
    });
    expect(square.inventoryChanges).toHaveLength(1);
    const changes = (
      square.inventoryChanges[0] as { changes: { type: string; physical_count: Record<string, unknown> }[] }
    ).changes;
    const count = (variation: string) => changes.find((c) => c.physical_count.catalog_object_id === variation);
    expect(count(ginVariation)).toMatchObject({
      type: 'PHYSICAL_COUNT',
      physical_count: { state: 'IN_STOCK', location_id: 'L1TASTINGROOM', quantity: '21' },
    });
    expect(count(ryeVariation)?.physical_count.quantity).toBe('10');
    expect(changes).toHaveLength(3); // vodka counted at 0
    // the gin's own screen says it is in Square's catalogue, as the item Square had
    const { recordSyncs } = await ok<{ recordSyncs: Record<string, unknown>[] }>(
      `query($id: ID!) { recordSyncs(entity: "product", id: $id) { provider entityType status externalId } }`,
      { id: gin },
    );
    expect(recordSyncs).toContainEqual({
      provider: 'Square',
      entityType: 'squareItem',
      status: 'succeeded',
      externalId: square.catalog.get(ginVariation)!.item_variation_data!.item_id,
    });
  });

  it('never pulls the same day twice, even when its record is queued again', async () => {
    expect(await sync()).toBe(2); // only the changes and the catalogue: no new closed day
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND app = 'square' AND entity_type = 'squareDay'`);
    await push();
    expect(await invoicesOf(yesterday)).toHaveLength(1);
    expect(await dutyPaidAtSite(gin)).toBe(21);
  });

  it('retries a day after a 5xx and still makes one invoice', async () => {
    const day = addDays(yesterday, -2);
    sale(day, 10, [[ginVariation, 1, 3995]]);
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await sync(); // day, the day after (its sale of 6 gin), yesterday (linked) and the catalogue
    square.inject({ kind: '500' });
    await expect(push()).rejects.toBeInstanceOf(RetryLater);
    expect(await logOf('squareDay', dayKey(day))).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await invoicesOf(day)).toHaveLength(0);
    await push(); // the queue's retry
    await push(); // and a second run finds it done
    expect(await invoicesOf(day)).toHaveLength(1);
    expect(await invoicesOf(addDays(day, 1))).toHaveLength(1);
    expect(await dutyPaidAtSite(gin)).toBe(21 - 1 - 6);
    expect(await logOf('squareDay', dayKey(day))).toMatchObject({ status: 'succeeded' });
  });

  it('refreshes an expired access token once and goes on', async () => {
    square.expireAccessTokens();
    await sync();
    await push();
    expect(square.tokenGrants).toEqual(['authorization_code', 'refresh_token']);
    expect(await logOf('squareCatalog', '0')).toMatchObject({ status: 'succeeded' });
  });

  it('waits out a 429 for its Retry-After', async () => {
    await sync();
    square.inject({ kind: '429', retryAfter: 1 });
    const started = Date.now();
    await push();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(square.requests.some((r) => r.status === 429)).toBe(true);
    expect(await logOf('squareCatalog', '0')).toMatchObject({ status: 'succeeded' });
  });

  it('fails a day that sold an unknown SKU, saying which, and lights the alert', async () => {
    const day = addDays(yesterday, -5);
    const mystery = square.addVariation('Mystery liqueur', 'MYST-1', 2500);
    sale(day, 15, [
      [ginVariation, 1, 3995],
      [mystery, 1, 2500],
    ]);
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await sync();
    await push();
    expect(await invoicesOf(day)).toHaveLength(0);
    const log = await logOf('squareDay', dayKey(day));
    expect(log.status).toBe('failed');
    expect(log.last_error).toBe(`Square sales of ${day}: Unknown SKU MYST-1 ("Mystery"): no product has that SKU`);
    const view = await integration();
    expect(view.failures).toEqual([
      expect.objectContaining({
        entityType: 'squareDay',
        entityId: dayKey(day),
        error: expect.stringContaining('MYST-1'),
      }),
    ]);
    const { addOnsWithAlerts } = await ok<{ addOnsWithAlerts: string[] }>(`{ addOnsWithAlerts }`);
    expect(addOnsWithAlerts).toContain('pointOfSale');
  });

  it("takes a day's discounts, taxes and refunds as Square took them, to the cent", async () => {
    // Square's amounts (Orders API: total_money = gross - total_discount_money + additive tax;
    // an order-level discount is shared over the lines by amount; tax rounded per line):
    //   order A: 2 x Gin 750 at 39.95 = 79.90, 10 % off the line 7.99 -> 71.91; HST 13 % of it
    //            9.3483 -> 9.35; total 81.26
    //   order B: Gin 39.95 + Rye 54.00 = 93.95, 5.00 off the order: gin 5.00 x 39.95 / 93.95 =
    //            2.1261 -> 2.13, net 37.82, HST 4.9166 -> 4.92; rye 2.87, net 51.13, HST 6.6469 ->
    //            6.65; total 37.82 + 4.92 + 51.13 + 6.65 = 100.52
    //   order C: a refund of a Rye 750 sold on an earlier day: 54.00 + HST 7.02 = 61.02
    // The invoice, worked by hand: gin 71.91 over 2 bottles is 1 x 35.95 + 1 x 35.96; gin 1 x
    // 37.82; rye 1 x 51.13: subtotal (the sales) 160.86; tax HST 9.35 + 4.92 + 6.65 = 20.92 as
    // Square charged it (13 % of 160.86 once would be 20.91); total 181.78, what the till took
    // (81.26 + 100.52). The tax is tax, not a line: it is no sale. Each line's tax amount is its
    // share of 20.92 by cumulative rounding over the amounts: 20.92 x 35.95 / 160.86 = 4.6754 ->
    // 4.68; x 71.91 / 160.86 = 9.3520 -> 9.35, less 4.68 = 4.67; x 109.73 / 160.86 = 14.2705 ->
    // 14.27, less 9.35 = 4.92; 20.92 - 14.27 = 6.65. The refund: a Credited return of 1 rye at
    // 54.00, tax 7.02, total 61.02 (the till paid it back: it credits no invoice, the day's is
    // paid in full). QuickBooks gets the invoice's tax as TxnTaxDetail.TotalTax 20.92 and only
    // the four sales lines (160.86), the credit memo TotalTax 7.02 and the one rye line.
    const day = addDays(yesterday, -7);
    const order = (id: string, hour: number, fields: Partial<StandInOrder>) => sq.order(id, day, hour, fields);
    order('ORDER-A', 11, {
      discounts: [{ uid: 'D1', name: 'Staff', percentage: '10.0', scope: 'LINE_ITEM' }],
      line_items: [
        {
          ...taxed('A1', ginVariation, 2, 3995, 799, 935),
          applied_discounts: [{ uid: 'A1-D1', discount_uid: 'D1', applied_money: money(799) }],
        },
      ],
      total_money: money(8126),
    });
    order('ORDER-B', 13, {
      discounts: [{ uid: 'D2', name: 'Five off', amount_money: money(500), scope: 'ORDER' }],
      line_items: [taxed('B1', ginVariation, 1, 3995, 213, 492), taxed('B2', ryeVariation, 1, 5400, 287, 665)],
      total_money: money(10052),
    });
    const { gross_sales_money: gross, ...refunded } = taxed('C1', ryeVariation, 1, 5400, 0, 702);
    order('ORDER-C', 15, {
      returns: [
        {
          uid: 'R1',
          source_order_id: 'ORDER-EARLIER',
          return_line_items: [{ ...refunded, gross_return_money: gross }],
          return_taxes: [HST],
        },
      ],
    });
    const ginBefore = await dutyPaidAtSite(gin);
    const ryeBefore = await dutyPaidAtSite(rye);
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await sync();
    await push();
    expect(await logOf('squareDay', dayKey(day))).toMatchObject({ status: 'succeeded' });
    const invoices = await invoicesOf(day);
    expect(invoices).toHaveLength(1);
    const { invoice } = await ok<{ invoice: Record<string, unknown> }>(
      `query($id: ID!) { invoice(id: $id) { number status subtotal taxTotal total amountPaid balance notes
        lines { product { id } description quantity unitPrice amount taxAmount } } }`,
      { id: invoices[0].id },
    );
    expect(invoice).toMatchObject({
      status: 'Paid',
      subtotal: 160.86,
      taxTotal: 20.92,
      total: 181.78,
      amountPaid: 181.78,
      balance: 0,
    });
    expect(invoice.notes).toContain('tax charged at the till: HST 13% 20.92');
    expect(invoice.lines).toEqual([
      { product: { id: gin }, description: null, quantity: 1, unitPrice: 35.95, amount: 35.95, taxAmount: 4.68 },
      { product: { id: gin }, description: null, quantity: 1, unitPrice: 35.96, amount: 35.96, taxAmount: 4.67 },
      { product: { id: gin }, description: null, quantity: 1, unitPrice: 37.82, amount: 37.82, taxAmount: 4.92 },
      { product: { id: rye }, description: null, quantity: 1, unitPrice: 51.13, amount: 51.13, taxAmount: 6.65 },
    ]);
    const [back] = rowsOf<{ id: string }>(
      await api.database.db.execute(sql`SELECT id::text FROM sales_returns WHERE company_id = ${co.companyId}
        AND notes LIKE ${`Square refunds of ${day}%`}`),
    );
    const { salesReturn } = await ok<{ salesReturn: Record<string, unknown> }>(
      `query($id: ID!) { salesReturn(id: $id) { number status date restock dutyPaid subtotal taxTotal total invoice { id } site { id }
        customer { id } lines { product { id } description quantity unitPrice amount } } }`,
      { id: back.id },
    );
    expect(salesReturn).toMatchObject({
      status: 'Credited',
      date: day,
      restock: true,
      dutyPaid: true,
      subtotal: 54,
      taxTotal: 7.02,
      total: 61.02,
      invoice: null,
      site: { id: co.site },
      customer: { id: tastingRoom },
    });
    expect(salesReturn.lines).toEqual([
      { product: { id: rye }, description: null, quantity: 1, unitPrice: 54, amount: 54 },
    ]);
    // the sales report counts the day's sales as sales and its tax as taxes, less the refund:
    // sales 160.86, returns 54.00, net 106.86, taxes 20.92 - 7.02 = 13.90, total 181.78 - 61.02
    const { report } = await ok<{ report: { rows: string[][] } }>(
      `query($p: ReportParameters) { report(name: "SalesByCustomer", parameters: $p) { rows } }`,
      { p: { from: day, to: day, customerId: tastingRoom } },
    );
    expect(report.rows).toEqual([['Tasting room sales', '1', '160.86', '54.00', '106.86', '13.90', '120.76']]);
    // QuickBooks books the till's tax as tax (to the tax agency's liability), not as a sale
    await connectQuickBooks();
    await ok(`mutation { integrationSync(app: quickbooks) }`);
    await pushAllQueued(api.database.db, { companyId: co.companyId, app: 'quickbooks' });
    const [qbInvoice] = qbo.records.Invoice.filter((i) => i.DocNumber === invoice.number);
    expect(qbInvoice).toMatchObject({ GlobalTaxCalculation: 'TaxExcluded', TxnTaxDetail: { TotalTax: 20.92 } });
    expect((qbInvoice.Line as { Amount: number }[]).map((l) => l.Amount)).toEqual([35.95, 35.96, 37.82, 51.13]);
    const [qbCredit] = qbo.records.CreditMemo.filter((c) => c.DocNumber === salesReturn.number);
    expect(qbCredit).toMatchObject({ GlobalTaxCalculation: 'TaxExcluded', TxnTaxDetail: { TotalTax: 7.02 } });
    expect((qbCredit.Line as { Amount: number }[]).map((l) => l.Amount)).toEqual([54]);
    // three gin out; one rye out and the refunded one back in
    expect(await dutyPaidAtSite(gin)).toBe(ginBefore - 3);
    expect(await dutyPaidAtSite(rye)).toBe(ryeBefore);
    // pulled again, the day makes neither a second invoice nor a second return
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND app = 'square' AND entity_type = 'squareDay' AND entity_id = ${dayKey(day)}`);
    await push();
    expect(await invoicesOf(day)).toHaveLength(1);
    expect(await dutyPaidAtSite(rye)).toBe(ryeBefore);
  });

  it('brings back a day that only refunded, once, as a return with no invoice', async () => {
    // a Gin 750 handed back: 39.95 + HST 13 % 5.19 (5.1935) = 45.14
    const day = addDays(yesterday, -8);
    const { gross_sales_money: gross, ...refunded } = taxed('E1', ginVariation, 1, 3995, 0, 519);
    square.orders.push({
      id: 'ORDER-E',
      location_id: 'L1TASTINGROOM',
      state: 'COMPLETED',
      closed_at: closedAt(day, 16),
      line_items: [],
      returns: [
        {
          uid: 'R2',
          source_order_id: 'ORDER-A',
          return_line_items: [{ ...refunded, gross_return_money: gross }],
          return_taxes: [HST],
        },
      ],
    });
    const ginBefore = await dutyPaidAtSite(gin);
    const returnsOf = async () =>
      rowsOf<{ total: string; invoice_id: string | null }>(
        await api.database.db.execute(sql`SELECT total::text, invoice_id::text FROM sales_returns
          WHERE company_id = ${co.companyId} AND notes LIKE ${`Square refunds of ${day}%`}`),
      );
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await sync();
    await push();
    expect(await logOf('squareDay', dayKey(day))).toMatchObject({ status: 'succeeded' });
    expect(await invoicesOf(day)).toHaveLength(0);
    expect(await returnsOf()).toEqual([{ total: expect.stringMatching(/^45\.140*$/), invoice_id: null }]);
    expect(await dutyPaidAtSite(gin)).toBe(ginBefore + 1);
    await api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND app = 'square' AND entity_type = 'squareDay' AND entity_id = ${dayKey(day)}`);
    await push();
    expect(await returnsOf()).toHaveLength(1);
    expect(await dutyPaidAtSite(gin)).toBe(ginBefore + 1);
  });

  const ginItemOf = () => square.catalog.get(ginVariation)!.item_variation_data!.item_id!;
  const priceOfGin = () => square.catalog.get(ginVariation)!.item_variation_data!.price_money!.amount;
  const priceGin = async (price: number) => {
    await api.database.db.execute(sql`UPDATE products SET price = ${price}
      WHERE company_id = ${co.companyId} AND id = ${gin}`);
    await sync();
    await push();
    expect(await logOf('squareCatalog', '0')).toMatchObject({ status: 'succeeded' });
  };

  it("keeps the seller's other variations of a linked item, sent at Square's version", async () => {
    const ginItem = ginItemOf();
    // the seller added a half bottle to the gin item in Square's dashboard
    const half = square.addVariationTo(ginVariation, 'Gin 375', 'GIN-375', 2200);
    const versionBefore = square.catalog.get(ginItem)!.version;
    await priceGin(42);
    expect(priceOfGin()).toBe(4200);
    expect(square.catalog.get(ginItem)!.item_data!.variations!.map((v) => v.id)).toEqual([ginVariation, half]);
    expect(square.catalog.get(half)?.item_variation_data?.sku).toBe('GIN-375');
    const sent = (square.upserts.at(-1) as { batches: { objects: { id: string; version?: number }[] }[] }).batches[0]
      .objects;
    expect(sent.find((o) => o.id === ginItem)?.version).toBe(versionBefore);
  });

  it('sends a price put back as it was (A, B, then A again) rather than replaying an old answer', async () => {
    // gin went at 39.95 in the pushes before, then at 42.00: back at 39.95, the batch is the
    // same as an earlier one but for the versions Square has given since
    expect(priceOfGin()).toBe(4200);
    await priceGin(39.95);
    expect(priceOfGin()).toBe(3995);
  });

  it("keeps each company to its own setup and asks for the setup's permissions", async () => {
    const other = await makeMember(api, EVERYTHING);
    await pointOfSaleAddOn(api, other.companyId);
    expect((await posGql(`{ pointOfSaleSetup { siteId locationId customerId } }`, {}, other)).data).toEqual({
      pointOfSaleSetup: { siteId: null, locationId: null, customerId: null },
    });
    const SAVE = `mutation($s: ID!, $c: ID!) { pointOfSaleSetupSave(siteId: $s, locationId: "L1TASTINGROOM", customerId: $c) { siteId } }`;
    const theirs = await posGql(SAVE, { s: co.site, c: tastingRoom }, other);
    expect(theirs.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(theirs.errors?.[0].message).toMatch(/No such site/);
    const locations = await posGql(`{ squareLocations { id } }`, {}, other);
    expect(locations.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(await integration(other)).toMatchObject({ status: 'enabled', failures: [] });
    const configOnly = await makeMember(api, ['config']);
    await pointOfSaleAddOn(api, configOnly.companyId);
    const refused = await posGql(SAVE, { s: '1', c: '1' }, configOnly);
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // reading the setup needs the page's permissions too (spec 2.3)
    const unread = await posGql(`{ pointOfSaleSetup { siteId } }`, {}, configOnly);
    expect(unread.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
  it('queues the new closed days of every set-up company on the daily schedule', async () => {
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(yesterday, -2)}
      WHERE company_id = ${co.companyId}`);
    expect(await queueSquareForAllCompanies(api.database.db)).toEqual([co.companyId]);
    expect(await logOf('squareDay', dayKey(addDays(yesterday, -1)))).toMatchObject({ status: 'queued' });
    await push();
    // both days were pulled before: nothing new
    expect(await invoicesOf(yesterday)).toHaveLength(1);
    expect(await invoicesOf(addDays(yesterday, -1))).toHaveLength(1);
    // the push job's scheduled run (it names no company) queues and pulls them itself: with the
    // log emptied, only that run can write the day's record again
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(yesterday, -2)}
      WHERE company_id = ${co.companyId}`);
    await api.database.db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${co.companyId}`);
    await integrationsPushJob(api.database.db).handler({});
    expect(await logOf('squareDay', dayKey(addDays(yesterday, -1)))).toMatchObject({ status: 'succeeded' });
    expect(await invoicesOf(addDays(yesterday, -1))).toHaveLength(1);
    // a scheduled run with no newly closed day sends no counts: mid-day counts would put back
    // what the till sold since the last pull
    await api.database.db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${co.companyId}`);
    await queueSquareForAllCompanies(api.database.db);
    expect(await logOf('squareCatalog', '0')).toBeUndefined();
  });

  it('revokes the tokens at Square on Disconnect', async () => {
    await ok(`mutation { integrationDisconnect(app: square) { status } }`);
    expect(square.revoked).toBe(1);
    expect(await integration()).toMatchObject({ status: 'enabled' });
  });
});
