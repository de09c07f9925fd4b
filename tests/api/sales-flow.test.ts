// The sales flow through the API (issue 13): estimate -> sales order -> two partial shipments
// -> invoices -> returns, with the stock each step moves read back through onHand, the order's
// shipped/invoiced quantities and status, an in-bond export carrying its packaged alcohol out
// of bond, reversal on delete, the refusals, tenancy and the selling permission.
//
// Figures worked by hand. Rye 750 is 0.75 L at 40 %: 0.3 LAA a bottle.
//   Stock in: 100 bottles duty paid in lot L1 at $15.00 (value $1,500.00); 50 bottles in bond in
//   lot L2 (50 x 0.75 x 40 / 100 = 15 LAA); 20 gift boxes.
//   The order (from the estimate): 24 bottles at $30.00, 4 boxes at $5.00.
//   Shipment 1: 10 bottles + 4 boxes -> 90 bottles, 16 boxes; shipped [10, 4]: PartiallyShipped.
//   Shipment 2: the 14 bottles left -> 76 bottles; shipped [24, 4]: Shipped.
//   Invoice 1 (shipment 1): 10 x 30 + 4 x 5 = $320.00; invoice 2 (the order's rest): 14 x 30 =
//   $420.00; invoiced [24, 4]: Invoiced.
//   Return 1 (restocked): 2 bottles back -> 78; credit 2 x 30 = $60: balance 320 - 60 = $260.
//   Return 2 (destroyed): 3 bottles in and out -> still 78; credit $90: balance 260 - 90 = $170.
//   Export in bond: 20 bottles of lot L2 -> 30 left in bond; 20 x 0.75 x 40 / 100 = 6 LAA out,
//   15 - 6 = 9 LAA left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { membershipTable, userTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
const PAST = '2025-01-06';

describe.each(backends)('sales flow on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  let rye = '';
  let box = '';
  let customer = '';
  let estimate = '';
  let order = '';
  let shipment1 = '';
  let shipment2 = '';
  let invoice1 = '';
  let invoice2 = '';
  let return1 = '';
  let return2 = '';

  const failure = (r: Answer<unknown>) =>
    r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await co.call<T>(query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const convert = (mutation: string, argument: string, id: string, token?: string) =>
    co.call<Record<string, string>>(`mutation($id: ID!) { ${mutation}(${argument}: $id) }`, { id }, token);
  const converted = async (mutation: string, argument: string, id: string) => {
    const r = await convert(mutation, argument, id);
    if (r.errors) throw new Error(`${mutation}: ${JSON.stringify(r.errors)}`);
    return r.data![mutation];
  };
  const read = async (entity: string, id: string, fields: string) =>
    (await ok<Record<string, Record<string, unknown>>>(`query($id: ID!) { ${entity}(id: $id) { ${fields} } }`, { id }))[
      entity
    ];
  const update = async (entity: string, id: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    return co.call<Record<string, Record<string, unknown>>>(
      `mutation($id: ID!, $input: ${type}Input!) { ${entity}Update(id: $id, input: $input) { id status } }`,
      { id, input },
    );
  };
  const remove = (id: string) => co.call(`mutation($id: ID!) { objectDelete(id: $id) { id error } }`, { id });
  const onHand = async (type: 'product' | 'item', id: string, status?: string) =>
    (
      (await read(type, id, `onHand${status ? `(status: ${status})` : ''} { quantity laa }`)).onHand as {
        quantity: number;
        laa: number;
      }
    ).quantity;
  const stockRows = async (refId: string) =>
    rowsOf<{ category: string; status: string | null; lot: string | null; quantity: string; laa: string }>(
      await api.database.db.execute(sql`
        SELECT category, status, lot, quantity::float8::text AS quantity, laa::float8::text AS laa
        FROM inventory_transactions WHERE ref_id = ${refId} ORDER BY id`),
    ).map((r) => [r.category, r.status, r.lot, Number(r.quantity), Number(r.laa)]);
  const orderProgress = async () => {
    const o = await read('salesOrder', order, 'status lines { quantity shippedQuantity invoicedQuantity }');
    return {
      status: o.status,
      lines: (o.lines as Record<string, number>[]).map((l) => [l.quantity, l.shippedQuantity, l.invoicedQuantity]),
    };
  };
  const linesOf = async (entity: string, id: string) =>
    (await read(entity, id, 'lines { id product { id } item { id } quantity lot }')).lines as {
      id: string;
      product: { id: string } | null;
      item: { id: string } | null;
      quantity: number;
      lot: string | null;
    }[];

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    rye = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    box = await co.create('item', { name: 'Gift box', type: 'Inventory', trackUnits: 'boxes' });
    customer = await co.create('customer', { name: 'LCBO Store 12' });
    const adjust = (mutation: string, input: Record<string, unknown>) =>
      ok(
        `mutation($input: ${mutation === 'productAdjustInventory' ? 'Product' : 'Item'}AdjustInput!) {
        ${mutation}(input: $input) { refId } }`,
        { input: { date: PAST, siteId: co.site, ...input } },
      );
    await adjust('productAdjustInventory', {
      productId: rye,
      lot: 'L1',
      status: 'DutyPaid',
      quantity: 100,
      value: 1500,
    });
    await adjust('productAdjustInventory', { productId: rye, lot: 'L2', status: 'InBond', quantity: 50 });
    await adjust('itemAdjustInventory', { itemId: box, quantity: 20, value: 40 });
  });
  afterAll(() => api.close());

  it('converts an accepted estimate to a sales order linked to it, once', async () => {
    estimate = await co.create('estimate', {
      number: 'EST-1',
      customer,
      date: PAST,
      status: 'Sent',
      site: co.site,
      lines: [
        { product: rye, description: 'Rye 750', quantity: 24, unitPrice: 30 },
        { item: box, description: 'Gift box', quantity: 4, unitPrice: 5 },
      ],
    });
    expect(failure(await convert('salesOrderFromEstimate', 'estimateId', estimate))).toEqual({
      code: 'CONFLICT',
      message: 'Estimate EST-1 is sent: only an accepted estimate becomes a sales order',
    });
    expect((await update('estimate', estimate, { status: 'Accepted' })).errors).toBeUndefined();
    order = await converted('salesOrderFromEstimate', 'estimateId', estimate);
    const o = await read('salesOrder', order, 'number status estimate { id } customer { id } site { id } total');
    // the company's first order: the series starts at SO-1001; 24 x 30 + 4 x 5 = 740
    expect(o).toEqual({
      number: 'SO-1001',
      status: 'Open',
      estimate: { id: estimate },
      customer: { id: customer },
      site: { id: co.site },
      total: 740,
    });
    expect(await orderProgress()).toEqual({
      status: 'Open',
      lines: [
        [24, 0, 0],
        [4, 0, 0],
      ],
    });
    expect(failure(await convert('salesOrderFromEstimate', 'estimateId', estimate))).toEqual({
      code: 'CONFLICT',
      message: 'Estimate EST-1 is already sales order SO-1001',
    });
  });

  it('ships in two parts: a draft moves nothing, shipped takes the stock, the order follows', async () => {
    shipment1 = await converted('shipmentFromSalesOrder', 'salesOrderId', order);
    const draft = await read('shipment', shipment1, 'number status salesOrder { id } dutyPaid');
    expect(draft).toEqual({ number: 'SH-3001', status: 'Draft', salesOrder: { id: order }, dutyPaid: true });
    const lines = await linesOf('shipment', shipment1);
    expect(lines.map((l) => [l.product?.id ?? l.item?.id, l.quantity])).toEqual([
      [rye, 24],
      [box, 4],
    ]);
    expect(await stockRows(shipment1)).toEqual([]);
    expect(await onHand('product', rye, 'DutyPaid')).toBe(100);

    const saved = await update('shipment', shipment1, {
      status: 'Shipped',
      lines: [
        { id: lines[0].id, quantity: 10, lot: 'L1' },
        { id: lines[1].id, quantity: 4 },
      ],
    });
    expect(saved.errors).toBeUndefined();
    expect(await stockRows(shipment1)).toEqual([
      ['Sold', 'DutyPaid', 'L1', -10, -3],
      ['Sold', null, null, -4, 0],
    ]);
    expect(await onHand('product', rye, 'DutyPaid')).toBe(90);
    expect(await onHand('item', box)).toBe(16);
    expect(await orderProgress()).toEqual({
      status: 'PartiallyShipped',
      lines: [
        [24, 10, 0],
        [4, 4, 0],
      ],
    });

    // the second shipment offers what is still undelivered: 14 bottles, no boxes
    shipment2 = await converted('shipmentFromSalesOrder', 'salesOrderId', order);
    const rest = await linesOf('shipment', shipment2);
    expect(rest.map((l) => [l.product?.id, l.quantity])).toEqual([[rye, 14]]);
    expect(
      (await update('shipment', shipment2, { status: 'Shipped', lines: [{ id: rest[0].id, quantity: 14, lot: 'L1' }] }))
        .errors,
    ).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(76);
    expect(await orderProgress()).toEqual({
      status: 'Shipped',
      lines: [
        [24, 24, 0],
        [4, 4, 0],
      ],
    });
    expect(failure(await convert('shipmentFromSalesOrder', 'salesOrderId', order))).toEqual({
      code: 'CONFLICT',
      message: 'Sales order SO-1001 has nothing left to ship',
    });
  });

  it('editing a shipment re-posts; not enough stock is refused with the bucket it would empty', async () => {
    const [line] = await linesOf('shipment', shipment2);
    expect((await update('shipment', shipment2, { lines: [{ id: line.id, quantity: 13 }] })).errors).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(77);
    expect(await orderProgress()).toMatchObject({
      status: 'PartiallyShipped',
      lines: [
        [24, 23, 0],
        [4, 4, 0],
      ],
    });
    const tooMany = await update('shipment', shipment2, { lines: [{ id: line.id, quantity: 1000 }] });
    // 77 bottles in lot L1 once shipment 2's 13 are reversed: 90
    expect(failure(tooMany)).toEqual({
      code: 'CONFLICT',
      message: 'Rye 750 (at Main, lot L1, duty paid) holds 90 bottles; the transaction takes 1,000 bottles out of it',
    });
    expect((await update('shipment', shipment2, { lines: [{ id: line.id, quantity: 14 }] })).errors).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(76);
    expect((await orderProgress()).status).toBe('Shipped');
  });

  it('invoices a shipment and then what the order has not invoiced', async () => {
    invoice1 = await converted('invoiceFromShipment', 'shipmentId', shipment1);
    const i1 = await read('invoice', invoice1, 'number status shipment { id } salesOrder { id } total balance');
    expect(i1).toEqual({
      number: 'INV-4001',
      status: 'Draft',
      shipment: { id: shipment1 },
      salesOrder: { id: order },
      total: 320,
      balance: 320,
    });
    expect(await orderProgress()).toEqual({
      status: 'Shipped',
      lines: [
        [24, 24, 10],
        [4, 4, 4],
      ],
    });
    expect(failure(await convert('invoiceFromShipment', 'shipmentId', shipment1))).toEqual({
      code: 'CONFLICT',
      message: 'Shipment SH-3001 is already invoiced: invoice INV-4001',
    });
    invoice2 = await converted('invoiceFromSalesOrder', 'salesOrderId', order);
    expect(await read('invoice', invoice2, 'number total')).toEqual({ number: 'INV-4002', total: 420 });
    expect(await orderProgress()).toEqual({
      status: 'Invoiced',
      lines: [
        [24, 24, 24],
        [4, 4, 4],
      ],
    });
    expect(failure(await convert('invoiceFromSalesOrder', 'salesOrderId', order))).toEqual({
      code: 'CONFLICT',
      message: 'Sales order SO-1001 has nothing left to invoice',
    });
  });

  it('refuses to delete or change what a later document depends on, naming it', async () => {
    const refused = async (id: string) => failure(await remove(id));
    expect(await refused(order)).toEqual({
      code: 'CONFLICT',
      message: 'Sales order SO-1001 has shipment SH-3001: delete the shipment first',
    });
    expect(await refused(shipment1)).toEqual({
      code: 'CONFLICT',
      message: 'Shipment SH-3001 has invoice INV-4001: delete the invoice first',
    });
    expect(await refused(estimate)).toEqual({
      code: 'CONFLICT',
      message: 'Estimate EST-1 has sales order SO-1001: delete the sales order first',
    });
    const [line] = await linesOf('shipment', shipment1);
    expect(failure(await update('shipment', shipment1, { lines: [{ id: line.id, quantity: 9 }] }))).toEqual({
      code: 'CONFLICT',
      message: 'Shipment SH-3001 has invoice INV-4001: delete the invoice first to change what it ships',
    });
    // what does not move stock may still change
    expect((await update('shipment', shipment1, { carrier: 'Purolator' })).errors).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(76);
  });

  it('a return brings stock back or records it destroyed, and credits the invoice', async () => {
    return1 = await converted('salesReturnFromInvoice', 'invoiceId', invoice1);
    const offered = await linesOf('salesReturn', return1);
    // what invoice 1 sold, with the lot shipment 1 took it from
    expect(offered.map((l) => [l.product?.id ?? l.item?.id, l.quantity, l.lot])).toEqual([
      [rye, 10, 'L1'],
      [box, 4, null],
    ]);
    const r1 = await update('salesReturn', return1, {
      status: 'Received',
      reason: 'Overstock',
      lines: [{ id: offered[0].id, quantity: 2 }],
    });
    expect(r1.errors).toBeUndefined();
    expect(await stockRows(return1)).toEqual([['Returned', 'DutyPaid', 'L1', 2, 0.6]]);
    expect(await onHand('product', rye, 'DutyPaid')).toBe(78);
    expect((await read('invoice', invoice1, 'balance')).balance).toBe(260);

    return2 = await converted('salesReturnFromInvoice', 'invoiceId', invoice1);
    const left = await linesOf('salesReturn', return2);
    expect(left.map((l) => [l.product?.id ?? l.item?.id, l.quantity])).toEqual([
      [rye, 8],
      [box, 4],
    ]);
    const r2 = await update('salesReturn', return2, {
      status: 'Received',
      reason: 'Damaged',
      restock: false,
      lines: [{ id: left[0].id, quantity: 3 }],
    });
    expect(r2.errors).toBeUndefined();
    // 3 x 0.3 = 0.9 LAA in and out again, at no value
    expect(await stockRows(return2)).toEqual([
      ['Returned', 'DutyPaid', 'L1', 3, 0.9],
      ['Reduced', 'DutyPaid', 'L1', -3, -0.9],
    ]);
    expect(await onHand('product', rye, 'DutyPaid')).toBe(78);
    expect((await read('invoice', invoice1, 'balance')).balance).toBe(170);
    expect(failure(await remove(invoice1))).toEqual({
      code: 'CONFLICT',
      message: 'Invoice INV-4001 has return RMA-5001: delete the return first',
    });
  });

  it('deleting reverses: returns, invoices and shipments undo their stock and the order goes back', async () => {
    expect(failure(await remove(return2))).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(78);
    expect((await read('invoice', invoice1, 'balance')).balance).toBe(260);
    expect(failure(await remove(return1))).toBeUndefined();
    expect(await onHand('product', rye, 'DutyPaid')).toBe(76);
    expect((await read('invoice', invoice1, 'balance')).balance).toBe(320);

    expect(failure(await remove(invoice2))).toBeUndefined();
    expect(await orderProgress()).toEqual({
      status: 'Shipped',
      lines: [
        [24, 24, 10],
        [4, 4, 4],
      ],
    });
    expect(failure(await remove(shipment2))).toBeUndefined();
    // shipment 2's 14 bottles are back: 76 + 14 = 90
    expect(await onHand('product', rye, 'DutyPaid')).toBe(90);
    expect(await orderProgress()).toEqual({
      status: 'PartiallyShipped',
      lines: [
        [24, 10, 10],
        [4, 4, 4],
      ],
    });
    // a row a shipment posted is undone through the shipment, not the transaction list
    const direct = await co.call(`mutation($refId: ID!) { inventoryTransactionDelete(refId: $refId) { refId } }`, {
      refId: shipment1,
    });
    expect(failure(direct)?.code).toBe('CONFLICT');
  });

  it('ships in bond for export: out of bond with its packaged alcohol, the destination required', async () => {
    const input = {
      number: 'SH-EXP-1',
      customer,
      date: PAST,
      status: 'Shipped',
      site: co.site,
      dutyPaid: false,
      lines: [{ product: rye, lot: 'L2', quantity: 20 }],
    };
    const missing = await co.call(`mutation($input: ShipmentInput!) { shipmentCreate(input: $input) { id } }`, {
      input,
    });
    expect(failure(missing)?.code).toBe('VALIDATION_ERROR');
    expect(missing.errors![0].extensions.info.fields).toEqual({
      bondDestination: 'A shipment in bond must say where it goes: a licensee, a licensed user or export',
    });
    const exported = await co.create('shipment', { ...input, bondDestination: 'Export' });
    expect(await stockRows(exported)).toEqual([['Exported', 'InBond', 'L2', -20, -6]]);
    const bond = (await read('product', rye, 'onHand(status: InBond) { quantity laa }')).onHand;
    expect(bond).toEqual({ quantity: 30, laa: 9 });
    // on the excise warehouse's return (B262, from the rows in bond) the 6 LAA leave as
    // exported, not as removed to the duty-paid market (no duty on an export)
    await api.database.db.execute(
      sql`UPDATE sites SET warehouse_license = 'WH-7', b262 = true WHERE company_id = ${co.companyId} AND id = ${co.site}`,
    );
    const b262 = await ok<{ exciseReturn: { lines: { key: string; quantity: number }[] } }>(
      `query($siteId: ID!) { exciseReturn(form: B262, siteId: $siteId, periodStart: "2025-01-01", periodEnd: "2025-01-31") {
        lines { key quantity } } }`,
      { siteId: co.site },
    );
    const line = Object.fromEntries(b262.exciseReturn.lines.map((l) => [l.key, l.quantity]));
    expect([line['red.exported'], line['red.transferred'], line['red.removedDutyPaid']]).toEqual([6, 0, 0]);
    // the duty-paid stock did not move
    expect(await onHand('product', rye, 'DutyPaid')).toBe(90);
    // cancelled, it takes nothing: the 20 bottles and their 6 LAA are back in bond
    expect((await update('shipment', exported, { status: 'Cancelled' })).errors).toBeUndefined();
    expect((await read('product', rye, 'onHand(status: InBond) { quantity laa }')).onHand).toEqual({
      quantity: 50,
      laa: 15,
    });
    expect((await update('shipment', exported, { status: 'Delivered' })).errors).toBeUndefined();
    expect(await stockRows(exported)).toContainEqual(['Exported', 'InBond', 'L2', -20, -6]);
    expect(failure(await remove(exported))).toBeUndefined();
    expect((await read('product', rye, 'onHand(status: InBond) { quantity laa }')).onHand).toEqual({
      quantity: 50,
      laa: 15,
    });
  });

  it('shares a shipment over order lines of the same product in line order; a Closed order stays closed', async () => {
    const twoLines = await co.create('salesOrder', {
      number: 'SO-TWO',
      customer,
      date: PAST,
      status: 'Open',
      site: co.site,
      lines: [
        { product: rye, quantity: 5 },
        { product: rye, quantity: 3 },
      ],
    });
    const progress = async () => {
      const o = await read('salesOrder', twoLines, 'status lines { shippedQuantity undeliveredQuantity }');
      return [o.status, (o.lines as Record<string, number>[]).map((l) => [l.shippedQuantity, l.undeliveredQuantity])];
    };
    const shipped = await co.create('shipment', {
      number: 'SH-TWO',
      customer,
      salesOrder: twoLines,
      date: PAST,
      status: 'Shipped',
      site: co.site,
      lines: [{ product: rye, lot: 'L1', quantity: 6 }],
    });
    // 6 bottles: the first line's 5, then 1 of the second's 3 (2 still undelivered)
    expect(await progress()).toEqual([
      'PartiallyShipped',
      [
        [5, 0],
        [1, 2],
      ],
    ]);
    expect((await update('salesOrder', twoLines, { status: 'Closed' })).errors).toBeUndefined();
    expect(failure(await remove(shipped))).toBeUndefined();
    expect(await progress()).toEqual([
      'Closed',
      [
        [0, 5],
        [0, 3],
      ],
    ]);
    expect(failure(await remove(twoLines))).toBeUndefined();
  });

  it("another company cannot ship, invoice or convert this company's documents", async () => {
    const other = await makeMember(api, EVERYTHING);
    for (const [mutation, argument, id] of [
      ['shipmentFromSalesOrder', 'salesOrderId', order],
      ['invoiceFromSalesOrder', 'salesOrderId', order],
      ['invoiceFromShipment', 'shipmentId', shipment1],
      ['salesOrderFromEstimate', 'estimateId', estimate],
    ]) {
      const r = await api.gql(
        other.companyId,
        `mutation($id: ID!) { ${mutation}(${argument}: $id) }`,
        { id },
        other.token,
      );
      expect(r.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    }
    // and asking in this company's name is refused before anything runs
    const r = await api.gql(
      co.companyId,
      `mutation($id: ID!) { shipmentFromSalesOrder(salesOrderId: $id) }`,
      { id: order },
      other.token,
    );
    expect(r.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('needs selling.write: a reader of sales cannot convert', async () => {
    const { db } = api.database;
    const [user] = await db
      .insert(userTable)
      .values({ email: `reader-${backend}@example.test`, name: 'Reader' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({ companyId: co.companyId, user: user.id, permissions: ['selling.read'] });
    const token = await api.token(user.id);
    const r = await convert('shipmentFromSalesOrder', 'salesOrderId', order, token);
    expect(failure(r)?.code).toBe('FORBIDDEN');
    // a seller without the values permission converts: the prices come along from the estimate
    const [seller] = await db
      .insert(userTable)
      .values({ email: `seller-${backend}@example.test`, name: 'Seller' })
      .returning({ id: userTable.id });
    await db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: seller.id, permissions: ['selling.read', 'selling.write'] });
    const quote = await co.create('estimate', {
      number: 'EST-2',
      customer,
      date: PAST,
      status: 'Accepted',
      lines: [{ product: rye, quantity: 2, unitPrice: 31.5 }],
    });
    const made = await convert('salesOrderFromEstimate', 'estimateId', quote, await api.token(seller.id));
    expect(made.errors).toBeUndefined();
    const copy = await read('salesOrder', made.data!.salesOrderFromEstimate, 'lines { quantity unitPrice } total');
    expect(copy).toEqual({ lines: [{ quantity: 2, unitPrice: 31.5 }], total: 63 });
    // nothing was created
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM shipments WHERE company_id = ${co.companyId}`),
    );
    expect(count.n).toBe(1); // shipment 1: the others were deleted
  });
});
