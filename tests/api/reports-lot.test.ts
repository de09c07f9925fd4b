// The lot trace through the API: a scripted chain, grain lot G-7 -> mash M-1 (fermenter F1) ->
// distillation D-1 (tank Hearts) -> blend BL-1 (tank Blend out) -> bottling P-1 (Rye 750) ->
// shipment to a customer, invoiced; then traced back from the bottle lot to the mash and the
// grain lot, and forward from the grain lot to the customer. Quantities worked by hand:
//   mash: 400 kg of malt lot G-7 out of stock; 1,000 L of wash into F1
//   distillation: the 1,000 L of wash charged; hearts 90 LAA at 72 % = 90 x 100 / 72 = 125 L
//   blend: the 125 L of hearts (90 LAA) to 40 %: 90 x 100 / 40 = 225 L into Blend out
//   bottling: 120 bottles x 0.75 L = 90 L out of Blend out; 120 bottles of lot P-1 duty paid
//   shipment SH-1: 12 bottles of lot P-1 to Corner Liquor
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { membershipTable } from '../../src/generated/tables';
import { lotTrace } from '../../src/server/domain/reports/lot';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';
import { stagedKit } from './stagedKit';

interface Node {
  key: string;
  parentKey: string | null;
  kind: string;
  id: string | null;
  name: string;
  lot: string | null;
  date: string | null;
  quantity: string | null;
  unit: string | null;
  path: string | null;
}
interface Trace {
  lot: string;
  forward: boolean;
  truncated: boolean;
  nodes: Node[];
}

const TRACE = `query($lot: String!, $id: ID, $forward: Boolean) {
  lotTrace(lot: $lot, id: $id, forward: $forward) {
    lot forward truncated nodes { key parentKey kind id name lot date quantity unit path }
  }
}`;

/** The tree as indented lines "kind name [lot] quantity unit", children in answer order. */
function outline(nodes: Node[]): string[] {
  const lines: string[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const n of nodes.filter((x) => x.parentKey === parent)) {
      const parts = [
        n.kind,
        n.name,
        n.lot ? `[${n.lot}]` : '',
        n.quantity ? `${n.quantity} ${n.unit ?? ''}`.trim() : '',
      ];
      lines.push(`${'  '.repeat(depth)}${parts.filter(Boolean).join(' ')}`);
      walk(n.key, depth + 1);
    }
  };
  walk(null, 0);
  return lines;
}

describe.each(backends)('lot trace on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let malt = '';
  let product = '';
  let customer = '';
  let mash = '';
  let bottling = '';
  let shipment = '';

  const trace = async (lot: string, forward: boolean, id: string | null = null) => {
    const r = await k.co.call<{ lotTrace: Trace }>(TRACE, { lot, id, forward });
    return r;
  };
  const ok = async (what: string, r: { id: string; errors?: unknown }) => {
    if (r.errors) throw new Error(`${what}: ${JSON.stringify(r.errors)}`);
    return r.id;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    const { co } = k;
    // the lot trace is a report: the member may read reports
    await api.database.db
      .update(membershipTable)
      .set({ permissions: [...EVERYTHING, 'audit', 'reports'] })
      .where(and(eq(membershipTable.companyId, co.companyId), eq(membershipTable.user, co.userId)));
    const f1 = await co.create('fermenter', { name: 'F1', capacity: 3000, site: co.site });
    const hearts = await co.tank('Hearts');
    const blendOut = await co.tank('Blend out');
    const still = await co.create('still', { name: 'Pot 1', type: 'Pot', site: co.site });
    const wash = await co.create('nonExcise', { name: 'Rye mash', kind: 'Wash' });
    const blended = await co.create('spirit', { name: 'Blended rye', class: 'Whisky', exciseCategory: 'Spirits' });
    malt = await co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg' });
    product = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 6 });
    customer = await co.create('customer', { name: 'Corner Liquor' });
    // 1,000 kg of malt lot G-7 counted in (an inventory adjustment, the item's own action)
    const adjusted = await co.call(
      `mutation($input: ItemAdjustInput!) { itemAdjustInventory(input: $input) { refId } }`,
      {
        input: { date: '2026-05-01', siteId: co.site, itemId: malt, lot: 'G-7', quantity: 1000, value: 850 },
      },
    );
    expect(adjusted.errors).toBeUndefined();

    mash = await ok(
      'mash',
      await k.save('mash', {
        lot: 'M-1',
        date: '2026-05-02T16:00:00Z',
        volume: 1000,
        site: co.site,
        items: [{ item: malt, lot: 'G-7', quantity: 400 }],
        fermenters: [{ fermenter: f1, volume: 1000 }],
      }),
    );
    await ok(
      'distillation',
      await k.save('distillation', {
        lot: 'D-1',
        date: '2026-05-04T16:00:00Z',
        site: co.site,
        still,
        inputs: [{ type: 'NonExcise', nonExcise: wash, fermenter: f1, quantity: 1000 }],
        outputs: [{ cut: 'Hearts', spirit: co.rye, tank: hearts, quantity: 90, strength: 72 }],
      }),
    );
    await ok(
      'blend',
      await k.save('blend', {
        lot: 'BL-1',
        date: '2026-05-06T16:00:00Z',
        site: co.site,
        outputSpirit: blended,
        tank: blendOut,
        blendStrength: 40,
        inputs: [{ type: 'Spirit', spirit: co.rye, tank: hearts, quantity: 125 }],
      }),
    );
    bottling = await ok(
      'bottling',
      await k.save('bottling', {
        lot: 'P-1',
        date: '2026-05-08T16:00:00Z',
        site: co.site,
        product,
        tank: blendOut,
        strength: 40,
        bottles: 120,
        caseSize: 6,
        dutyPaid: true,
      }),
    );
    shipment = await ok(
      'shipment',
      await k.save('shipment', {
        number: 'SH-1',
        customer,
        date: '2026-05-10',
        status: 'Shipped',
        site: co.site,
        dutyPaid: true,
        lines: [{ product, lot: 'P-1', quantity: 12, unitPrice: 30 }],
      }),
    );
  });
  afterAll(() => api.close());

  it('traces a bottle lot back through bottling, blend, distillation and mash to the grain lot', async () => {
    const r = await trace('P-1', false);
    expect(r.errors).toBeUndefined();
    const t = r.data!.lotTrace;
    expect(t.truncated).toBe(false);
    expect(outline(t.nodes)).toEqual([
      'Product Rye 750 [P-1]',
      '  Bottling P-1 [P-1] 120.000 bottles',
      '    Tank Blend out (Blended rye) [BL-1] 90.000 L',
      '      Blend BL-1 [BL-1] 225.000 L',
      '        Tank Hearts (Rye new make) [D-1] 125.000 L',
      '          Distillation D-1 [D-1] 125.000 L',
      '            Fermenter F1 (Rye mash) [M-1] 1000.000 L',
      '              Mash M-1 [M-1] 1000.000 L',
      '                Item Malted barley [G-7] 400.000 kg',
      '                  ItemAdjustInventory Item adjust inventory 1000.000 kg',
    ]);
    // every record opens its own screen
    const byKind = (kind: string) => t.nodes.find((n) => n.kind === kind)!;
    expect(byKind('Bottling')).toMatchObject({ id: bottling, date: '2026-05-08' });
    expect(byKind('Bottling').path).toBe(`/production/bottling/${bottling}`);
    expect(byKind('Mash').path).toBe(`/production/mashing/${mash}`);
    expect(byKind('Item').path).toBe(`/inventory/items/${malt}`);
    expect(byKind('Product').path).toBe(`/inventory/products/${product}`);
  });

  it('traces a grain lot forward to the products, the shipment, its invoice and the customer', async () => {
    const invoice = await k.co.call<{ invoiceFromShipment: string }>(
      `mutation($id: ID!) { invoiceFromShipment(shipmentId: $id) }`,
      { id: shipment },
    );
    expect(invoice.errors).toBeUndefined();
    const number = await k.co.call<{ invoice: { number: string } }>(`query($id: ID!) { invoice(id: $id) { number } }`, {
      id: invoice.data!.invoiceFromShipment,
    });
    const r = await trace('g-7', true, malt);
    expect(r.errors).toBeUndefined();
    const t = r.data!.lotTrace;
    expect(t).toMatchObject({ lot: 'g-7', forward: true, truncated: false });
    expect(outline(t.nodes)).toEqual([
      'Item Malted barley [G-7]',
      '  Mash M-1 [M-1] 400.000 kg',
      '    Fermenter F1 (Rye mash) [M-1] 1000.000 L',
      '      Distillation D-1 [D-1] 1000.000 L',
      '        Tank Hearts (Rye new make) [D-1] 125.000 L',
      '          Blend BL-1 [BL-1] 125.000 L',
      '            Tank Blend out (Blended rye) [BL-1] 225.000 L',
      '              Bottling P-1 [P-1] 90.000 L',
      '                Product Rye 750 [P-1] 120.000 bottles',
      '                  Shipment SH-1 12.000 bottles',
      '                    Customer Corner Liquor',
      `                    Invoice ${number.data!.invoice.number}`,
    ]);
    const customerNode = t.nodes.find((n) => n.kind === 'Customer')!;
    expect(customerNode).toMatchObject({ id: customer, path: `/sales/customers/${customer}` });
    expect(t.nodes.find((n) => n.kind === 'Shipment')).toMatchObject({ id: shipment, date: '2026-05-10' });
  });

  it('narrows to the object named, and answers nothing for a lot no one holds', async () => {
    // id: the product: the same tree from its one holder
    const narrowed = await trace('P-1', false, product);
    expect(narrowed.data!.lotTrace.nodes[0]).toMatchObject({ kind: 'Product', parentKey: null });
    const other = await trace('P-1', false, malt);
    expect(other.data!.lotTrace.nodes).toEqual([]);
    const none = await trace('NO-SUCH-LOT', true);
    expect(none.data!.lotTrace).toMatchObject({ nodes: [], truncated: false });
  });

  it('follows the alcohol a transaction list links with (id: the spirit) forward from its tank', async () => {
    const r = await trace('D-1', true, k.co.rye);
    expect(outline(r.data!.lotTrace.nodes).slice(0, 3)).toEqual([
      'Tank Hearts (Rye new make) [D-1]',
      '  Blend BL-1 [BL-1] 125.000 L',
      '    Tank Blend out (Blended rye) [BL-1] 225.000 L',
    ]);
  });

  it('ends on a lot moved back and forth between two tanks, each record once with its children', async () => {
    const { co } = k;
    const x = await co.tank('X');
    const y = await co.tank('Y');
    // X: 100 L of lot C-1; 50 L to Y; 20 L of them back to X
    const steps = [
      await co.act('exciseInitial', {
        vesselId: x,
        date: '2026-03-01',
        alcoholType: 'Spirit',
        alcoholId: co.rye,
        lot: 'C-1',
        volume: 100,
        strength: 60,
      }),
      await co.act('exciseTransferToTank', { vesselId: x, toVesselId: y, date: '2026-03-02', volume: 50 }),
      await co.act('exciseTransferToTank', { vesselId: y, toVesselId: x, date: '2026-03-03', volume: 20 }),
    ];
    expect(steps.map((s) => s.errors)).toEqual([undefined, undefined, undefined]);
    const forward = await trace('C-1', true);
    expect(outline(forward.data!.lotTrace.nodes)).toEqual([
      'Tank X (Rye new make) [C-1]',
      '  TransferToTank Transfer to tank 50.000 L',
      '    Tank Y (Rye new make) [C-1] 50.000 L',
      'Tank Y (Rye new make) [C-1]',
      '  TransferToTank Transfer to tank 20.000 L',
      '    Tank X (Rye new make) [C-1] 20.000 L',
    ]);
    // back from X: filled at first, then 20 L came from Y, which had its 50 L from X (on 03-02,
    // before the 03-03 transfer back): shown, not followed again
    const back = await trace('C-1', false, x);
    expect(outline(back.data!.lotTrace.nodes)).toEqual([
      'Tank X (Rye new make) [C-1]',
      '  Initial Initial 100.000 L',
      '  TransferToTank Transfer to tank 20.000 L',
      '    Tank Y (Rye new make) [C-1] 20.000 L',
      '      TransferToTank Transfer to tank 50.000 L',
      '        Tank X (Rye new make) [C-1] 50.000 L',
    ]);
  });

  it('refuses an empty or too long lot and a bad id with VALIDATION_ERROR', async () => {
    const empty = await trace('  ', false);
    expect(empty.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { lot: 'Enter the lot to trace' } },
    });
    const long = await trace('x'.repeat(61), false);
    expect(long.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { lot: 'A lot has at most 60 characters' } },
    });
    const badId = await trace('P-1', false, 'abc');
    expect(badId.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('answers FORBIDDEN to a member who may read reports but not production or inventory', async () => {
    const seller = await makeMember(api, ['reports', 'selling']);
    const r = await api.gql(seller.companyId, TRACE, { lot: 'P-1', forward: false }, seller.token);
    expect(r.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('stops at its node cap and says so', async () => {
    // 3 nodes: the product, its bottling, the tank it drew from
    const t = await k.inTx((ctx) => lotTrace(ctx, 'P-1', null, false, 3));
    expect(t.truncated).toBe(true);
    expect(t.nodes.map((n) => n.kind)).toEqual(['Product', 'Bottling', 'Tank']);
  });

  it('keeps every company to its own lots', async () => {
    const stranger = await exciseCompany(api, [...EVERYTHING, 'reports']);
    const r = await stranger.call<{ lotTrace: Trace }>(TRACE, { lot: 'P-1', forward: false });
    expect(r.errors).toBeUndefined();
    expect(r.data!.lotTrace.nodes).toEqual([]);
  });
});
