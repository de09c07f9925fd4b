// The recipes a forecast cascades through (issue 17, recipes.ts), read from the database on
// PGlite and PostgreSQL. Rows are written as they are stored (the readers are plain SQL):
//   tank T1; blend B1 (formula "Old rye", 2026-01-10) then B2 (formula "New rye", 2026-03-01)
//   into T1; product P bottled from T1 on 2026-02-01 (after B1, before B2) and again on
//   2026-01-05 (older): P's formula is the last blend into T1 on or before its LAST bottling
//   (2026-02-01): "Old rye". Product Q was bottled from no tank: no formula.
//   Process "Rye run" (Hearts: Rye) with input Wash 600; its runs gave Hearts 40.000 + 1.000
//   (two Hearts lines, one run: 41.000) and 39.500; a Heads cut is not counted.
//   The runs' wash: D1 (2026-01-02 12:00) charged 700 L from fermenter F1 and 500 L from F2, D2
//   (2026-01-03) 1,000 L from F1, and 25 LAA of low wines from tank T1 (not wash). The last mash
//   into F1 before both runs was M1 "Rye mash" (2025-12-30), into F2 before D1 M2 "Corn mash"
//   (2026-01-02 08:00); M3 "Corn mash" into F1 on 2026-01-04 came after both. Wash an average run:
//   (1,200 + 1,000) / 2 = 1,100.000 L; by bill Rye mash 700 + 1,000 = 1,700 L against Corn mash
//   500 L: Rye mash (1,000 L: Rye grain 250). Spirit in tanks: rye 25.500 in T1 and 4.500 in T2 =
//   30.000 LAA; the 100 LAA of rye ageing in a cask is not counted.
//   Another company's rows are never read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, makeMember, startApi, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { recipeFacts } from '../../src/server/domain/planning/recipes';
import type { DomainContext } from '../../src/server/domain/records/actor';

describe.each(backends)('forecast recipes on %s', (backend) => {
  let api: TestApi;
  let ctx: DomainContext;
  const ids: Record<string, string> = {};

  async function insert(table: string, values: Record<string, unknown>, company: string): Promise<string> {
    const cols = ['company_id', ...Object.keys(values)];
    const vals = [company, ...Object.values(values)];
    const r = await api.database.db.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${sql.join(
        cols.map((c) => sql.identifier(c)),
        sql`, `,
      )}) VALUES (${sql.join(
        vals.map((v) => sql`${v}`),
        sql`, `,
      )}) RETURNING ${sql.raw(/_(inputs|outputs)$/.test(table) ? 'parent_id' : 'id')}::text AS id`,
    );
    return rowsOf<{ id: string }>(r)[0].id;
  }

  beforeAll(async () => {
    api = await startApi(backend);
    const co = await makeMember(api, ['production.write']);
    const other = await makeMember(api, ['production.write']);
    ctx = { db: api.database.db, actor: { userId: co.userId, companyId: co.companyId, permissions: [], features: {} } };
    for (const [company, prefix] of [
      [co.companyId, ''],
      [other.companyId, 'x'],
    ] as const) {
      const c = company;
      ids[`${prefix}rye`] = await insert('spirits', { name: 'Rye', class: 'Whisky' }, c);
      ids[`${prefix}wash`] = await insert('items', { name: 'Wash' }, c);
      ids[`${prefix}t1`] = await insert('tanks', { name: 'T1', capacity: '1000' }, c);
      ids[`${prefix}old`] = await insert('formulas', { name: 'Old rye', scale_base: '100' }, c);
      ids[`${prefix}new`] = await insert('formulas', { name: 'New rye' }, c);
      for (const f of ['old', 'new'])
        await insert(
          'formulas_inputs',
          {
            parent_id: ids[`${prefix}${f}`],
            position: 0,
            type: 'Spirit',
            spirit_id: ids[`${prefix}rye`],
            quantity: '52.5',
            strength: '76.2',
          },
          c,
        );
      await insert(
        'blends',
        { lot: 'B1', date: '2026-01-10T12:00:00Z', formula_id: ids[`${prefix}old`], tank_id: ids[`${prefix}t1`] },
        c,
      );
      await insert(
        'blends',
        { lot: 'B2', date: '2026-03-01T12:00:00Z', formula_id: ids[`${prefix}new`], tank_id: ids[`${prefix}t1`] },
        c,
      );
      ids[`${prefix}p`] = await insert('products', { name: 'P' }, c);
      ids[`${prefix}q`] = await insert('products', { name: 'Q' }, c);
      await insert(
        'bottlings',
        { lot: 'L1', date: '2026-02-01T12:00:00Z', product_id: ids[`${prefix}p`], tank_id: ids[`${prefix}t1`] },
        c,
      );
      await insert(
        'bottlings',
        { lot: 'L0', date: '2026-01-05T12:00:00Z', product_id: ids[`${prefix}p`], tank_id: ids[`${prefix}t1`] },
        c,
      );
      await insert('bottlings', { lot: 'L2', date: '2026-02-01T12:00:00Z', product_id: ids[`${prefix}q`] }, c);
      ids[`${prefix}run`] = await insert('processes', { name: 'Rye run' }, c);
      await insert(
        'processes_outputs',
        { parent_id: ids[`${prefix}run`], position: 0, cut: 'Hearts', spirit_id: ids[`${prefix}rye`] },
        c,
      );
      await insert(
        'processes_inputs',
        { parent_id: ids[`${prefix}run`], position: 0, item_id: ids[`${prefix}wash`], quantity: '600' },
        c,
      );
      const d1 = await insert(
        'distillations',
        { lot: 'D1', date: '2026-01-02T12:00:00Z', process_id: ids[`${prefix}run`] },
        c,
      );
      const d2 = await insert(
        'distillations',
        { lot: 'D2', date: '2026-01-03T12:00:00Z', process_id: ids[`${prefix}run`] },
        c,
      );
      const cut = (parent: string, position: number, name: string, quantity: string) =>
        insert(
          'distillations_outputs',
          { parent_id: parent, position, cut: name, spirit_id: ids[`${prefix}rye`], quantity },
          c,
        );
      await cut(d1, 0, 'Hearts', '40.000');
      await cut(d1, 1, 'Hearts', '1.000');
      await cut(d1, 2, 'Heads', '5.000');
      await cut(d2, 0, 'Hearts', '39.500');

      const grain = await insert('items', { name: 'Rye grain' }, c);
      ids[`${prefix}ryeMash`] = await insert('mash_bills', { name: 'Rye mash', volume: '1000' }, c);
      ids[`${prefix}cornMash`] = await insert('mash_bills', { name: 'Corn mash', volume: '500' }, c);
      await insert(
        'mash_bills_items',
        { parent_id: ids[`${prefix}ryeMash`], position: 0, item_id: grain, quantity: '250' },
        c,
      );
      const f1 = await insert('fermenters', { name: 'F1', capacity: '2000' }, c);
      const f2 = await insert('fermenters', { name: 'F2', capacity: '2000' }, c);
      const mash = async (lot: string, date: string, bill: string, fermenter: string) => {
        const id = await insert('mashes', { lot, date, mash_bill_id: ids[`${prefix}${bill}`] }, c);
        await insert('mashes_fermenters', { parent_id: id, position: 0, fermenter_id: fermenter, volume: '1000' }, c);
      };
      await mash('M1', '2025-12-30T12:00:00Z', 'ryeMash', f1);
      await mash('M2', '2026-01-02T08:00:00Z', 'cornMash', f2);
      await mash('M3', '2026-01-04T12:00:00Z', 'cornMash', f1);
      const charge = (parent: string, position: number, vessel: Record<string, string>, quantity: string) =>
        insert('distillations_inputs', { parent_id: parent, position, type: 'NonExcise', ...vessel, quantity }, c);
      await charge(d1, 0, { fermenter_id: f1 }, '700');
      await charge(d1, 1, { fermenter_id: f2 }, '500');
      await charge(d2, 0, { fermenter_id: f1 }, '1000');
      await charge(d2, 1, { tank_id: ids[`${prefix}t1`] }, '25');
      const t2 = await insert('tanks', { name: 'T2', capacity: '1000' }, c);
      const cask = await insert('casks', { number: 'C1', size: '200' }, c);
      for (const [vessel, type, laa] of [
        [ids[`${prefix}t1`], 'Tank', '25.500'],
        [t2, 'Tank', '4.500'],
        [cask, 'Cask', '100.000'],
      ])
        await api.database.db.execute(sql`INSERT INTO vessel_contents (company_id, vessel_id, vessel_type,
            alcohol_type, alcohol_id, laa) VALUES (${c}, ${vessel}, ${type}, 'Spirit', ${ids[`${prefix}rye`]}, ${laa})`);
    }
  });
  afterAll(() => api?.close());

  it("finds each product's formula from its last bottling's tank", async () => {
    const facts = await recipeFacts(ctx);
    expect(facts.formulaOf).toEqual({ [ids.p]: ids.old });
  });

  it('reads the formulas blended, with their lines', async () => {
    const facts = await recipeFacts(ctx);
    const names = facts.formulas.map((f) => f.name).sort();
    expect(names).toEqual(['New rye', 'Old rye']);
    const old = facts.formulas.find((f) => f.formulaId === ids.old);
    expect(Number(old?.scaleBase)).toBe(100);
    expect(old?.lines).toHaveLength(1);
    expect(old?.lines[0]).toMatchObject({ type: 'Spirit', spiritId: ids.rye, spiritName: 'Rye' });
    expect(Number(old?.lines[0].quantity)).toBe(52.5);
  });

  it('reads the process making the spirit, its inputs and the Hearts of each run', async () => {
    const facts = await recipeFacts(ctx);
    expect(facts.processes).toHaveLength(1);
    const [run] = facts.processes;
    expect(run).toMatchObject({ processId: ids.run, name: 'Rye run', spiritId: ids.rye });
    expect(run.inputs.map((i) => [i.itemName, Number(i.quantity)])).toEqual([['Wash', 600]]);
    expect(run.pastRunsLaa.map(Number).sort((a, b) => a - b)).toEqual([39.5, 41]);
  });

  it('reads the wash of the runs, the mash bill behind it and its items', async () => {
    const facts = await recipeFacts(ctx);
    const [run] = facts.processes;
    expect(run.washPerRun).toBe('1100.000');
    expect(run.mashBillId).toBe(ids.ryeMash);
    expect(facts.mashBills).toHaveLength(1);
    const [bill] = facts.mashBills;
    expect(bill).toMatchObject({ mashBillId: ids.ryeMash, name: 'Rye mash', scalable: true });
    expect(Number(bill.volume)).toBe(1000);
    expect(bill.items.map((i) => [i.itemName, Number(i.quantity)])).toEqual([['Rye grain', 250]]);
  });

  it('reads the spirit in tanks, not in casks', async () => {
    const facts = await recipeFacts(ctx);
    expect(Object.keys(facts.spiritInTanks)).toEqual([ids.rye]);
    expect(Number(facts.spiritInTanks[ids.rye])).toBe(30);
  });
});
