// npm run bench inventory: quantities on hand at a million inventory transactions (issue 12,
// "Speed").
//   - builds a company with 5,000 products over 3 sites, each with a few lots, and ROWS
//     inventory rows posted through postStock (the only insert path), 1,000 rows per call, one
//     transaction per call: bottlings into stock in bond, moves to duty paid, sales out of it.
//   - then times, through Fastify + GraphQL (app.inject): stockOnHand of every product (all
//     buckets, 5,000 products x 3 sites x lots), of one site, and one product's onHand: p50/p95.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import type { DomainContext } from '../../src/server/domain/records/actor';
import { featuresOf } from '../../src/server/domain/company/companies';
import { postStock, MICRO, type StockPosting } from '../../src/server/domain/inventory/stock';
import { EVERYTHING, makeMember, startApi, type Backend } from '../api/harness';

const PRODUCTS = 5000;
const SITES = 3;
const LOTS = 2;
const PER_CALL = 1000;
const REQUESTS = 60;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};
const START = Date.UTC(2023, 0, 2);
const dayOf = (n: number) => new Date(START + n * 86_400_000).toISOString().slice(0, 10);

export interface InventoryBenchResult {
  backend: Backend;
  rows: number;
  lines: string[];
}

export async function runInventoryBench(
  backend: Backend,
  rows: number,
  log: (line: string) => void = () => undefined,
): Promise<InventoryBenchResult> {
  const api = await startApi(backend);
  try {
    const { db } = api.database;
    const member = await makeMember(api, EVERYTHING, `Inventory bench ${rows}`);
    const ctx: DomainContext = {
      db,
      actor: {
        userId: member.userId,
        companyId: member.companyId,
        permissions: EVERYTHING,
        features: await featuresOf(db, member.companyId),
      },
    };
    const cid = member.companyId;
    // records straight in: the bench measures the inventory ledger, not record creation
    const sites = rowsOf<{ id: string }>(
      await db.execute(sql`INSERT INTO sites (company_id, name) SELECT ${cid}, 'Site ' || n FROM generate_series(1, ${SITES}) n
        RETURNING id::text AS id`),
    ).map((r) => r.id);
    const products = rowsOf<{ id: string }>(
      await db.execute(sql`INSERT INTO products (company_id, name, strength, container_size)
        SELECT ${cid}, 'Product ' || lpad(n::text, 5, '0'), 40, 0.75 FROM generate_series(1, ${PRODUCTS}) n
        RETURNING id::text AS id`),
    ).map((r) => r.id);

    // cycles of three rows per bucket: 120 bottles in bond, 24 to duty paid (two rows), 12 sold
    const built = performance.now();
    const cycle = (i: number): StockPosting[] => {
      const product = products[i % PRODUCTS];
      const site = sites[Math.floor(i / PRODUCTS) % SITES];
      const lot = `L${Math.floor(i / (PRODUCTS * SITES)) % LOTS}`;
      const date = dayOf(Math.floor((i * 1000) / (rows / 4)) % 1000);
      const base = { date, kind: 'Product' as const, stockId: product, siteId: site, lot, description: 'bench' };
      return [
        { ...base, status: 'InBond', quantity: 120 * MICRO, laa: 36_000, value: 120_000, category: 'Produced' },
        { ...base, status: 'InBond', quantity: -24 * MICRO, category: 'MovedToDutyPaid' },
        { ...base, status: 'DutyPaid', quantity: 24 * MICRO, laa: 7_200, pairedWith: 1, category: 'MovedToDutyPaid' },
        { ...base, status: 'DutyPaid', quantity: -12 * MICRO, category: 'Sold' },
      ];
    };
    let posted = 0;
    let calls = 0;
    for (let i = 0; posted < rows;) {
      const batch: StockPosting[] = [];
      while (batch.length < PER_CALL && posted + batch.length < rows) {
        // pairedWith points inside the batch: shift it by the rows before
        const offset = batch.length;
        batch.push(
          ...cycle(i++).map((r) => (r.pairedWith === undefined ? r : { ...r, pairedWith: r.pairedWith + offset })),
        );
      }
      await db.transaction((tx) => postStock({ ...ctx, db: tx }, { refType: 'bench', refId: String(++calls) }, batch));
      posted += batch.length;
      if (calls % 100 === 0) log(`  ${backend}: ${posted} inventory rows`);
    }
    const buildSeconds = (performance.now() - built) / 1000;
    // building takes longer than a test token lives: a fresh one for the timed requests
    const token = await api.token(member.userId, { expiresIn: '1h' });

    const time = async (query: string, variables: Record<string, unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await api.gql(cid, query, variables, token);
        xs.push(performance.now() - start);
        if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
      }
      return stats(xs.slice(5));
    };
    const all = await time(`{ stockOnHand { stockId siteId lot status quantity laa value } }`, {});
    const site = await time(`query($s: ID) { stockOnHand(siteId: $s) { stockId lot status quantity } }`, {
      s: sites[1],
    });
    // a list page of 25 products with their quantities (the products list column)
    const page = await time(`query($ids: [ID!]) { stockOnHand(ids: $ids) { stockId siteId lot status quantity } }`, {
      ids: products.slice(2000, 2025),
    });
    // the whole catalogue's totals (a products list showing every product's quantity)
    const totals = await time(`{ stockTotals(kind: Product) { stockId quantity laa value } }`, {});
    const one = await time(
      `query($id: ID!) { product(id: $id) { onHand { quantity laa value buckets { siteName lot status quantity } } } }`,
      {
        id: products[42],
      },
    );
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`SELECT count(*)::int AS n FROM stock_balances WHERE company_id = ${cid}`),
    );
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    return {
      backend,
      rows,
      lines: [
        `inventory (${backend}): ${rows} rows posted in ${buildSeconds.toFixed(0)} s through postStock; ${n} stock buckets`,
        `  stockOnHand, every product, site, lot and status (${n} buckets): p50 ${ms(all.p50)}, p95 ${ms(all.p95)}`,
        `  stockTotals of all ${PRODUCTS} products (one total each): p50 ${ms(totals.p50)}, p95 ${ms(totals.p95)}`,
        `  stockOnHand of one site: p50 ${ms(site.p50)}, p95 ${ms(site.p95)}`,
        `  stockOnHand of a page of 25 products: p50 ${ms(page.p50)}, p95 ${ms(page.p95)}`,
        `  one product's onHand: p50 ${ms(one.p50)}, p95 ${ms(one.p95)}`,
      ],
    };
  } finally {
    await api.close();
  }
}
