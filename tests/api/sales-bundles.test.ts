// Bundles on sales documents (issue 12: "a bundle sells as one line and moves its components"):
// a gift set ordered, shipped and invoiced as one line at the bundle's price, its shipment taking
// each component out of stock (duty paid, and in bond for export with the spirit's packaged
// alcohol), edits re-posting, deletes reversing, a short component refused by name, a return
// bringing the components back, the bundle's transaction list, and tenancy.
//
// Figures worked by hand. Rye 750 is 0.75 L at 40 %: 0.3 LAA a bottle. Ginger syrup 250 mL has
// no strength (no alcohol). The gift set holds 1 Rye 750, 2 syrups and 1 gift box, at $60.00.
//   Stock in: Rye 100 duty paid in lot L1, 30 in bond in lot L2 (30 x 0.3 = 9 LAA); syrup 50
//   duty paid and 10 in bond (no lot); 40 gift boxes.
//   Order SO-B1: 5 sets at $60 = $300.00. Its shipment (duty paid, lot L1): Rye 5 (1.5 LAA),
//   syrup 10, boxes 5 -> Rye 95, syrup 40, boxes 35. Invoice: one line, $300.00.
//   Export SH-BX of 3 sets from lot L2: Rye 3 in bond out with 9 x 3 / 30 = 0.9 LAA, syrup 6 in
//   bond, boxes 3 -> Rye in bond 27 (8.1 LAA), syrup in bond 4, boxes 32. Edited to 2 sets: Rye
//   28 (9 - 9 x 2 / 30 = 8.4 LAA), syrup 6, boxes 33. 6 sets would take 12 syrups of the 10 in
//   bond: refused. Deleted: Rye 30 (9 LAA), syrup 10, boxes 35.
//   Return of 2 sets (restocked): Rye +2 (nominal 2 x 0.3 = 0.6 LAA), syrup +4, boxes +2 ->
//   Rye 97, syrup 44, boxes 37.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
const PAST = '2025-01-06';

describe.each(backends)('bundles on sales documents on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  let rye = '';
  let syrup = '';
  let box = '';
  let giftSet = '';
  let customer = '';
  let order = '';
  let shipment = '';
  let invoice = '';

  const failure = (r: Answer<unknown>) =>
    r.errors && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await co.call<T>(query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const converted = async (mutation: string, argument: string, id: string) =>
    (await ok<Record<string, string>>(`mutation($id: ID!) { ${mutation}(${argument}: $id) }`, { id }))[mutation];
  const read = async (entity: string, id: string, fields: string) =>
    (await ok<Record<string, Record<string, unknown>>>(`query($id: ID!) { ${entity}(id: $id) { ${fields} } }`, { id }))[
      entity
    ];
  const update = (entity: string, id: string, input: Record<string, unknown>) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    return co.call(`mutation($id: ID!, $input: ${type}Input!) { ${entity}Update(id: $id, input: $input) { id } }`, {
      id,
      input,
    });
  };
  const createShipment = (input: Record<string, unknown>) =>
    co.call<{ shipmentCreate: { id: string } }>(
      `mutation($input: ShipmentInput!) { shipmentCreate(input: $input) { id } }`,
      { input: { customer, date: PAST, status: 'Shipped', site: co.site, ...input } },
    );
  const remove = (id: string) => co.call(`mutation($id: ID!) { objectDelete(id: $id) { id error } }`, { id });
  const onHand = async (type: 'product' | 'item', id: string, status?: string) =>
    (await read(type, id, `onHand${status ? `(status: ${status})` : ''} { quantity laa }`)).onHand as {
      quantity: number;
      laa: number;
    };
  const stock = async () => ({
    ryeDutyPaid: (await onHand('product', rye, 'DutyPaid')).quantity,
    ryeInBond: await onHand('product', rye, 'InBond'),
    syrupDutyPaid: (await onHand('product', syrup, 'DutyPaid')).quantity,
    syrupInBond: (await onHand('product', syrup, 'InBond')).quantity,
    boxes: (await onHand('item', box)).quantity,
  });
  const stockRows = async (refId: string) =>
    rowsOf<{ stock: string; category: string; status: string | null; lot: string | null; q: string; laa: string }>(
      await api.database.db.execute(sql`
        SELECT stock_id::text AS stock, category, status, lot, quantity::float8::text AS q, laa::float8::text AS laa
        FROM inventory_transactions WHERE ref_id = ${refId} AND reverses_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM inventory_transactions r WHERE r.reverses_id = inventory_transactions.id)
        ORDER BY id`),
    ).map((r) => [r.stock, r.category, r.status, r.lot, Number(r.q), Number(r.laa)]);

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    rye = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    syrup = await co.create('product', { name: 'Ginger syrup 250 mL', containerSize: 0.25 });
    box = await co.create('item', { name: 'Gift box', type: 'Inventory', trackUnits: 'boxes' });
    giftSet = await co.create('bundle', {
      sku: 'GIFT-RYE',
      name: 'Rye gift set',
      price: 60,
      components: [
        { product: rye, quantity: 1 },
        { product: syrup, quantity: 2 },
        { item: box, quantity: 1 },
      ],
    });
    customer = await co.create('customer', { name: 'SAQ Dépôt' });
    const adjust = (kind: 'Product' | 'Item', input: Record<string, unknown>) =>
      ok(`mutation($input: ${kind}AdjustInput!) { ${kind.toLowerCase()}AdjustInventory(input: $input) { refId } }`, {
        input: { date: PAST, siteId: co.site, ...input },
      });
    await adjust('Product', { productId: rye, lot: 'L1', status: 'DutyPaid', quantity: 100, value: 1500 });
    await adjust('Product', { productId: rye, lot: 'L2', status: 'InBond', quantity: 30 });
    await adjust('Product', { productId: syrup, status: 'DutyPaid', quantity: 50 });
    await adjust('Product', { productId: syrup, status: 'InBond', quantity: 10 });
    await adjust('Item', { itemId: box, quantity: 40, value: 80 });
  });
  afterAll(() => api.close());

  it('orders, ships duty paid and invoices a bundle as one line; the shipment takes its components', async () => {
    order = await co.create('salesOrder', {
      number: 'SO-B1',
      customer,
      date: PAST,
      status: 'Open',
      site: co.site,
      lines: [{ bundle: giftSet, description: 'Rye gift set', quantity: 5, unitPrice: 60 }],
    });
    // 5 x 60 = 300
    expect(await read('salesOrder', order, 'total')).toEqual({ total: 300 });
    shipment = await converted('shipmentFromSalesOrder', 'salesOrderId', order);
    const [line] = (await read('shipment', shipment, 'lines { id bundle { id name } quantity }')).lines as {
      id: string;
      bundle: { id: string; name: string };
      quantity: number;
    }[];
    expect(line).toMatchObject({ bundle: { id: giftSet, name: 'Rye gift set' }, quantity: 5 });
    expect(await stockRows(shipment)).toEqual([]);

    const shipped = await update('shipment', shipment, {
      status: 'Shipped',
      lines: [{ id: line.id, quantity: 5, lot: 'L1' }],
    });
    expect(shipped.errors).toBeUndefined();
    // 5 sets: 5 bottles of lot L1 with 5 x 0.3 = 1.5 LAA, 10 syrups, 5 boxes
    expect(await stockRows(shipment)).toEqual([
      [rye, 'Sold', 'DutyPaid', 'L1', -5, -1.5],
      [syrup, 'Sold', 'DutyPaid', null, -10, 0],
      [box, 'Sold', null, null, -5, 0],
    ]);
    expect(await stock()).toEqual({
      ryeDutyPaid: 95,
      ryeInBond: { quantity: 30, laa: 9 },
      syrupDutyPaid: 40,
      syrupInBond: 10,
      boxes: 35,
    });
    const progress = await read('salesOrder', order, 'status lines { quantity shippedQuantity invoicedQuantity }');
    expect(progress).toEqual({ status: 'Shipped', lines: [{ quantity: 5, shippedQuantity: 5, invoicedQuantity: 0 }] });

    invoice = await converted('invoiceFromShipment', 'shipmentId', shipment);
    expect(await read('invoice', invoice, 'total lines { bundle { id } quantity unitPrice amount }')).toEqual({
      total: 300,
      lines: [{ bundle: { id: giftSet }, quantity: 5, unitPrice: 60, amount: 300 }],
    });
    expect((await read('salesOrder', order, 'status')).status).toBe('Invoiced');
  });

  it('ships a bundle in bond for export with the spirit’s packaged alcohol; an edit re-posts, a delete reverses', async () => {
    const created = await createShipment({
      number: 'SH-BX',
      dutyPaid: false,
      bondDestination: 'Export',
      lines: [{ bundle: giftSet, lot: 'L2', quantity: 3, unitPrice: 60 }],
    });
    expect(created.errors).toBeUndefined();
    const exported = created.data!.shipmentCreate.id;
    // 3 bottles of lot L2 out of bond with 9 x 3 / 30 = 0.9 LAA; 6 syrups out of bond; 3 boxes
    expect(await stockRows(exported)).toEqual([
      [rye, 'Exported', 'InBond', 'L2', -3, -0.9],
      [syrup, 'Exported', 'InBond', null, -6, 0],
      [box, 'Sold', null, null, -3, 0],
    ]);
    const [description] = rowsOf<{ description: string }>(
      await api.database.db.execute(
        sql`SELECT description FROM inventory_transactions WHERE ref_id = ${exported} AND stock_id = ${rye}`,
      ),
    );
    expect(description.description).toBe('Exported in bond: shipment SH-BX (bundle Rye gift set)');
    expect(await stock()).toMatchObject({ ryeInBond: { quantity: 27, laa: 8.1 }, syrupInBond: 4, boxes: 32 });

    const [line] = (await read('shipment', exported, 'lines { id }')).lines as { id: string }[];
    expect((await update('shipment', exported, { lines: [{ id: line.id, quantity: 2 }] })).errors).toBeUndefined();
    // 2 sets: 9 - 9 x 2 / 30 = 8.4 LAA left in bond
    expect(await stock()).toMatchObject({ ryeInBond: { quantity: 28, laa: 8.4 }, syrupInBond: 6, boxes: 33 });

    // 6 sets take 12 syrups; the bond holds 10 once the 2 sets' 4 are reversed
    const short = await update('shipment', exported, { lines: [{ id: line.id, quantity: 6 }] });
    expect(failure(short)).toEqual({
      code: 'CONFLICT',
      message:
        'Bundle Rye gift set: Ginger syrup 250 mL (at Main, in bond) holds 10 bottles; the transaction takes 12 bottles out of it',
    });
    expect(short.errors?.[0].extensions.info.field).toBe('lines.0.quantity');
    expect(await stock()).toMatchObject({ ryeInBond: { quantity: 28, laa: 8.4 }, syrupInBond: 6, boxes: 33 });
    // a plain line of the syrup that is short is refused in the stock's own words, not the
    // bundle's: the bundle's 2 leave 4 in bond, and the line takes 20
    const plain = await createShipment({
      number: 'SH-BX2',
      dutyPaid: false,
      bondDestination: 'Export',
      lines: [
        { bundle: giftSet, lot: 'L2', quantity: 1, unitPrice: 60 },
        { product: syrup, quantity: 20, unitPrice: 5 },
      ],
    });
    expect(failure(plain)).toEqual({
      code: 'CONFLICT',
      message: 'Ginger syrup 250 mL (at Main, in bond) holds 4 bottles; the transaction takes 20 bottles out of it',
    });
    expect(plain.errors?.[0].extensions.info.field).toBeUndefined();

    expect(failure(await remove(exported))).toBeUndefined();
    expect(await stock()).toEqual({
      ryeDutyPaid: 95,
      ryeInBond: { quantity: 30, laa: 9 },
      syrupDutyPaid: 40,
      syrupInBond: 10,
      boxes: 35,
    });
  });

  it('a return of the bundle line brings its components back', async () => {
    const ret = await converted('salesReturnFromInvoice', 'invoiceId', invoice);
    const [line] = (await read('salesReturn', ret, 'lines { id bundle { id } quantity lot }')).lines as {
      id: string;
    }[];
    // the lot comes from the shipment the invoice was made from
    expect(line).toMatchObject({ bundle: { id: giftSet }, quantity: 5, lot: 'L1' });
    const received = await update('salesReturn', ret, {
      status: 'Received',
      reason: 'Overstock',
      lines: [{ id: line.id, quantity: 2 }],
    });
    expect(received.errors).toBeUndefined();
    // 2 sets: 2 bottles with their nominal 2 x 0.3 = 0.6 LAA, 4 syrups, 2 boxes
    expect(await stockRows(ret)).toEqual([
      [rye, 'Returned', 'DutyPaid', 'L1', 2, 0.6],
      [syrup, 'Returned', 'DutyPaid', null, 4, 0],
      [box, 'Returned', null, null, 2, 0],
    ]);
    expect(await stock()).toMatchObject({ ryeDutyPaid: 97, syrupDutyPaid: 44, boxes: 37 });
    expect(failure(await remove(ret))).toBeUndefined();
    expect(await stock()).toMatchObject({ ryeDutyPaid: 95, syrupDutyPaid: 40, boxes: 35 });
  });

  it('the bundle’s transaction list shows its components leaving on the shipment', async () => {
    const list = await ok<{
      stockTransactions: {
        edges: { node: { stockName: string; category: string; quantity: number; description: string } }[];
      };
    }>(
      `query($id: ID!) { stockTransactions(stockKind: Bundle, id: $id, first: 100) {
        edges { node { stockName category quantity description } } } }`,
      { id: giftSet },
    );
    const shipped = list.stockTransactions.edges
      .map((e) => e.node)
      .filter((n) => n.description === 'Shipment SH-3001 (bundle Rye gift set)')
      .map((n) => [n.stockName, n.category, n.quantity])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(shipped).toEqual([
      ['Gift box', 'Sold', -5],
      ['Ginger syrup 250 mL', 'Sold', -10],
      ['Rye 750', 'Sold', -5],
    ]);
  });

  it('refuses a fraction of a bundle, a bundle that would ship part of a bottle, an empty bundle, two things on a line', async () => {
    const fields = (r: Answer<unknown>) => r.errors?.[0].extensions.info.fields;
    expect(
      fields(await createShipment({ number: 'SH-F1', lines: [{ bundle: giftSet, lot: 'L1', quantity: 1.5 }] })),
    ).toEqual({ 'lines.0.quantity': 'Bundles ship in whole units' });
    const half = await co.create('bundle', { name: 'Half set', components: [{ product: rye, quantity: 0.5 }] });
    // 3 sets of half a bottle: 1.5 bottles
    expect(
      fields(await createShipment({ number: 'SH-F2', lines: [{ bundle: half, lot: 'L1', quantity: 3 }] })),
    ).toEqual({
      'lines.0.quantity':
        'Bundle Half set holds 0.5 of Rye 750: 3 of it would take 1.5, and products move in whole units',
    });
    const empty = await co.create('bundle', { name: 'Empty set' });
    expect(fields(await createShipment({ number: 'SH-F3', lines: [{ bundle: empty, quantity: 1 }] }))).toEqual({
      'lines.0.bundle': 'Bundle Empty set has no components: add what it holds first',
    });
    expect(
      fields(await createShipment({ number: 'SH-F4', lines: [{ bundle: giftSet, product: rye, quantity: 1 }] })),
    ).toEqual({ 'lines.0.bundle': 'Choose a product, an item or a bundle, not more than one' });
    // nothing moved
    expect(await stock()).toMatchObject({ ryeDutyPaid: 95, syrupDutyPaid: 40, boxes: 35 });
  });

  it('refuses a line of two things on every sales document, before anything is written', async () => {
    const fields = (r: Answer<unknown>) => r.errors?.[0].extensions.info.fields;
    let n = 0;
    const create = (entity: string, input: Record<string, unknown>) => {
      const type = entity.charAt(0).toUpperCase() + entity.slice(1);
      return co.call(`mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`, {
        input: { customer, date: PAST, number: `TWO-${(n += 1)}`, ...input },
      });
    };
    // a draft estimate moves no stock: the line is refused all the same
    expect(
      fields(
        await create('estimate', {
          lines: [
            { product: rye, quantity: 1, unitPrice: 30 },
            { bundle: giftSet, item: box, quantity: 1 },
          ],
        }),
      ),
    ).toEqual({ 'lines.1.bundle': 'Choose a product, an item or a bundle, not more than one' });
    expect(fields(await create('salesOrder', { lines: [{ product: rye, item: box, quantity: 1 }] }))).toEqual({
      'lines.0.item': 'Choose a product or an item, not both',
    });
    expect(fields(await create('invoice', { lines: [{ product: syrup, item: box, quantity: 2 }] }))).toEqual({
      'lines.0.item': 'Choose a product or an item, not both',
    });
    // an edit that adds a bundle to a product line changed in place (the product kept)
    const ok1 = await create('salesOrder', { lines: [{ product: rye, quantity: 1, unitPrice: 30 }] });
    expect(ok1.errors).toBeUndefined();
    const id = (ok1.data as { salesOrderCreate: { id: string } }).salesOrderCreate.id;
    const [line] = (await read('salesOrder', id, 'lines { id }')).lines as { id: string }[];
    expect(fields(await update('salesOrder', id, { lines: [{ id: line.id, bundle: giftSet, quantity: 1 }] }))).toEqual({
      'lines.0.bundle': 'Choose a product, an item or a bundle, not more than one',
    });
  });

  it('keeps companies apart: another company cannot sell this bundle nor read its transactions', async () => {
    const other = await makeMember(
      api,
      ['selling', 'inventory'].flatMap((p) => [`${p}.read`, `${p}.write`]),
    );
    const call = async (query: string, variables: Record<string, unknown>) =>
      (await api.gql(other.companyId, query, variables, other.token)).body as Answer<Record<string, unknown>>;
    const customerOf = await call(`mutation { customerCreate(input: { name: "Theirs" }) { id } }`, {});
    const theirCustomer = (customerOf.data!.customerCreate as { id: string }).id;
    const theirs = await call(`mutation($input: ShipmentInput!) { shipmentCreate(input: $input) { id } }`, {
      input: {
        number: 'X-1',
        customer: theirCustomer,
        date: PAST,
        status: 'Draft',
        lines: [{ bundle: giftSet, quantity: 1 }],
      },
    });
    expect(failure(theirs)?.code).toBe('VALIDATION_ERROR');
    expect(theirs.errors![0].extensions.info.fields).toMatchObject({ 'lines.0.bundle': 'Not found' });
    const list = await call(
      `query($id: ID!) { stockTransactions(stockKind: Bundle, id: $id, first: 10) { totalCount } }`,
      { id: giftSet },
    );
    // their list of our bundle: none of our rows
    expect(list).toEqual({ data: { stockTransactions: { totalCount: 0 } } });
  });

  it('deleting the invoice and the shipment puts every component back', async () => {
    expect(failure(await remove(invoice))).toBeUndefined();
    expect(failure(await remove(shipment))).toBeUndefined();
    expect(await stock()).toEqual({
      ryeDutyPaid: 100,
      ryeInBond: { quantity: 30, laa: 9 },
      syrupDutyPaid: 50,
      syrupInBond: 10,
      boxes: 40,
    });
    expect((await read('salesOrder', order, 'status')).status).toBe('Open');
  });
});
