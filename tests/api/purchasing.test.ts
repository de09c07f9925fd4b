// Purchasing that moves stock: receipts from a purchase order (partial, twice), the order's
// received quantities and status, the moving average of items bought at two prices, a foreign
// currency receipt costed in CAD, freight allocated by amount, bulk spirits received into a tank
// (the excise "received" addition, in LAA), reversal on delete, refusals, tenancy, the buying
// permission and the values permission on costs. Figures worked by hand in the comments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { eq } from 'drizzle-orm';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany, type Answer } from './exciseKit';

const RECEIPT = `{ id number status purchaseOrder { id } freight total
  lines { id product { id } item { id } quantity unitPrice discountPercent tank { id } spirit { id } strength lot } }`;
const ORDER = `{ id number status lines { id item { id } quantity receivedQuantity } }`;

describe.each(backends)('purchasing on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let supplier = '';
  let malt = '';
  let yeast = '';

  const failure = <T>(r: Answer<T>) =>
    r.errors?.[0] && { code: r.errors[0].extensions.code, message: r.errors[0].message };
  const ok = <T>(r: Answer<T>): T => {
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const fromOrder = (id: string, token?: string) =>
    co.call<{ inventoryReceiptFromPurchaseOrder: Record<string, unknown> & { id: string; lines: Line[] } }>(
      `mutation($id: ID!) { inventoryReceiptFromPurchaseOrder(purchaseOrderId: $id) ${RECEIPT} }`,
      { id },
      token,
    );
  type Line = { id: string; quantity: number; unitPrice: number | null } & Record<string, unknown>;
  const createReceipt = (input: Record<string, unknown>) =>
    co.call<{ inventoryReceiptCreate: { id: string; lines: Line[] } }>(
      `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) ${RECEIPT} }`,
      { input: { supplier, date: '2026-05-04', site: co.site, ...input } },
    );
  const updateReceipt = (id: string, input: Record<string, unknown>) =>
    co.call<{ inventoryReceiptUpdate: { id: string; lines: Line[] } }>(
      `mutation($id: ID!, $input: InventoryReceiptInput!) { inventoryReceiptUpdate(id: $id, input: $input) ${RECEIPT} }`,
      { id, input },
    );
  const order = async (id: string) =>
    ok(
      await co.call<{ purchaseOrder: { status: string; lines: { receivedQuantity: number | null }[] } }>(
        `query($id: ID!) { purchaseOrder(id: $id) ${ORDER} }`,
        { id },
      ),
    ).purchaseOrder;
  const onHand = async (id: string, token?: string) =>
    ok(
      await co.call<{ item: { onHand: Record<string, unknown> } }>(
        `query($id: ID!) { item(id: $id) { onHand { quantity value averageCost } } }`,
        { id },
        token,
      ),
    ).item.onHand;
  const remove = async (id: string) => {
    const r = await co.call<{ objectDelete: { error: string | null } }>(
      `mutation($id: ID!) { objectDelete(id: $id) { id error } }`,
      { id },
    );
    return r.errors?.[0]?.message ?? r.data!.objectDelete.error;
  };
  const exciseRows = async (refId: string) =>
    rowsOf<{ excise: string; volume: string; laa: string; strength: string; value: string; vessel_id: string }>(
      await api.database.db.execute(sql`
        SELECT excise, volume::text AS volume, laa::text AS laa, strength::text AS strength, value::text AS value,
               vessel_id::text AS vessel_id
        FROM excise_transactions WHERE company_id = ${co.companyId} AND ref_id = ${refId} ORDER BY id`),
    );
  /** another user of the same company with these permissions */
  const colleague = async (permissions: string[]) => {
    const [user] = await api.database.db
      .insert(userTable)
      .values({ email: `${permissions.join('-')}-${backend}@example.test`, name: 'Colleague' })
      .returning({ id: userTable.id });
    await api.database.db.insert(membershipTable).values({ companyId: co.companyId, user: user.id, permissions });
    return api.token(user.id);
  };

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    supplier = await co.create('supplier', { name: 'Prairie Malting' });
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg' });
    yeast = await co.create('item', { name: 'Yeast', type: 'Inventory', trackUnits: 'kg' });
  });
  afterAll(() => api.close());

  it('receives a purchase order in two parts, keeping its received quantities, status and the moving average', async () => {
    const po = await co.create('purchaseOrder', {
      number: 'PO-100',
      supplier,
      date: '2026-05-01',
      status: 'Sent',
      site: co.site,
      lines: [
        { item: malt, quantity: 1000, unitPrice: 0.8 },
        { item: yeast, quantity: 10, unitPrice: 25 },
      ],
    });
    // the first receipt proposes everything; 600 kg of the malt came, and all the yeast
    const first = ok(await fromOrder(po)).inventoryReceiptFromPurchaseOrder;
    expect(first).toMatchObject({ number: 'PO-100-R1', status: 'Received', purchaseOrder: { id: po } });
    expect(first.lines.map((l) => [l.item, l.quantity, l.unitPrice])).toEqual([
      [{ id: malt }, 1000, 0.8],
      [{ id: yeast }, 10, 25],
    ]);
    ok(
      await updateReceipt(first.id, {
        lines: [
          { id: first.lines[0].id, item: malt, quantity: 600, unitPrice: 0.8 },
          { id: first.lines[1].id, item: yeast, quantity: 10, unitPrice: 25 },
        ],
      }),
    );
    expect(await order(po)).toMatchObject({
      status: 'PartiallyReceived',
      lines: [{ receivedQuantity: 600 }, { receivedQuantity: 10 }],
    });
    // 600 kg at $0.80 = $480.00
    expect(await onHand(malt)).toMatchObject({ quantity: 600, value: 480, averageCost: 0.8 });

    // the second proposes the 400 kg left; they came at $0.95
    const second = ok(await fromOrder(po)).inventoryReceiptFromPurchaseOrder;
    expect(second.number).toBe('PO-100-R2');
    expect(second.lines.map((l) => [l.item, l.quantity])).toEqual([[{ id: malt }, 400]]);
    ok(
      await updateReceipt(second.id, {
        lines: [{ id: second.lines[0].id, item: malt, quantity: 400, unitPrice: 0.95 }],
      }),
    );
    expect(await order(po)).toMatchObject({
      status: 'Received',
      lines: [{ receivedQuantity: 1000 }, { receivedQuantity: 10 }],
    });
    // 400 x 0.95 = $380.00; 1000 kg worth 480 + 380 = $860.00, $0.86 a kg
    expect(await onHand(malt)).toMatchObject({ quantity: 1000, value: 860, averageCost: 0.86 });
    // 10 kg of yeast at $25 = $250.00
    expect(await onHand(yeast)).toMatchObject({ quantity: 10, value: 250, averageCost: 25 });

    expect(failure(await fromOrder(po))).toEqual({
      code: 'CONFLICT',
      message: 'Everything on purchase order PO-100 has been received: there is nothing left to receive',
    });
    expect(await remove(po)).toBe(
      'Purchase order PO-100 cannot be deleted: inventory receipts PO-100-R1, PO-100-R2 were received against it. Delete them first, or cancel the order.',
    );

    // deleting the second receipt takes its 400 kg and their $380.00 back out
    expect(await remove(second.id)).toBeNull();
    expect(await onHand(malt)).toMatchObject({ quantity: 600, value: 480 });
    expect(await order(po)).toMatchObject({
      status: 'PartiallyReceived',
      lines: [{ receivedQuantity: 600 }, { receivedQuantity: 10 }],
    });
  });

  it('posts nothing for a draft, and posts once it is received', async () => {
    const hops = await co.create('item', { name: 'Hops', type: 'Inventory', trackUnits: 'kg' });
    const draft = ok(
      await createReceipt({ number: 'R-DRAFT', status: 'Draft', lines: [{ item: hops, quantity: 5, unitPrice: 10 }] }),
    ).inventoryReceiptCreate;
    expect(await onHand(hops)).toMatchObject({ quantity: 0 });
    ok(await updateReceipt(draft.id, { status: 'Received' }));
    // 5 kg x $10 = $50.00
    expect(await onHand(hops)).toMatchObject({ quantity: 5, value: 50 });
  });

  it('costs a foreign-currency receipt in the home currency at its exchange rate', async () => {
    const juniper = await co.create('item', { name: 'Juniper', type: 'Inventory', trackUnits: 'kg' });
    ok(
      await co.call(
        `mutation { companySettingsSet(settings: { multiCurrency: true, homeCurrency: "CAD" }) { multiCurrency } }`,
      ),
    );
    const line = { item: juniper, quantity: 10, unitPrice: 12.5, discountPercent: 10 };
    expect(failure(await createReceipt({ number: 'R-USD-0', currency: 'USD', lines: [line] }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    ok(await createReceipt({ number: 'R-USD-1', currency: 'USD', exchangeRate: 1.35, lines: [line] }));
    // 10 kg x US$12.50 less 10 % = US$112.50; x 1.35 = C$151.875, rounded to C$151.88
    expect(await onHand(juniper)).toMatchObject({ quantity: 10, value: 151.88 });
  });

  it('allocates the freight across the lines by their amounts', async () => {
    const a = await co.create('item', { name: 'Bottles', type: 'Inventory', trackUnits: 'units' });
    const b = await co.create('item', { name: 'Corks', type: 'Inventory', trackUnits: 'units' });
    ok(
      await createReceipt({
        number: 'R-FREIGHT',
        freight: 10,
        lines: [
          { item: a, quantity: 100, unitPrice: 1 },
          { item: b, quantity: 50, unitPrice: 4 },
        ],
      }),
    );
    // amounts $100.00 and $200.00: the bottles take 10 x 100 / 300 = $3.33, the corks the $6.67 left
    expect(await onHand(a)).toMatchObject({ quantity: 100, value: 103.33 });
    expect(await onHand(b)).toMatchObject({ quantity: 50, value: 206.67 });
  });

  it('receives bulk spirits into a tank as a received addition in LAA', async () => {
    const tank = await co.tank('Tank 7');
    const bulk = { tank, spirit: co.rye, quantity: 500, strength: 62.5, unitPrice: 4, lot: 'B-1' };
    expect(failure(await createReceipt({ number: 'R-BULK-0', lines: [bulk] }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    const receipt = ok(
      await createReceipt({ number: 'R-BULK-1', receivedFrom: 'Licensee', lines: [bulk] }),
    ).inventoryReceiptCreate;
    // 500 L at 62.5 % = 500 x 62.5 / 100 = 312.500 LAA; 500 L x $4 = $2,000.00
    expect(await exciseRows(receipt.id)).toEqual([
      {
        excise: 'SpiritsAdditionReceivedFromSpiritsLicensee',
        volume: '500.000',
        laa: '312.500',
        strength: '62.50',
        value: '2000.00',
        vessel_id: tank,
      },
    ]);
    expect(await co.contents('tank', tank)).toMatchObject({
      alcoholId: co.rye,
      alcoholName: 'Rye new make',
      lot: 'B-1',
      volume: 500,
      laa: 312.5,
      strength: 62.5,
    });

    // from a licensed user instead: the edit reverses the row and posts it in the other category
    ok(await updateReceipt(receipt.id, { receivedFrom: 'LicensedUser' }));
    const rows = await exciseRows(receipt.id);
    expect(rows.map((r) => [r.excise, r.laa])).toEqual([
      ['SpiritsAdditionReceivedFromSpiritsLicensee', '312.500'],
      ['SpiritsAdditionReceivedFromSpiritsLicensee', '-312.500'],
      ['SpiritsAdditionReceivedFromLicensedUser', '312.500'],
    ]);

    // the tank holds rye: gin cannot go in as well
    expect(
      failure(
        await createReceipt({
          number: 'R-BULK-2',
          receivedFrom: 'Licensee',
          lines: [{ ...bulk, spirit: co.gin }],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message:
        'Tank 7 holds Rye new make; it cannot take Gin base as well. Empty it first, or record a blend to mix them.',
    });

    // deleting the receipt empties the tank again
    expect(await remove(receipt.id)).toBeNull();
    expect(await co.contents('tank', tank)).toBeNull();
  });

  it('receives bulk wine from a licensed user, and bottled product in bond with its packaged LAA', async () => {
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, co.companyId));
    const merlot = await co.create('wine', { name: 'Merlot 2026', exciseCategory: 'Over7' });
    const tank = await co.tank('Tank 8');
    const wine = ok(
      await createReceipt({
        number: 'R-WINE',
        receivedFrom: 'LicensedUser',
        lines: [{ tank, wine: merlot, quantity: 1000, strength: 12.5, unitPrice: 3 }],
      }),
    ).inventoryReceiptCreate;
    // 1,000 L at 12.5 % = 1000 x 12.5 / 100 = 125.000 LAA; 1,000 L x $3 = $3,000.00
    expect(await exciseRows(wine.id)).toMatchObject([
      { excise: 'WineAdditionReceivedFromLicensedUser', volume: '1000.000', laa: '125.000', value: '3000.00' },
    ]);

    const vodka = await co.create('product', { name: 'Vodka 750 mL', strength: 40, containerSize: 0.75, caseSize: 12 });
    ok(
      await createReceipt({
        number: 'R-VODKA',
        dutyPaid: false,
        lines: [{ product: vodka, quantity: 24, unitPrice: 10, lot: 'V-1' }],
      }),
    );
    // 24 bottles x 0.75 L x 40 % = 7.200 LAA, in bond; 24 x $10 = $240.00
    const r = ok(
      await co.call<{ product: { onHand: { buckets: Record<string, unknown>[] } } }>(
        `query($id: ID!) { product(id: $id) { onHand { buckets { lot status quantity laa value } } } }`,
        { id: vodka },
      ),
    );
    expect(r.product.onHand.buckets).toEqual([{ lot: 'V-1', status: 'InBond', quantity: 24, laa: 7.2, value: 240 }]);
  });

  it('refuses to delete a receipt whose stock has been used since', async () => {
    const sugar = await co.create('item', { name: 'Sugar', type: 'Inventory', trackUnits: 'kg' });
    const receipt = ok(
      await createReceipt({ number: 'R-SUGAR', lines: [{ item: sugar, quantity: 100, unitPrice: 1 }] }),
    ).inventoryReceiptCreate;
    // 80 kg used the next day: 20 kg are left
    await api.database.db.transaction((tx) =>
      postStock(
        { db: tx, actor: { userId: co.userId, companyId: co.companyId, permissions: EVERYTHING, features: {} } },
        { refType: 'test', refId: '1' },
        [
          {
            date: '2026-05-05',
            kind: 'Item',
            stockId: sugar,
            siteId: co.site,
            lot: null,
            status: null,
            quantity: -80 * MICRO,
            category: 'Consumed',
            description: 'used in a mash',
          },
        ],
      ),
    );
    expect(await remove(receipt.id)).toBe(
      'This cannot be undone: Sugar (at Main) holds 20 kg; the transaction takes 100 kg out of it',
    );
    expect(await onHand(sugar)).toMatchObject({ quantity: 20 });
  });

  it('keeps companies apart and gates receiving on buying and costs on values', async () => {
    const po = await co.create('purchaseOrder', {
      number: 'PO-200',
      supplier,
      date: '2026-05-01',
      status: 'Sent',
      lines: [{ item: yeast, quantity: 4, unitPrice: 25 }],
    });
    // another company cannot see the order
    const other = await makeMember(api, EVERYTHING);
    const foreign = await api.gql(
      other.companyId,
      `mutation($id: ID!) { inventoryReceiptFromPurchaseOrder(purchaseOrderId: $id) { id } }`,
      { id: po },
      other.token,
    );
    expect(foreign.body.errors?.[0]).toMatchObject({
      message: `Purchase order ${po} not found`,
      extensions: { code: 'NOT_FOUND' },
    });
    // nor make a receipt of its own against it
    const sneaky = await api.gql(
      other.companyId,
      `mutation($input: InventoryReceiptInput!) { inventoryReceiptCreate(input: $input) { id } }`,
      {
        input: {
          number: 'X',
          supplier: await (async () => {
            const r = await api.gql<{ supplierCreate: { id: string } }>(
              other.companyId,
              `mutation { supplierCreate(input: { name: "Theirs" }) { id } }`,
              {},
              other.token,
            );
            return r.body.data!.supplierCreate.id;
          })(),
          purchaseOrder: po,
          date: '2026-05-01',
          status: 'Received',
        },
      },
      other.token,
    );
    expect(sneaky.body.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { purchaseOrder: expect.any(String) } },
    });

    // without buying: refused
    const cellar = await colleague(['inventory.read', 'inventory.write', 'production.read', 'values']);
    expect(failure(await fromOrder(po, cellar))).toMatchObject({ code: 'FORBIDDEN' });

    // buying without values: receives at the order's price, sees no prices or values
    const clerk = await colleague(['buying.read', 'buying.write', 'inventory.read']);
    const receipt = ok(await fromOrder(po, clerk)).inventoryReceiptFromPurchaseOrder;
    expect(receipt.total ?? null).toBeNull();
    expect(receipt.lines[0].unitPrice ?? null).toBeNull();
    expect(await onHand(yeast, clerk)).toMatchObject({ quantity: 14, value: null, averageCost: null });
    // 10 kg at $25 and 4 kg at $25: $350.00 for whoever may see it
    expect(await onHand(yeast)).toMatchObject({ quantity: 14, value: 350, averageCost: 25 });
  });
});
