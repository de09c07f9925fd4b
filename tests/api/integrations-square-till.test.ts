// Square (point of sale): what a till takes beyond items, worked by hand from Square's Orders
// API (developer.squareup.com: OrderRoundingAdjustment, OrderServiceCharge, Refund) against the
// stand-in (tests/standins/square.ts): Canadian cash rounding to 5 cents, service charges (a
// tasting fee taxed, a gratuity not), an amount refunded with no item, and the sales a till
// uploads after its day was pulled (offline mode).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { customRefundOrder, type SquareStandIn, type StandInLine } from '../standins/square';
import { addDays } from '../../src/shared/days';
import {
  HST,
  closedAt as at,
  money,
  pointOfSaleCompany,
  squareCalls,
  taxedLine,
  startSquareApi,
  yesterdayInToronto,
  type Co,
  type SquareRig,
} from './support/square';

const INVOICE = `query($id: ID!) { invoice(id: $id) { subtotal taxTotal total amountPaid balance notes
  lines { product { id } description quantity unitPrice amount } } }`;

describe.each(backends)('Square till amounts on %s', (backend) => {
  let rig: SquareRig;
  let api: TestApi;
  let square: SquareStandIn;
  let co: Co;
  let tastingRoom = '';
  let gin = '';
  let vodka = '';
  let ginVariation = '';
  let vodkaVariation = '';
  let vodkaDay = '';
  let feesDay = '';
  const yesterday = yesterdayInToronto();

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const { ok, invoicesOf, dutyPaidAtSite: dutyPaid, order } = sq;
  const taxed = (uid: string, variation: string, quantity: number, base: number, tax: number) =>
    taxedLine(uid, variation === ginVariation ? 'Gin 750' : 'Vodka 375', variation, quantity, base, 0, tax);
  const pull = async (day: string) => {
    await api.database.db.execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await sq.sync();
    await sq.push();
  };
  const invoice = async (id: string) => (await ok<{ invoice: Record<string, unknown> }>(INVOICE, { id })).invoice;
  const failures = async () =>
    rowsOf<{ entity_type: string; last_error: string }>(
      await api.database.db.execute(sql`SELECT entity_type, last_error FROM integration_sync_log
        WHERE company_id = ${co.companyId} AND app = 'square' AND status = 'failed'`),
    );

  beforeAll(async () => {
    rig = await startSquareApi(backend);
    ({ api, square } = rig);
    co = await pointOfSaleCompany(api);
    tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    gin = await sq.product('Gin 750', 'GIN-750', 39.95);
    vodka = await sq.product('Vodka 375', 'VOD-375', 24.99, 0.375);
    for (const id of [gin, vodka]) await sq.adjust(id, null, 30);
    ginVariation = square.addVariation('Gin 750', 'GIN-750', 3995);
    vodkaVariation = square.addVariation('Vodka 375', 'VOD-375', 2499);
    await sq.connect();
    await sq.setup(co.site, 'L1TASTINGROOM', tastingRoom);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('makes the invoice what the till took: cash rounded to 5 cents, down and up', async () => {
    // Day 1, one cash sale: 3 x Vodka 375 at 24.99 = 74.97; HST 13 % 9.7461 -> 9.75; 84.72,
    // which cash rounds to 84.70 (rounding_adjustment -0.02, total_money 84.70). An invoice
    // line cannot be below zero: the 0.02 comes off the vodka, 74.95 over 3 bottles is 2 at
    // 24.98 and 1 at 24.99; tax as charged 9.75; total 84.70.
    const day1 = addDays(yesterday, -10);
    order('CASH-1', day1, 12, {
      line_items: [taxed('C1', vodkaVariation, 3, 2499, 975)],
      rounding_adjustment: { uid: 'RA1', name: 'Cash rounding', amount_money: money(-2) },
      total_money: money(8470),
    });
    await pull(day1);
    expect(await failures()).toEqual([]);
    const [first] = await invoicesOf(day1);
    vodkaDay = first.id;
    expect(await invoice(first.id)).toMatchObject({
      subtotal: 74.95,
      taxTotal: 9.75,
      total: 84.7,
      amountPaid: 84.7,
      balance: 0,
    });
    expect((await invoice(first.id)).lines).toEqual([
      { product: { id: vodka }, description: null, quantity: 2, unitPrice: 24.98, amount: 49.96 },
      { product: { id: vodka }, description: null, quantity: 1, unitPrice: 24.99, amount: 24.99 },
    ]);
    // Day 2: a card sale, Gin 39.95 + HST 5.1935 -> 5.19 = 45.14 (no rounding); a cash sale of
    // the same, 45.14 rounded to 45.15 (+0.01). The till took 90.29: gin 2 x 39.95 = 79.90, a
    // cash rounding line 0.01, tax 10.38: 90.29.
    const day2 = addDays(yesterday, -9);
    order('CARD-2', day2, 11, { line_items: [taxed('K1', ginVariation, 1, 3995, 519)], total_money: money(4514) });
    order('CASH-2', day2, 15, {
      line_items: [taxed('K2', ginVariation, 1, 3995, 519)],
      rounding_adjustment: { uid: 'RA2', name: 'Cash rounding', amount_money: money(1) },
      total_money: money(4515),
    });
    await pull(day2);
    const [second] = await invoicesOf(day2);
    const two = await invoice(second.id);
    expect(two).toMatchObject({ subtotal: 79.91, taxTotal: 10.38, total: 90.29, amountPaid: 90.29, balance: 0 });
    expect(two.lines).toEqual([
      { product: { id: gin }, description: null, quantity: 2, unitPrice: 39.95, amount: 79.9 },
      { product: null, description: 'Cash rounding', quantity: 1, unitPrice: 0.01, amount: 0.01 },
    ]);
  });

  it('takes service charges as lines that move no stock, their tax inside the tax as charged', async () => {
    // 2 x Gin 750 = 79.90, HST 10.387 -> 10.39; a tasting fee 10.00 (taxable, HST 1.30); a
    // gratuity 5.00 (not taxable). Square's total_money 79.90 + 10.39 + 10.00 + 1.30 + 5.00 =
    // 106.59. Invoice: gin 79.90, Tasting fee 10.00, Gratuity 5.00: subtotal 94.90; tax as
    // charged 10.39 + 1.30 = 11.69; total 106.59. Only the two bottles leave stock.
    const day = addDays(yesterday, -8);
    const ginBefore = await dutyPaid(gin);
    order('FEES-1', day, 14, {
      line_items: [taxed('F1', ginVariation, 2, 3995, 1039)],
      service_charges: [
        {
          uid: 'SC1',
          name: 'Tasting fee',
          amount_money: money(1000),
          applied_money: money(1000),
          total_tax_money: money(130),
          total_money: money(1130),
          calculation_phase: 'SUBTOTAL_PHASE',
          taxable: true,
          applied_taxes: [{ uid: 'SC1-T1', tax_uid: 'T1', applied_money: money(130) }],
        },
        {
          uid: 'SC2',
          name: 'Gratuity',
          amount_money: money(500),
          applied_money: money(500),
          total_tax_money: money(0),
          total_money: money(500),
          calculation_phase: 'TOTAL_PHASE',
          taxable: false,
        },
      ],
      total_money: money(10659),
    });
    await pull(day);
    expect(await failures()).toEqual([]);
    const [made] = await invoicesOf(day);
    feesDay = made.id;
    const fees = await invoice(made.id);
    expect(fees).toMatchObject({ subtotal: 94.9, taxTotal: 11.69, total: 106.59, amountPaid: 106.59, balance: 0 });
    expect(fees.notes).toContain('HST 13% 11.69');
    expect(fees.lines).toEqual([
      { product: { id: gin }, description: null, quantity: 2, unitPrice: 39.95, amount: 79.9 },
      { product: null, description: 'Tasting fee', quantity: 1, unitPrice: 10, amount: 10 },
      { product: null, description: 'Gratuity', quantity: 1, unitPrice: 5, amount: 5 },
    ]);
    expect(await dutyPaid(gin)).toBe(ginBefore - 2);
  });

  it('takes sales uploaded after the day was pulled, and amounts refunded, once each', async () => {
    // The day is pulled with one sale (1 x Vodka 24.99 + HST 3.2487 -> 3.25 = 28.24). The
    // till was offline: a second sale closed that day at 16:00 (2 x Vodka 49.98 + HST 6.4974
    // -> 6.50 = 56.48, and a cocktail class keyed in as a custom amount, 20.00 with no tax)
    // reaches Square the next morning at 09:00, and so does a third (1 x a variation Square has
    // but no product of ours has its SKU), which cannot be taken. The day after, at 10:00, the
    // first sale gets 5.00 + HST 0.65 = 5.65 back with no item returned: a custom refund, which
    // Square records as a return order of its own (one CUSTOM_AMOUNT return line), the payment
    // refund listed on the sale too. The next pull makes a second invoice for the day (49.98 +
    // 20.00 = 69.98 + 6.50 = 76.48, two bottles out), names the third order in More info, and
    // the refund day's pull a Credited return of 5.00 + tax as charged 0.65 = 5.65 (no stock
    // back), counted once; pulled again, nothing more.
    const day = addDays(yesterday, -6);
    const next = addDays(day, 1);
    order('LATE-0', day, 12, { line_items: [taxed('L0', vodkaVariation, 1, 2499, 325)], total_money: money(2824) });
    await pull(day);
    expect(await invoicesOf(day)).toHaveLength(1);
    // the last look for changes was just after the day's pull (02:00 the next day)
    await api.database.db.execute(sql`UPDATE square_settings SET changes_checked_at = ${at(next, 3)}::timestamptz
      WHERE company_id = ${co.companyId}`);
    const vodkaBefore = await dutyPaid(vodka);
    const cocktailClass: StandInLine = {
      uid: 'L1C',
      name: 'Cocktail class',
      quantity: '1',
      item_type: 'CUSTOM_AMOUNT',
      base_price_money: money(2000),
      gross_sales_money: money(2000),
      total_discount_money: money(0),
      total_tax_money: money(0),
      total_money: money(2000),
    };
    order('LATE-1', day, 16, {
      updated_at: at(next, 9),
      line_items: [taxed('L1', vodkaVariation, 2, 2499, 650), cocktailClass],
      total_money: money(7648),
    });
    order('LATE-2', day, 17, {
      updated_at: at(next, 9),
      line_items: [{ ...taxed('L2', vodkaVariation, 1, 2499, 325), catalog_object_id: 'VAR-NOT-OURS' }],
      total_money: money(2824),
    });
    const first = square.orders.find((o) => o.id === 'LATE-0')!;
    const refund = customRefundOrder({
      id: 'REFUND-1',
      sourceOrderId: 'LATE-0',
      locationId: 'L1TASTINGROOM',
      closedAt: at(next, 10),
      name: 'Goodwill',
      amount: 500,
      tax: 65,
      returnTax: HST,
    });
    square.orders.push(refund);
    first.updated_at = at(next, 10);
    first.refunds = refund.refunds;
    const again = async () => {
      await sq.sync();
      await sq.push();
    };
    await again();
    const failed = await failures();
    expect(failed).toHaveLength(1);
    expect(failed[0].entity_type).toBe('squareChanges');
    expect(failed[0].last_error).toContain('LATE-2');
    expect(failed[0].last_error).not.toContain('LATE-1');
    const [mark] = rowsOf<{ late: boolean }>(
      await api.database.db.execute(sql`SELECT changes_checked_at > ${at(next, 3)}::timestamptz AS late
        FROM square_settings WHERE company_id = ${co.companyId}`),
    );
    expect(mark.late).toBe(true);
    const invoices = await invoicesOf(day);
    expect(invoices).toHaveLength(2);
    const late = await invoice(invoices[1].id);
    expect(late).toMatchObject({ subtotal: 69.98, taxTotal: 6.5, total: 76.48, amountPaid: 76.48 });
    expect(late.lines).toEqual([
      { product: { id: vodka }, description: null, quantity: 2, unitPrice: 24.99, amount: 49.98 },
      { product: null, description: 'Cocktail class', quantity: 1, unitPrice: 20, amount: 20 },
    ]);
    expect(late.notes).toContain('taken after the day was pulled');
    expect(await dutyPaid(vodka)).toBe(vodkaBefore - 2);
    const refunds = async () =>
      rowsOf<{ date: string; status: string; subtotal: string; tax: string; total: string; restock: boolean }>(
        await api.database.db.execute(sql`SELECT date::text, status, subtotal::text, tax_as_charged::text AS tax,
            total::text, restock FROM sales_returns
          WHERE company_id = ${co.companyId} AND notes LIKE 'Square refunds of%' AND date = ${next}`),
      );
    expect(await refunds()).toEqual([
      {
        date: next,
        status: 'Credited',
        subtotal: expect.stringMatching(/^5\.0*$/),
        tax: expect.stringMatching(/^0\.650*$/),
        total: expect.stringMatching(/^5\.650*$/),
        restock: false,
      },
    ]);
    await again();
    expect(await invoicesOf(day)).toHaveLength(2);
    expect(await refunds()).toHaveLength(1);
    expect(await dutyPaid(vodka)).toBe(vodkaBefore - 2);
  });

  it('takes a late sale left out for a SKU with no product once the product is added', async () => {
    // The day is pulled with one sale. A till's offline sale of that day (1 x Rum 750 34.95 +
    // HST 13% 4.5435 -> 4.54 = 39.49) reaches Square the next morning at 09:00; Square's
    // variation has SKU RUM-750, which no product has yet: the next pull leaves it out (More
    // info names it) and the last look stops at 09:00, not now. The product is added (10
    // duty-paid bottles) and Sync now takes the sale: a second invoice for the day, 34.95 +
    // 4.54 = 39.49, paid, one bottle out (10 - 1 = 9); pulled again, nothing more.
    const day = addDays(yesterday, -4);
    const next = addDays(day, 1);
    order('RUM-0', day, 12, { line_items: [taxed('R0', vodkaVariation, 1, 2499, 325)], total_money: money(2824) });
    await pull(day);
    expect(await invoicesOf(day)).toHaveLength(1);
    await api.database.db.execute(sql`UPDATE square_settings SET changes_checked_at = ${at(next, 3)}::timestamptz
      WHERE company_id = ${co.companyId}`);
    const rumVariation = square.addVariation('Rum 750', 'RUM-750', 3495);
    order('RUM-1', day, 18, {
      updated_at: at(next, 9),
      line_items: [{ ...taxed('R1', rumVariation, 1, 3495, 454), name: 'Rum 750' }],
      total_money: money(3949),
    });
    const again = async () => {
      await sq.sync();
      await sq.push();
    };
    await again();
    const failed = await failures();
    expect(failed).toHaveLength(1);
    expect(failed[0].entity_type).toBe('squareChanges');
    expect(failed[0].last_error).toContain('RUM-1');
    expect(failed[0].last_error).toContain('RUM-750');
    expect(await invoicesOf(day)).toHaveLength(1);
    const [mark] = rowsOf<{ checked: string }>(
      await api.database.db.execute(sql`SELECT to_char(changes_checked_at AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked FROM square_settings WHERE company_id = ${co.companyId}`),
    );
    expect(mark.checked).toBe(at(next, 9));
    const rum = await co.create('product', {
      name: 'Rum 750',
      sku: 'RUM-750',
      price: 34.95,
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    await ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: {
        date: '2025-01-06',
        siteId: co.site,
        productId: rum,
        lot: null,
        status: 'DutyPaid',
        quantity: 10,
        value: 100,
      },
    });
    await again();
    expect(await failures()).toEqual([]);
    const invoices = await invoicesOf(day);
    expect(invoices).toHaveLength(2);
    const late = await invoice(invoices[1].id);
    expect(late).toMatchObject({ subtotal: 34.95, taxTotal: 4.54, total: 39.49, amountPaid: 39.49 });
    expect(late.lines).toEqual([
      { product: { id: rum }, description: null, quantity: 1, unitPrice: 34.95, amount: 34.95 },
    ]);
    expect(await dutyPaid(rum)).toBe(9);
    await again();
    expect(await invoicesOf(day)).toHaveLength(2);
    expect(await dutyPaid(rum)).toBe(9);
  });

  it("gives a return made from a day's invoice its share of the tax as charged", async () => {
    const returned = async (invoiceId: string) => {
      const { salesReturnFromInvoice: id } = await ok<{ salesReturnFromInvoice: string }>(
        `mutation($id: ID!) { salesReturnFromInvoice(invoiceId: $id) }`,
        { id: invoiceId },
      );
      return (
        await ok<{ salesReturn: Record<string, unknown> }>(
          `query($id: ID!) { salesReturn(id: $id) { taxAsCharged subtotal taxTotal total } }`,
          { id },
        )
      ).salesReturn;
    };
    // the vodka day returned whole: its lines are all products (74.95 of 74.95), so the day's
    // tax 9.75 comes back to the cent: 74.95 + 9.75 = 84.70
    expect(await returned(vodkaDay)).toEqual({ taxAsCharged: 9.75, subtotal: 74.95, taxTotal: 9.75, total: 84.7 });
    // the fees day: only the gin comes back (79.90 of the lines' 94.90; the tasting fee and the
    // gratuity are no products): 11.69 x 79.90 / 94.90 = 9.8423 -> 9.84; total 89.74
    expect(await returned(feesDay)).toEqual({ taxAsCharged: 9.84, subtotal: 79.9, taxTotal: 9.84, total: 89.74 });
  });
});
