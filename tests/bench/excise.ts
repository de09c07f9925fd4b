// npm run bench excise: the excise ledger at a million rows (issue 9, "Speed").
//   - builds a company with 500 tanks and ROWS ledger rows through the posting module: post()
//     with 1000 postings per call, one transaction per call, the vessels locked by lockVessels
//     (the posting module stays the only insert path). Tanks work in pairs: a spirit run into
//     the first, a transfer to the second, a bottling out of it; four rows a cycle, dated over
//     three years. Pair 0 (the busy spirit receiver) gets a tenth of all rows.
//   - then times, through Fastify + GraphQL (app.inject): a vessel's transactions page (25 rows,
//     running balances, totals) newest first and a deep page, p50/p95; vesselContents of all 500
//     tanks, p50/p95; and 1,000 transfers posted one by one through runAction (transfers/s).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/connect';
import { entityByName } from '../../src/generated/entities';
import { createRecord } from '../../src/server/domain/records/write';
import type { DomainContext } from '../../src/server/domain/records/actor';
import { featuresOf } from '../../src/server/domain/company/companies';
import { post, type Posting } from '../../src/server/domain/excise/ledger';
import { lockVessels, type Vessel } from '../../src/server/domain/excise/vessels';
import { runAction } from '../../src/server/domain/excise/run';
import { laaOf, shareOf } from '../../src/server/domain/excise/quantities';
import { EVERYTHING, makeMember, startApi, type Backend, type TestApi } from '../api/harness';

const VESSELS = 500;
const PAIRS = VESSELS / 2;
const PER_CALL = 1000;
const CYCLE_ROWS = 4;
const DAYS = 3 * 365;
const REQUESTS = 200;
const TRANSFERS = 1000;
/** the busy pair's share of all rows */
const HOT_SHARE = 0.1;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Small seeded PRNG (mulberry32): every run asks for the same pages. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.UTC(2023, 0, 2);
const dayOf = (n: number) => new Date(START + n * 86_400_000).toISOString().slice(0, 10);

export interface ExciseBenchResult {
  backend: Backend;
  rows: number;
  buildSeconds: number;
  lines: string[];
  /** the figures, for the README table */
  figures: Record<string, { p50?: number; p95?: number; value?: number }>;
}

/** How many cycles each pair runs: pair 0 HOT_SHARE of them, the rest spread evenly. */
function cyclesPerPair(rows: number, hotShare: number): number[] {
  const total = Math.floor(rows / CYCLE_ROWS);
  const hot = Math.floor(total * hotShare);
  const rest = total - hot;
  const each = Math.floor(rest / (PAIRS - 1));
  const extra = rest - each * (PAIRS - 1);
  return Array.from({ length: PAIRS }, (_, p) => (p === 0 ? hot : each + (p <= extra ? 1 : 0)));
}

/** A company with 500 tanks and `rows` ledger rows posted through post(), 1000 per call. */
export async function buildLedger(
  api: TestApi,
  rows: number,
  options: { hotShare?: number; log?: (line: string) => void } = {},
) {
  const { db } = api.database;
  const member = await makeMember(api, [...EVERYTHING, 'audit'], `Excise bench ${rows}`);
  const ctx: DomainContext = {
    db,
    actor: {
      userId: member.userId,
      companyId: member.companyId,
      permissions: [...EVERYTHING, 'audit'],
      features: await featuresOf(db, member.companyId),
    },
  };
  // the company: a site, ten spirits, 500 tanks (records through the generic create path)
  const site = (await createRecord(ctx, entityByName.site, { name: 'Main', spiritsLicense: 'SL-001' })).id;
  const spirits: string[] = [];
  for (let i = 0; i < 10; i++)
    spirits.push(
      (
        await createRecord(ctx, entityByName.spirit, {
          name: `Spirit ${i}`,
          class: 'Whisky',
          exciseCategory: 'Spirits',
        })
      ).id,
    );
  const tanks: string[] = [];
  await db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    for (let i = 0; i < VESSELS; i++)
      tanks.push(
        (
          await createRecord(inTx, entityByName.tank, {
            name: `Tank ${String(i + 1).padStart(3, '0')}`,
            capacity: 100_000,
            site,
          })
        ).id,
      );
  });

  // the ledger: per pair, cycles of [run into A, A -> B, bottled out of B]
  const cycles = cyclesPerPair(rows, options.hotShare ?? HOT_SHARE);
  const built = performance.now();
  let posted = 0;
  let calls = 0;
  const perCall = PER_CALL / CYCLE_ROWS;
  for (let p = 0; p < PAIRS; p++) {
    const [aId, bId] = [tanks[2 * p], tanks[2 * p + 1]];
    const strength = 4000 + ((p * 37) % 4000); // 40.00 to 79.99 % ABV, in hundredths
    const alcoholId = spirits[p % spirits.length];
    const lot = `L-${String(p).padStart(3, '0')}`;
    for (let first = 0; first < cycles[p]; first += perCall) {
      const last = Math.min(cycles[p], first + perCall);
      await db.transaction(async (tx) => {
        const inTx: DomainContext = { ...ctx, db: tx };
        const locked = await lockVessels(tx, ctx.actor, [
          { id: aId, field: 'vesselId' },
          { id: bId, field: 'toVesselId' },
        ]);
        const a = locked.get(aId)!;
        const b = locked.get(bId)!;
        // post() changes the locked vessels as it applies each row; we plan on a copy
        const state = { a: { volume: a.volume, laa: a.laa }, b: { volume: b.volume, laa: b.laa } };
        const postings: Posting[] = [];
        const row = (
          vessel: Vessel,
          date: string,
          excise: Posting['excise'],
          volume: number,
          laa: number,
          description: string,
        ): Posting => ({
          date,
          excise,
          alcoholType: 'Spirit',
          alcoholId,
          alcoholName: `Spirit ${p % spirits.length}`,
          lot,
          vessel,
          volume,
          laa,
          kg: 0,
          value: 0,
          strength,
          description,
        });
        for (let c = first; c < last; c++) {
          const date = dayOf(Math.floor((c * DAYS) / cycles[p]));
          // A keeps 1000 L between cycles: the first run brings it, each run adds 300 L
          const run = c === 0 ? 1_300_000 : 300_000;
          const runLaa = laaOf(run, strength);
          postings.push(row(a, date, 'SpiritsAdditionProduced', run, runLaa, 'Spirit run'));
          state.a.volume += run;
          state.a.laa += runLaa;
          const moved = 300_000;
          const movedLaa = shareOf(state.a.laa, moved, state.a.volume);
          postings.push(row(a, date, 'SpiritsTransfer', -moved, -movedLaa, 'To the bottling tank'));
          postings.push(row(b, date, 'SpiritsTransfer', moved, movedLaa, 'From the receiver'));
          state.a.volume -= moved;
          state.a.laa -= movedLaa;
          state.b.volume += moved;
          state.b.laa += movedLaa;
          postings.push(
            row(b, date, 'SpiritsReductionPackagedToOwnWarehouse', -state.b.volume, -state.b.laa, 'Bottled'),
          );
          state.b.volume = 0;
          state.b.laa = 0;
        }
        const [{ id: refId }] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT nextval('object_ids')::text AS id`));
        await post(inTx, { refType: 'Bench', refId }, postings);
        posted += postings.length;
      });
      calls++;
      if (calls % 100 === 0)
        options.log?.(
          `  ${api.database.dialect}: ${posted} rows posted in ${((performance.now() - built) / 1000).toFixed(0)} s`,
        );
    }
  }
  const buildSeconds = (performance.now() - built) / 1000;
  await db.execute(sql`ANALYZE`);
  return { ctx, member, tanks, posted, calls, buildSeconds };
}

export async function runExciseBench(
  backend: Backend,
  rows: number,
  log: (line: string) => void = () => {},
): Promise<ExciseBenchResult> {
  const api = await startApi(backend);
  try {
    const { db } = api.database;
    const { ctx, member, tanks, posted, calls, buildSeconds } = await buildLedger(api, rows, { log });
    const lines: string[] = [];
    const figures: ExciseBenchResult['figures'] = {};
    lines.push(
      `excise on ${backend}: ${posted} ledger rows over ${VESSELS} tanks built with post() in ${calls} calls of <= ${PER_CALL} rows: ${buildSeconds.toFixed(0)} s (${Math.round(posted / buildSeconds)} rows/s)`,
    );

    // pages through GraphQL, as the transactions list asks for them
    const PAGE = `query($id: ID!, $after: String) { tank(id: $id) { transactions2(first: 25, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { id date refType excise description volume laa strength volumeBalance laaBalance kgBalance vesselName alcoholName userName } }
      totals { totalVolume totalLitres totalLaa totalKg totalCount } } } }`;
    const ask = async (query: string, variables: Record<string, unknown>) => {
      const start = performance.now();
      const res = await api.gql(member.companyId, query, variables, member.token);
      const took = performance.now() - start;
      if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
      return { took, data: res.body.data as any };
    };
    const next = random(9);
    /** a cursor `depth` (0..1) into a vessel's list, newest first (the list's keyset: date, id), a full page before its end */
    const cursorAt = async (vesselId: string, depth: number) => {
      const [{ n }] = rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM excise_transactions WHERE company_id = ${member.companyId} AND vessel_id = ${vesselId}`,
        ),
      );
      const [row] = rowsOf<{ date: string; id: string }>(
        await db.execute(sql`SELECT to_char(date, 'YYYY-MM-DD') AS date, id::text AS id FROM excise_transactions
          WHERE company_id = ${member.companyId} AND vessel_id = ${vesselId}
          ORDER BY date DESC, id DESC OFFSET ${Math.max(0, Math.floor((n - 26) * depth))} LIMIT 1`),
      );
      return { rows: n, cursor: Buffer.from(JSON.stringify([row.date, row.id])).toString('base64url') };
    };
    const pageBench = async (label: string, pick: () => string, deep: boolean) => {
      const times: number[] = [];
      let sizes = 0;
      const targets = Array.from({ length: REQUESTS + 10 }, pick);
      const cursors = deep ? await Promise.all(targets.map((id) => cursorAt(id, 0.6 + next() * 0.35))) : [];
      for (const [i, id] of targets.entries()) {
        const { took, data } = await ask(PAGE, { id, after: deep ? cursors[i].cursor : null });
        const list = data.tank.transactions2;
        if (list.edges.length !== 25 || list.edges[0].node.volumeBalance === null)
          throw new Error(`${label}: no page with balances`);
        sizes += list.totalCount;
        if (i >= 10) times.push(took); // the first requests warm the caches and the JIT
      }
      const s = stats(times);
      figures[label] = s;
      lines.push(
        `  ${label}: p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (${times.length} requests, vessels of ${Math.round(sizes / targets.length)} rows on average)`,
      );
    };
    const anyTank = () => tanks[2 + Math.floor(next() * (VESSELS - 2))];
    const hotTank = () => tanks[next() < 0.5 ? 0 : 1];
    await pageBench('page newest first, a typical tank', anyTank, false);
    await pageBench('deep page (60-95 % down), a typical tank', anyTank, true);
    await pageBench('page newest first, the busiest tanks', hotTank, false);
    await pageBench('deep page, the busiest tanks', hotTank, true);

    // contents of all 500 tanks at once
    const CONTENTS = `query($ids: [ID!]!) { vesselContents(ids: $ids) { vesselId vesselName capacity
      contents { alcoholName lot volume strength laa fillPercent } } }`;
    const contentTimes: number[] = [];
    for (let i = 0; i < REQUESTS + 10; i++) {
      const { took, data } = await ask(CONTENTS, { ids: tanks });
      if (data.vesselContents.length !== VESSELS) throw new Error('vesselContents: not every tank');
      if (i >= 10) contentTimes.push(took);
    }
    figures.contents = stats(contentTimes);
    lines.push(
      `  vesselContents of ${VESSELS} tanks: p50 ${ms(figures.contents.p50!)}, p95 ${ms(figures.contents.p95!)} (${contentTimes.length} requests)`,
    );

    // 1,000 transfers one by one through the vessel action (lock, plan, post, answer the rows)
    const transferStart = performance.now();
    for (let i = 0; i < TRANSFERS; i++) {
      const p = i % PAIRS;
      await runAction(ctx, 'TransferToTank', {
        vesselId: tanks[2 * p],
        toVesselId: tanks[2 * p + 1],
        date: dayOf(DAYS + 1),
        volume: 0.5,
        comments: `transfer ${i}`,
      });
    }
    const transferSeconds = (performance.now() - transferStart) / 1000;
    figures.transfers = { value: TRANSFERS / transferSeconds };
    lines.push(
      `  ${TRANSFERS} transfers one by one through runAction: ${transferSeconds.toFixed(1)} s, ${(TRANSFERS / transferSeconds).toFixed(0)} transfers/s (${((transferSeconds * 1000) / TRANSFERS).toFixed(1)} ms each)`,
    );
    return { backend, rows: posted, buildSeconds, lines, figures };
  } finally {
    await api.close();
  }
}
