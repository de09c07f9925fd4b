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
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { type StandInOrder } from '../standins/square';
import { queueSquareForAllCompanies } from '../../src/server/domain/integrations/square/sync';
import { addDays } from '../../src/shared/days';
import {
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

const WEEK_MS = 7 * 24 * 3_600_000;

describe.each(backends)('Square orders left out past the hold on %s', (backend) => {
  let rig: SquareRig;
  let co: Co;
  let vodkaVariation = '';
  const yesterday = yesterdayInToronto();

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const { invoicesOf, failures, order } = sq;
  const db = () => rig.api.database.db;
  const taxed = (uid: string, name: string, variation: string, base: number, tax: number) =>
    taxedLine(uid, name, variation, 1, base, 0, tax);
  const syncNow = async () => {
    await sq.sync();
    await sq.push();
  };
  /** the 15-minute schedule once yesterday has closed: it queues the day and the changes */
  const scheduled = async () => {
    await db().execute(sql`UPDATE square_settings SET pulled_through = ${addDays(yesterday, -1)}
      WHERE company_id = ${co.companyId}`);
    await queueSquareForAllCompanies(db());
    await sq.push();
  };
  const lastLook = async () =>
    Date.parse(
      rowsOf<{ checked: string }>(
        await db().execute(sql`SELECT to_char(changes_checked_at AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS checked FROM square_settings WHERE company_id = ${co.companyId}`),
      )[0].checked,
    );

  beforeAll(async () => {
    rig = await startSquareApi(backend);
    co = await pointOfSaleCompany(rig.api);
    const tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    const vodka = await sq.product('Vodka 375', 'VOD-375', 24.99, 0.375);
    await sq.adjust(vodka, null, 30);
    vodkaVariation = rig.square.addVariation('Vodka 375', 'VOD-375', 2499);
    await sq.connect();
    await sq.setup(co.site, 'L1TASTINGROOM', tastingRoom);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('holds the last look back a week at most, keeps naming the order, and Sync now takes it once fixed', async () => {
    const day = addDays(yesterday, -11);
    const next = addDays(day, 1);
    order('GHOST-0', day, 12, {
      line_items: [taxed('G0', 'Vodka 375', vodkaVariation, 2499, 325)],
      total_money: money(2824),
    });
    await db().execute(sql`UPDATE square_settings SET pulled_through = ${addDays(day, -1)}
      WHERE company_id = ${co.companyId}`);
    await syncNow();
    expect(await invoicesOf(day)).toHaveLength(1);
    await db().execute(sql`UPDATE square_settings SET changes_checked_at = ${at(next, 3)}::timestamptz
      WHERE company_id = ${co.companyId}`);
    const ghostVariation = rig.square.addVariation('Ghost 750', 'GHOST-750', 3000);
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
    const ghost = await sq.product('Ghost 750', 'GHOST-750', 30);
    await sq.adjust(ghost, null, 5);
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

  it('two late pulls at once, each holding a different order past the hold, keep both held', async () => {
    // Worked by hand: the day R, ten days ago, was pulled above. Two till sales of R (1 x Race A
    // 750 and 1 x Race B 750, 30.00 + HST 3.90 = 33.90 each) reached Square on R + 1 at 09:00, nine
    // days ago, past the 7-day hold; neither SKU is a product's, so each is held. The two pulls
    // run at once and both read changes_held (empty) before either writes it; Square answers the
    // first search with RACE-A alone and the second with RACE-B alone (as if each arrived between
    // them), so each pull holds only its own. Whichever writes last must keep the other's:
    // RACE-A and RACE-B both held, both named in More info, nothing invoiced for R.
    const day = addDays(yesterday, -10);
    const next = addDays(day, 1);
    const late = (id: string, uid: string, name: string, sku: string): StandInOrder => {
      const variation = rig.square.addVariation(name, sku, 3000);
      order(id, day, 14, {
        updated_at: at(next, 9),
        line_items: [taxed(uid, name, variation, 3000, 390)],
        total_money: money(3390),
      });
      return rig.square.orders.find((o) => o.id === id)!;
    };
    const raceA = late('RACE-A', 'RA', 'Race A 750', 'RACE-A-750');
    const raceB = late('RACE-B', 'RB', 'Race B 750', 'RACE-B-750');
    const show = (shown: StandInOrder) => {
      const others = rig.square.orders.filter((o) => o !== raceA && o !== raceB);
      rig.square.orders.splice(0, rig.square.orders.length, ...others, shown);
    };
    await db().execute(sql`UPDATE square_settings SET changes_checked_at = ${at(next, 3)}::timestamptz
      WHERE company_id = ${co.companyId}`);
    // only the late pull queued, so the two jobs race on it alone (no day or catalogue beside it)
    await db().execute(sql`UPDATE integration_sync_log SET status = 'queued', attempts = 0, last_error = NULL
      WHERE company_id = ${co.companyId} AND app = 'square' AND entity_type = 'squareChanges'`);

    // each pull's search waits for the other's, so both have read changes_held before either
    // writes it; then they go one at a time, each seeing its own order
    const realFetch = globalThis.fetch;
    let searches = 0;
    let alone = 0;
    let bothSearching!: () => void;
    const together = new Promise<void>((resolve) => (bothSearching = resolve));
    let queue: Promise<unknown> = Promise.resolve();
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/v2/orders/search') || !String(init?.body).includes('updated_at'))
        return realFetch(input, init);
      const mine = (searches += 1);
      if (mine === 2) bothSearching();
      // a second pull that never searches fails the test below rather than hanging it
      const met = await Promise.race([
        together.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
      ]);
      if (!met) alone += 1;
      const answer = queue.then(() => {
        show(mine === 1 ? raceA : raceB);
        return realFetch(input, init);
      });
      queue = answer.catch(() => undefined);
      return answer;
    });
    try {
      await Promise.all([sq.push(), sq.push()]);
    } finally {
      spy.mockRestore();
      show(raceA);
      rig.square.orders.push(raceB);
    }
    expect({ searches, alone }).toEqual({ searches: 2, alone: 0 });

    const [settings] = rowsOf<{ held: { orderId: string }[] | string }>(
      await db().execute(sql`SELECT changes_held AS held FROM square_settings WHERE company_id = ${co.companyId}`),
    );
    const held =
      typeof settings.held === 'string' ? (JSON.parse(settings.held) as { orderId: string }[]) : settings.held;
    expect(held.map((h) => h.orderId).sort()).toEqual(['RACE-A', 'RACE-B']);
    const failed = await failures();
    expect(failed.map((f) => f.entity_type)).toEqual(['squareChanges']);
    expect(failed[0].last_error).toContain('Square order RACE-A');
    expect(failed[0].last_error).toContain('Square order RACE-B');
    expect(await invoicesOf(day)).toEqual([]);
  });
});
