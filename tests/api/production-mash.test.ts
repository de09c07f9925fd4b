// Mashing through the API: the ingredients leave item stock (with lots), the wash fills the
// fermenters as the company's Wash non-excise alcohol with a NonExciseAddition row each,
// carrying the ingredients' value by volume; editing re-posts, deleting reverses, a delete
// whose wash was used since refuses. Figures worked by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { backends, startApi, type TestApi } from './harness';
import { stagedKit } from './stagedKit';

describe.each(backends)('mashing on %s', (backend) => {
  let api: TestApi;
  let k: Awaited<ReturnType<typeof stagedKit>>;
  let f1 = '';
  let f2 = '';
  let malt = '';
  let rye = '';
  let bill = '';
  let wash = '';
  let mash = '';
  const fermenter = async (name: string) => k.co.create('fermenter', { name, capacity: 3000, site: k.co.site });
  const input = (over: Record<string, unknown> = {}) => ({
    lot: 'M-1',
    date: '2026-05-02T12:00:00Z',
    mashBill: bill,
    volume: 2000,
    osg: 1.065,
    site: k.co.site,
    items: [
      { item: malt, quantity: 400 },
      { item: rye, lot: 'R-7', quantity: 300 },
    ],
    fermenters: [
      { fermenter: f1, volume: 1200 },
      { fermenter: f2, volume: 800 },
    ],
    ...over,
  });

  beforeAll(async () => {
    api = await startApi(backend);
    k = await stagedKit(api);
    f1 = await fermenter('Fermenter 1');
    f2 = await fermenter('Fermenter 2');
    malt = await k.co.create('item', { name: 'Malted barley', type: 'Inventory', trackUnits: 'kg' });
    rye = await k.co.create('item', { name: 'Rye grain', type: 'Inventory', trackUnits: 'kg' });
    // 2000 kg of malt for $1,700.00 ($0.85/kg); 1000 kg of rye, lot R-7, for $600.00 ($0.60/kg)
    await k.stock([
      { stockId: malt, quantity: k.units(2000), value: 170_000 },
      { stockId: rye, lot: 'R-7', quantity: k.units(1000), value: 60_000 },
    ]);
    bill = await k.co.create('mashBill', {
      name: 'Rye mash',
      volume: 1000,
      items: [
        { item: malt, quantity: 200 },
        { item: rye, quantity: 150 },
      ],
    });
    // two washes: the one named as the mash bill is taken, though another sorts first
    await k.co.create('nonExcise', { name: 'A corn wash', kind: 'Wash' });
    wash = await k.co.create('nonExcise', { name: 'Rye mash', kind: 'Wash' });
  });
  afterAll(() => api.close());

  it('consumes the ingredients and fills the fermenters with the wash', async () => {
    const r = await k.save('mash', input());
    expect(r.errors).toBeUndefined();
    mash = r.id;
    expect(await k.ledger(mash)).toEqual([
      ['NonExciseAddition', f1, '1200.000', '0.000'],
      ['NonExciseAddition', f2, '800.000', '0.000'],
    ]);
    expect(await k.co.contents('fermenter', f1)).toMatchObject({
      alcoholType: 'NonExcise',
      alcoholId: wash,
      alcoholName: 'Rye mash',
      lot: 'M-1',
      volume: 1200,
      laa: 0,
    });
    expect(await k.co.contents('fermenter', f2)).toMatchObject({ lot: 'M-1', volume: 800 });
    // malt: 400 kg x $0.85 = $340.00; rye: 300 kg x $0.60 = $180.00
    expect(await k.movements(mash)).toEqual([
      ['Consumed', malt, null, null, '-400.000000', '0.000', '-340.00'],
      ['Consumed', rye, 'R-7', null, '-300.000000', '0.000', '-180.00'],
    ]);
    expect(await k.onHand('item', malt)).toMatchObject({ quantity: 1600, value: 1360 });
    expect(await k.onHand('item', rye)).toMatchObject({ quantity: 700, buckets: [{ lot: 'R-7', quantity: 700 }] });
    // the wash carries the $520.00 by volume: 1200 / 2000 = $312.00, 800 / 2000 = $208.00;
    // kg at the original gravity: 1200 x 1.065 = 1278 kg, 800 x 1.065 = 852 kg
    const rows = rowsOf<Record<string, string>>(
      await api.database.db.execute(
        sql`SELECT vessel_id::text AS v, kg::text AS kg, value::text AS value FROM excise_transactions
            WHERE company_id = ${k.co.companyId} AND ref_id = ${mash} ORDER BY id`,
      ),
    );
    expect(rows).toEqual([
      { v: f1, kg: '1278.000', value: '312.00' },
      { v: f2, kg: '852.000', value: '208.00' },
    ]);
  });

  it('re-posts an edit', async () => {
    const r = await k.save(
      'mash',
      input({
        items: [
          { item: malt, quantity: 500 },
          { item: rye, lot: 'R-7', quantity: 300 },
        ],
        fermenters: [
          { fermenter: f1, volume: 1000 },
          { fermenter: f2, volume: 1000 },
        ],
      }),
      mash,
    );
    expect(r.errors).toBeUndefined();
    expect(await k.ledger(mash)).toEqual([
      ['NonExciseAddition', f1, '1000.000', '0.000'],
      ['NonExciseAddition', f2, '1000.000', '0.000'],
    ]);
    expect(await k.co.contents('fermenter', f1)).toMatchObject({ volume: 1000 });
    expect(await k.co.contents('fermenter', f2)).toMatchObject({ volume: 1000 });
    // 2000 - 500 = 1500 kg of malt worth 1700 - 425 = $1,275.00
    expect(await k.onHand('item', malt)).toMatchObject({ quantity: 1500, value: 1275 });
    expect(await k.onHand('item', rye)).toMatchObject({ quantity: 700 });
  });

  it('refuses more of an ingredient than there is, and a fermenter holding another lot', async () => {
    const tooMuch = await k.save('mash', input({ lot: 'M-2', items: [{ item: rye, lot: 'R-7', quantity: 800 }] }));
    expect(tooMuch.errors?.[0].message).toBe(
      'Rye grain (at Main, lot R-7) holds 700 kg; the transaction takes 800 kg out of it',
    );
    const mixed = await k.save('mash', input({ lot: 'M-2', items: [], fermenters: [{ fermenter: f1, volume: 100 }] }));
    expect(mixed.errors?.[0].message).toBe(
      'Fermenter 1 holds lot M-1; moving lot M-2 into it would mix two lots. Reassign the lot first, or record a blend.',
    );
    expect(await k.onHand('item', rye)).toMatchObject({ quantity: 700 });
  });

  it('refuses to delete a mash whose wash was used, and deletes once it is back', async () => {
    const used = await k.co.act('fermenterReduceInventory', {
      vesselId: f1,
      date: '2026-05-09',
      volume: 600,
      excise: 'NonExciseReduction',
    });
    expect(used.errors).toBeUndefined();
    expect(await k.remove(mash)).toBe(
      `This cannot be undone: Fermenter 1 holds 400.000 L; the transaction takes 1,000.000 L out of it: used since by the fermenter reduce inventory transaction ${used.data!.refId} of 2026-05-09. Edit or delete that first`,
    );
    const undone = await k.co.call(`mutation($id: ID!) { exciseTransactionDelete(refId: $id) { refId } }`, {
      id: used.data!.refId,
    });
    expect(undone.errors).toBeUndefined();
    expect(await k.remove(mash)).toBeNull();
    expect(await k.co.contents('fermenter', f1)).toBeNull();
    expect(await k.co.contents('fermenter', f2)).toBeNull();
    expect(await k.onHand('item', malt)).toMatchObject({ quantity: 2000, value: 1700 });
    expect(await k.onHand('item', rye)).toMatchObject({ quantity: 1000, value: 600 });
  });

  it('asks for a Wash non-excise alcohol when the company has none, and keeps companies apart', async () => {
    const other = await stagedKit(api);
    const theirs = await other.co.create('fermenter', { name: 'Theirs', capacity: 1000 });
    const none = await other.save('mash', {
      lot: 'X-1',
      date: '2026-05-02T12:00:00Z',
      fermenters: [{ fermenter: theirs, volume: 10 }],
    });
    expect(none.errors?.[0].extensions.info.fields).toEqual({
      fermenters:
        'Record the wash as a non-excise alcohol of kind Wash first (Non-excise alcohol): the fermenters hold it',
    });
    await other.co.create('nonExcise', { name: 'Wash', kind: 'Wash' });
    const ours = await other.save('mash', {
      lot: 'X-1',
      date: '2026-05-02T12:00:00Z',
      fermenters: [{ fermenter: f1, volume: 10 }],
    });
    expect(ours.errors?.[0].extensions.info.fields).toMatchObject({ 'fermenters.0.fermenter': 'Not found' });
    const ourMalt = await other.save('mash', {
      lot: 'X-1',
      date: '2026-05-02T12:00:00Z',
      items: [{ item: malt, quantity: 1 }],
    });
    expect(ourMalt.errors?.[0].extensions.info.fields).toMatchObject({ 'items.0.item': 'Not found' });
    expect(await k.co.contents('fermenter', f1)).toBeNull();
    expect(await k.onHand('item', malt)).toMatchObject({ quantity: 2000 });
  });
});
