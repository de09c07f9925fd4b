// npm run bench production: posting production records on a company whose excise ledger
// already holds a million rows (issue 11, "Speed").
//   - builds the ledger with tests/bench/excise.ts buildLedger (500 tanks, ROWS rows through
//     post()), then gives the company a still, 5 malt items and 8 packaging items in stock, a
//     fermenter of wash, a tank of new make and a product.
//   - times, through Fastify + GraphQL (app.inject), as the screens save them:
//       a distillation with 5 inputs (a fermenter of wash and 4 items) and 3 outputs (cuts into
//       3 tanks), then its delete (the reversal), REQUESTS times;
//       a bottling with 8 bill-of-materials lines out of the tank, REQUESTS times.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { entityByName } from '../../src/generated/entities';
import { createRecord } from '../../src/server/domain/records/write';
import { postStock, MICRO } from '../../src/server/domain/inventory/stock';
import { runAction } from '../../src/server/domain/excise/run';
import { startApi, type Backend } from '../api/harness';
import { buildLedger } from './excise';

const REQUESTS = 60;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function runProductionBench(
  backend: Backend,
  rows: number,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  const api = await startApi(backend);
  try {
    const { ctx, member, posted, buildSeconds } = await buildLedger(api, rows, { log });
    const create = async (entity: string, input: Record<string, unknown>) =>
      (await createRecord(ctx, entityByName[entity], input)).id;
    const [site] = rowsOf<{ id: string }>(
      await api.database.db.execute(
        sql`SELECT id::text AS id FROM sites WHERE company_id = ${member.companyId} ORDER BY id LIMIT 1`,
      ),
    );
    const still = await create('still', { name: 'Pot still', type: 'Pot', site: site.id });
    const wash = await create('nonExcise', { name: 'Bench wash', kind: 'Wash' });
    const spirit = await create('spirit', { name: 'Bench new make', class: 'Whisky', exciseCategory: 'Spirits' });
    const fermenter = await create('fermenter', { name: 'Bench fermenter', capacity: 10_000_000, site: site.id });
    const source = await create('tank', { name: 'Bench bottling tank', capacity: 10_000_000, site: site.id });
    const cuts = [
      await create('tank', { name: 'Bench heads', capacity: 10_000_000, site: site.id }),
      await create('tank', { name: 'Bench hearts', capacity: 10_000_000, site: site.id }),
      await create('tank', { name: 'Bench tails', capacity: 10_000_000, site: site.id }),
    ];
    const malts: string[] = [];
    for (let i = 0; i < 4; i++)
      malts.push(await create('item', { name: `Malt ${i}`, type: 'Inventory', trackUnits: 'kg' }));
    const packaging: string[] = [];
    for (let i = 0; i < 8; i++)
      packaging.push(await create('item', { name: `Packaging ${i}`, type: 'Inventory', trackUnits: 'each' }));
    const product = await create('product', {
      name: 'Bench rye 750 mL',
      strength: 40,
      containerSize: 0.75,
      caseSize: 12,
    });
    await api.database.db.transaction((tx) =>
      postStock({ ...ctx, db: tx }, { refType: 'bench', refId: '1' }, [
        ...[...malts, ...packaging].map((stockId) => ({
          date: '2023-01-01',
          kind: 'Item' as const,
          stockId,
          siteId: site.id,
          lot: null,
          status: null,
          quantity: 10_000_000 * MICRO,
          value: 100_000_00,
          category: 'Received' as const,
          description: 'Bench stock',
        })),
      ]),
    );
    await runAction(ctx, 'Initial', {
      vesselId: fermenter,
      date: '2023-01-01',
      alcoholType: 'NonExcise',
      alcoholId: wash,
      volume: 5_000_000,
      strength: 8,
    });
    await runAction(ctx, 'Initial', {
      vesselId: source,
      date: '2023-01-01',
      alcoholType: 'Spirit',
      alcoholId: spirit,
      volume: 5_000_000,
      strength: 40,
    });

    // building the ledger takes longer than a test token lives: a fresh one for the timed requests
    const token = await api.token(member.userId, { expiresIn: '1h' });
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const start = performance.now();
      const res = await api.gql(member.companyId, query, variables, token);
      const took = performance.now() - start;
      if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
      return { took, data: res.body.data as Record<string, { id: string } | { error: string | null }[]> };
    };
    const distil: number[] = [];
    const undo: number[] = [];
    const bottle: number[] = [];
    for (let i = 0; i < REQUESTS + 5; i++) {
      const { took, data } = await gql(
        `mutation($input: DistillationInput!) { distillationCreate(input: $input) { id } }`,
        {
          input: {
            lot: `BD-${i}`,
            date: '2026-06-01T14:00:00.000Z',
            site: site.id,
            still,
            inputs: [
              { type: 'NonExcise', nonExcise: wash, fermenter, quantity: 1000 },
              ...malts.map((item) => ({ type: 'Item', item, quantity: 25 })),
            ],
            outputs: [
              { cut: 'Heads', spirit, tank: cuts[0], quantity: 2, strength: 75 },
              { cut: 'Hearts', spirit, tank: cuts[1], quantity: 50, strength: 70 },
              { cut: 'Tails', spirit, tank: cuts[2], quantity: 10, strength: 45 },
            ],
          },
        },
      );
      const id = (data.distillationCreate as { id: string }).id;
      // the cut tanks hold one lot at a time: the record is deleted (reversed) before the next
      const removed = await gql(`mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`, { ids: [id] });
      const [outcome] = removed.data.objectsDelete as { error: string | null }[];
      if (outcome.error) throw new Error(outcome.error);
      if (i >= 5) {
        distil.push(took);
        undo.push(removed.took);
      }
      const bottled = await gql(`mutation($input: BottlingInput!) { bottlingCreate(input: $input) { id } }`, {
        input: {
          lot: `BB-${i}`,
          date: '2026-06-02T14:00:00.000Z',
          site: site.id,
          product,
          tank: source,
          strength: 40,
          bottles: 120,
          caseSize: 12,
          dutyPaid: i % 2 === 0,
          reduceInventory: true,
          bom: packaging.map((item) => ({ item, quantity: 120 })),
        },
      });
      if (i >= 5) bottle.push(bottled.took);
    }
    const d = stats(distil);
    const u = stats(undo);
    const b = stats(bottle);
    return [
      `production on ${backend}, ledger of ${posted} rows (built in ${buildSeconds.toFixed(0)} s):`,
      `  distillation, 5 inputs and 3 outputs, saved: p50 ${ms(d.p50)}, p95 ${ms(d.p95)} (${distil.length} requests)`,
      `  the same distillation deleted (reversed): p50 ${ms(u.p50)}, p95 ${ms(u.p95)}`,
      `  bottling with 8 bill-of-materials lines, saved: p50 ${ms(b.p50)}, p95 ${ms(b.p95)} (${bottle.length} requests)`,
    ];
  } finally {
    await api.close();
  }
}
