// npm run bench: the figures README quotes. Never a timed assertion: it prints, you read.
//   1. customers2: a page of 25 with a filter and a sort over 100k customers, PGlite and
//      (when TEST_DATABASE_URL or a local server answers) PostgreSQL: p50 and p95.
//   2. npm start on an existing database: time until the server answers.
//   3. alcoholometry: 100k inverse lookups.
//   4. excise: a million ledger rows over 500 tanks (tests/bench/excise.ts), PostgreSQL and PGlite:
//      transactions pages, contents of 500 vessels, 1,000 transfers one by one.
//   5. bundle: the first page load's JavaScript, gzipped.
//   6. inventory: a million inventory rows over 5,000 products and 3 sites (tests/bench/inventory.ts):
//      quantities on hand, PostgreSQL.
//   7. production: a distillation (5 inputs, 3 outputs) and a bottling (8 bom lines) saved on a
//      million-row ledger (tests/bench/production.ts), PostgreSQL.
//   8. returns: a B266 of a month holding 100k rows on a million-row ledger
//      (tests/bench/returns.ts), PostgreSQL.
//   9. sales: an invoice of 50 lines with taxes, created and saved; SalesByCustomer over a year
//      of 100k invoice lines (tests/bench/sales.ts), PostgreSQL.
//  10. reports: SpiritsPeriodSummary over a year on a million-row ledger (tests/bench/reports.ts), PostgreSQL.
//  11. import: 50,000 customer rows through the CSV import mutation (tests/bench/import.ts), PGlite
//      and PostgreSQL: rows per second and peak memory.
//  12. integrations: a backlog of 500 invoices sent to the QuickBooks Online stand-in by the push
//      job (tests/bench/integrations.ts), PostgreSQL: invoices per second, calls per invoice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seedLarge, DEMO_SIGN_IN } from '../../fixtures/seed';
import { userTable } from '../../src/generated/tables';
import { eq } from 'drizzle-orm';
import { startApi, type Backend } from '../api/harness';
import { runAlcoholometryBench } from './alcoholometry';
import { runExciseBench, type ExciseBenchResult } from './excise';
import { runBundleBench } from './bundle';
import { runInventoryBench } from './inventory';
import { runProductionBench } from './production';
import { runReturnsBench } from './returns';
import { runReportsBench } from './reports';
import { runSalesBench } from './sales';
import { runImportBench } from './import';
import { runIntegrationsBench } from './integrations';
import { forgetCounts } from '../../src/server/domain/records/countCache';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const RUNS = 300;
const QUERY = `query($after: String, $filters: [Filter!], $exactCount: Boolean) {
  customers2(first: 25, after: $after, filters: $filters, sortKey: "name", exactCount: $exactCount) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name type email phone active category { id name } } }
  }
}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function listBench(backend: Backend): Promise<string> {
  const api = await startApi(backend);
  try {
    const seeded = performance.now();
    const { companyId } = await seedLarge(api.database.db, SIZE);
    const seedMs = performance.now() - seeded;
    const [user] = await api.database.db.select().from(userTable).where(eq(userTable.email, DEMO_SIGN_IN.email));
    const token = await api.token(user.id);
    const filters = [
      [{ field: 'active', comparator: 'eq', value: 'true' }],
      [{ field: 'type', comparator: 'eq', value: 'Wholesale' }],
      [{ field: 'name', comparator: 'ge', value: 'M' }],
    ];
    // A person opens a list (cold: nothing cached, the count runs) and pages on (warm: the
    // count of that filter is reused). Both are measured; README quotes both.
    const cold: number[] = [];
    const warm: number[] = [];
    type Page = { customers2: { pageInfo: { endCursor: string } } };
    for (let round = 0; round < RUNS / 5 + 4; round++) {
      forgetCounts();
      let after: string | null = null;
      for (let page = 0; page < 5; page++) {
        const variables: Record<string, unknown> = { after, filters: filters[round % filters.length] };
        const start = performance.now();
        const res: Awaited<ReturnType<typeof api.gql<Page>>> = await api.gql<Page>(companyId, QUERY, variables, token);
        const ms = performance.now() - start;
        if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
        if (round >= 4) (page === 0 ? cold : warm).push(ms); // the first rounds warm the JIT and caches
        after = res.body.data!.customers2.pageInfo.endCursor;
      }
    }
    // "Count exactly": the person asks for the exact figure of a list over EXACT_COUNT_LIMIT
    const exact: number[] = [];
    for (let round = 0; round < RUNS / 5 + 4; round++) {
      forgetCounts();
      const variables = { filters: filters[round % filters.length], exactCount: true };
      const start = performance.now();
      const res = await api.gql<Page>(companyId, QUERY, variables, token);
      if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
      if (round >= 4) exact.push(performance.now() - start);
    }
    exact.sort((a, b) => a - b);
    const all = [...cold, ...warm].sort((a, b) => a - b);
    cold.sort((a, b) => a - b);
    warm.sort((a, b) => a - b);
    const f = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
    return `customers2 first 25 + filter + sort over ${SIZE} customers on ${backend}: all ${f(all)}; first page (count computed, bounded at EXACT_COUNT_LIMIT) ${f(cold)}; next pages ${f(warm)}; first page with the exact count asked ${f(exact)} (${all.length} requests through Fastify + GraphQL; seeding ${(seedMs / 1000).toFixed(1)} s)`;
  } finally {
    await api.close();
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Starts the server twice on one data folder: the first seeds, the second is what we time. */
async function startupBench(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  const start = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const began = performance.now();
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', SEED_DEMO: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const timer = setInterval(async () => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/health`);
          if (res.ok) {
            clearInterval(timer);
            const ms = performance.now() - began;
            child.kill('SIGTERM');
            child.once('exit', () => resolve(ms));
          }
        } catch {
          // not listening yet
        }
      }, 25);
      child.once('exit', (code) => {
        clearInterval(timer);
        if (code !== 0 && code !== null) reject(new Error(`server exited with ${code}`));
      });
    });
  try {
    const first = await start(3191);
    const again = [await start(3192), await start(3193)];
    return `npm start (tsx scripts/start.ts) on an existing PGlite database: ${Math.round(Math.min(...again))} ms to answering (first start with migration and demo seed: ${(first / 1000).toFixed(1)} s)`;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};
const only = process.argv[2];
if (!only || only === 'list') {
  say(await listBench('pglite'));
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    say(await listBench('postgres'));
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; skipped');
}
if (!only || only === 'start') say(await startupBench());
if (!only || only === 'alcoholometry') for (const line of await runAlcoholometryBench()) say(line);
if (!only || only === 'bundle')
  for (const line of runBundleBench(path.resolve(import.meta.dirname, '../..'))) say(line);
if (!only || only === 'inventory') {
  // BENCH_INVENTORY_ROWS sets the size (a million by default), on PostgreSQL (the issue's target)
  const rows = Number(process.env.BENCH_INVENTORY_ROWS ?? 1_000_000);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of (await runInventoryBench('postgres', rows, console.log)).lines) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; inventory skipped');
}
if (!only || only === 'production') {
  // BENCH_PRODUCTION_ROWS sets the ledger's size (a million by default), on PostgreSQL
  const rows = Number(process.env.BENCH_PRODUCTION_ROWS ?? 1_000_000);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of await runProductionBench('postgres', rows, console.log)) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; production skipped');
}
if (!only || only === 'returns') {
  // BENCH_RETURNS_ROWS sets the ledger's size (a million by default), on PostgreSQL
  const rows = Number(process.env.BENCH_RETURNS_ROWS ?? 1_000_000);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of await runReturnsBench('postgres', rows, console.log)) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; returns skipped');
}
if (!only || only === 'sales') {
  // BENCH_SALES_LINES sets the year's invoice lines (100k by default), on PostgreSQL
  const yearLines = Number(process.env.BENCH_SALES_LINES ?? 100_000);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of await runSalesBench('postgres', yearLines, console.log)) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; sales skipped');
}
if (!only || only === 'reports') {
  // BENCH_REPORTS_ROWS sets the ledger's size (a million by default), on PostgreSQL
  const rows = Number(process.env.BENCH_REPORTS_ROWS ?? 1_000_000);
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of await runReportsBench('postgres', rows, console.log)) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; reports skipped');
}
if (!only || only === 'integrations') {
  // BENCH_INTEGRATIONS_INVOICES sets the backlog (500 by default), on PostgreSQL
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    for (const line of await runIntegrationsBench('postgres', console.log)) say(line);
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; integrations skipped');
}
if (!only || only === 'import') {
  // BENCH_IMPORT_ROWS sets the file's size (50,000 rows by default)
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
  say(await runImportBench('pglite', rows, console.log));
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    say(await runImportBench('postgres', rows, console.log));
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; import on PostgreSQL skipped');
}
if (!only || only === 'excise') {
  // BENCH_EXCISE_ROWS sets the size (a million by default: about 2 min to build on PostgreSQL,
  // 3 min on PGlite on the 2-core machine)
  const rows = Number(process.env.BENCH_EXCISE_ROWS ?? 1_000_000);
  const results: ExciseBenchResult[] = [];
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (await postgresAnswers(url)) {
    process.env.TEST_DATABASE_URL = url;
    results.push(await runExciseBench('postgres', rows, console.log));
  } else say('PostgreSQL: no server answered at TEST_DATABASE_URL; excise on PostgreSQL skipped');
  results.push(await runExciseBench('pglite', rows, console.log));
  for (const r of results) for (const line of r.lines) say(line);
  const cell = (r: ExciseBenchResult, key: string) => {
    const f = r.figures[key];
    return f?.value !== undefined
      ? `${f.value.toFixed(0)}/s`
      : f
        ? `${f.p50!.toFixed(1)} / ${f.p95!.toFixed(1)} ms`
        : '-';
  };
  const keys = Object.keys(results[0]?.figures ?? {});
  say(`| excise (p50 / p95) | ${results.map((r) => `${r.backend}, ${r.rows} rows`).join(' | ')} |`);
  say(`| --- | ${results.map(() => '---').join(' | ')} |`);
  for (const key of keys) say(`| ${key} | ${results.map((r) => cell(r, key)).join(' | ')} |`);
}
