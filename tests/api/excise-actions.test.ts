// Every vessel action of spec 2.3 through the API, with figures worked by hand:
// LAA = litres x ABV / 100; a part of a vessel takes its share of the vessel's LAA.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

const rows = (r: { data?: { transactions: Record<string, unknown>[] } }) =>
  r.data!.transactions.map((t) => [t.excise, t.volume, t.laa]);

describe.each(backends)('vessel actions on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let t1: string;
  const initial = (vesselId: string, volume: number, strength: number, extra: Record<string, unknown> = {}) =>
    co.act('exciseInitial', {
      vesselId,
      date: '2026-02-01',
      alcoholType: 'Spirit',
      alcoholId: co.rye,
      lot: 'R-1',
      volume,
      strength,
      ...extra,
    });

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    await api.database.db.execute(sql`UPDATE companies SET allow_wine = true WHERE id = ${co.companyId}`);
    t1 = await co.tank('T1');
    expect((await initial(t1, 500, 40)).errors).toBeUndefined();
  });
  afterAll(() => api.close());

  it('adjusts to a gauged volume and strength: 498 L at 40.1 % is 199.698 LAA', async () => {
    const r = await co.act('exciseAdjustInventory', { vesselId: t1, date: '2026-02-02', volume: 498, strength: 40.1 });
    expect(r.errors).toBeUndefined();
    expect(rows(r)).toEqual([['SpiritsAdjustment', -2, -0.302]]);
    expect(await co.contents('tank', t1)).toMatchObject({ volume: 498, laa: 199.698, strength: 40.1 });
  });

  it('reassigns the lot: out of R-1, into R-2, nothing else changes', async () => {
    const r = await co.act('exciseReassignLot', { vesselId: t1, date: '2026-02-03', lot: 'R-2' });
    expect(r.errors).toBeUndefined();
    expect(rows(r)).toEqual([
      ['SpiritsTransfer', -498, -199.698],
      ['SpiritsTransfer', 498, 199.698],
    ]);
    expect(await co.contents('tank', t1)).toMatchObject({ lot: 'R-2', volume: 498, laa: 199.698 });
  });

  it('delivers in bond to a spirits licensee: 100 L at 40.1 % is 40.1 LAA', async () => {
    const r = await co.act('exciseTransferToSpiritsLicense', {
      vesselId: t1,
      date: '2026-02-04',
      volume: 100,
      licensee: 'Acme Distillers (SL-77)',
    });
    expect(r.errors).toBeUndefined();
    expect(rows(r)).toEqual([['SpiritsReductionDeliveredToSpiritsLicensee', -100, -40.1]]);
    expect(r.data!.transactions[0].description).toBe('Delivered in bond to Acme Distillers (SL-77)');
  });

  it('denatures 50 L (20.05 LAA) and delivers the rest to a licensed user', async () => {
    const d = await co.act('exciseDenature', { vesselId: t1, date: '2026-02-05', volume: 50 });
    expect(rows(d)).toEqual([['SpiritsReductionDenatured', -50, -20.05]]);
    const u = await co.act('exciseTransferToUserLicense', {
      vesselId: t1,
      date: '2026-02-06',
      emptyVessel: true,
      licensee: 'Lab Supplies Inc. (UL-3)',
    });
    // 498 - 100 - 50 = 348 L; 199.698 - 40.1 - 20.05 = 139.548 LAA
    expect(rows(u)).toEqual([['SpiritsReductionDeliveredToLicensedUser', -348, -139.548]]);
    expect(await co.contents('tank', t1)).toBeNull();
  });

  it('moves a tank to another site: out at one, in at the other, the tank names the new site', async () => {
    const other = await co.create('site', { name: 'Warehouse' });
    const t2 = await co.tank('T2');
    await initial(t2, 100, 50);
    const r = await co.act('exciseTransferSite', { vesselId: t2, toSiteId: other, date: '2026-02-07' });
    expect(r.errors).toBeUndefined();
    expect(rows(r)).toEqual([
      ['SpiritsReductionTransferredToOwnSite', -100, -50],
      ['SpiritsAdditionReceivedFromOwnSite', 100, 50],
    ]);
    const tank = await co.call<{ tank: { site: { id: string } } }>(
      `query($id: ID!) { tank(id: $id) { site { id } } }`,
      { id: t2 },
    );
    expect(tank.data!.tank.site.id).toBe(other);
    const sites = await co.call<{ tank: { transactions2: { edges: { node: { siteName: string } }[] } } }>(
      `query($id: ID!) { tank(id: $id) { transactions2(reverse: true) { edges { node { siteName } } } } }`,
      { id: t2 },
    );
    expect(sites.data!.tank.transactions2.edges.map((e) => e.node.siteName)).toEqual(['Main', 'Main', 'Warehouse']);
  });

  it('fortifies wine: 50 L of 80 % spirit (40 LAA) into 1000 L of 12 % wine gives 1050 L at 15.24 %', async () => {
    const wine = await co.create('wine', { name: 'Vidal base' });
    const bc = await co.create('bulkContainer', { name: 'IBC 1', capacity: 1200, site: co.site });
    const t3 = await co.tank('T3');
    expect(
      (
        await co.act('exciseInitial', {
          vesselId: bc,
          date: '2026-02-08',
          alcoholType: 'Wine',
          alcoholId: wine,
          volume: 1000,
          strength: 12,
        })
      ).errors,
    ).toBeUndefined();
    await initial(t3, 100, 80);
    const r = await co.act('exciseFortifyWine', { vesselId: t3, toVesselId: bc, date: '2026-02-09', volume: 50 });
    expect(r.errors).toBeUndefined();
    expect(rows(r)).toEqual([
      ['SpiritsReductionUsedToFortifyWine', -50, -40],
      ['WineAdditionFortified', 50, 40],
    ]);
    expect(await co.contents('bulkContainer', bc)).toMatchObject({ volume: 1050, laa: 160, strength: 15.24 });
    // wine is counted in litres; 100 L of it carries 100 / 1050 x 160 = 15.238 LAA
    const w = await co.act('exciseTransferToWineLicense', {
      vesselId: bc,
      date: '2026-02-10',
      volume: 100,
      licensee: 'Estate Winery (WL-2)',
    });
    expect(w.data!.transactions).toMatchObject([
      { excise: 'WineReductionDeliveredToWineLicensee', volume: -100, laa: -15.238, litres: -100 },
    ]);
    // the rest of the spirit goes to an empty bulk container
    const bc2 = await co.create('bulkContainer', { name: 'IBC 2', capacity: 1000, site: co.site });
    const t = await co.act('exciseTransferToBulkContainer', {
      vesselId: t3,
      toVesselId: bc2,
      date: '2026-02-11',
      emptyVessel: true,
    });
    expect(rows(t)).toEqual([
      ['SpiritsTransfer', -50, -40],
      ['SpiritsTransfer', 50, 40],
    ]);
    const refused = await co.act('tankProof', { vesselId: bc2, date: '2026-02-12', strength: 40 });
    expect(refused.errors?.[0].extensions.info.fields).toEqual({ vesselId: 'Choose a tank' });
  });

  it('sets a cask age and refuses proofing wine', async () => {
    const tank = await co.tank('T4');
    const cask = await co.cask('C-9');
    await initial(tank, 300, 62.5);
    const fill = await co.act('tankFillCask', { vesselId: tank, toVesselId: cask, date: '2026-03-01', volume: 200 });
    expect(rows(fill)).toEqual([
      ['SpiritsTransfer', -200, -125],
      ['SpiritsTransfer', 200, 125],
    ]);
    const age = await co.act('caskSetAge', { vesselId: cask, date: '2026-03-02', ageDate: '2024-11-15' });
    expect(age.errors).toBeUndefined();
    expect(await co.contents('cask', cask)).toMatchObject({ volume: 200, laa: 125, ageDate: '2024-11-15' });
    const late = await co.act('caskSetAge', { vesselId: cask, date: '2026-03-02', ageDate: '2026-04-01' });
    expect(late.errors?.[0].extensions.info.fields).toEqual({ ageDate: 'Must not be after the transaction date' });
  });

  it('runs fermenter actions on wash (non-excise, counted in litres)', async () => {
    const wash = await co.create('nonExcise', { name: 'Rye wash', kind: 'Wash' });
    const f1 = await co.create('fermenter', { name: 'F1', capacity: 3000, site: co.site });
    const f2 = await co.create('fermenter', { name: 'F2', capacity: 3000, site: co.site });
    await co.act('exciseInitial', {
      vesselId: f1,
      date: '2026-03-05',
      alcoholType: 'NonExcise',
      alcoholId: wash,
      volume: 2000,
      strength: 8,
    });
    const t = await co.act('fermenterTransferToFermenter', {
      vesselId: f1,
      toVesselId: f2,
      date: '2026-03-06',
      volume: 1000,
    });
    expect(t.data!.transactions).toMatchObject([
      { excise: 'NonExciseTransfer', volume: -1000, laa: -80, litres: -1000 },
      { excise: 'NonExciseTransfer', volume: 1000, laa: 80, litres: 1000 },
    ]);
    const r = await co.act('fermenterReduceInventory', {
      vesselId: f2,
      date: '2026-03-07',
      volume: 100,
      excise: 'NonExciseReduction',
    });
    expect(rows(r)).toEqual([['NonExciseReduction', -100, -8]]);
    const wrongCategory = await co.act('fermenterReduceInventory', {
      vesselId: f2,
      date: '2026-03-07',
      volume: 100,
      excise: 'SpiritsReductionDestroyed',
    });
    expect(wrongCategory.errors?.[0].extensions.info.fields).toEqual({
      excise: 'Choose a reduction category for non-excise alcohol',
    });
    const wrongTarget = await co.act('fermenterTransferToFermenter', {
      vesselId: f2,
      toVesselId: t1,
      date: '2026-03-07',
      volume: 1,
    });
    expect(wrongTarget.errors?.[0].extensions.info.fields).toEqual({ toVesselId: 'Choose a fermenter' });
  });

  it('will not undo an opening that was proofed since: only the water would stay', async () => {
    const tank = await co.tank('T5');
    const opening = await initial(tank, 100, 50);
    const proof = await co.act('tankProof', { vesselId: tank, date: '2026-03-10', strength: 40 });
    expect(rows(proof)).toEqual([['SpiritsTransfer', 25, 0]]);
    const r = await co.call(`mutation($r: ID!) { exciseTransactionDelete(refId: $r) { refId } }`, {
      r: opening.data!.refId,
    });
    expect(r.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(r.errors?.[0].message).toBe(
      'This cannot be undone: Tank T5 would keep 25.000 L with no alcohol (water added since): reverse the later transactions first',
    );
    expect(await co.contents('tank', tank)).toMatchObject({ volume: 125, laa: 50, strength: 40 });
  });

  it("refuses an angels' share that holds more alcohol than liquid", async () => {
    const tank = await co.tank('T6');
    const cask = await co.cask('C-10');
    await initial(tank, 200, 60);
    await co.act('tankFillCask', { vesselId: tank, toVesselId: cask, date: '2026-03-11', emptyVessel: true });
    // 200 L at 60 % hold 120 LAA; 199.99 L at 59.5 % hold 118.994 LAA: 0.010 L lost with 1.006 LAA
    const r = await co.act('caskEmpty', {
      vesselId: cask,
      toVesselId: tank,
      date: '2026-09-01',
      volume: 199.99,
      strength: 59.5,
    });
    expect(r.errors?.[0].extensions.info.fields).toEqual({
      volume:
        '199.990 L at 59.50 % leaves 0.010 L lost holding 1.006 LAA, more alcohol than liquid: check the volume and strength measured',
    });
  });
});
