// Issue 10, the server's side: input limits (1), query cost and export rate (2), CSV formula
// injection (4), allowCSVExport and client error reports (7), introspection, tokens from the
// future and internal errors with a request id (9), bad input answered as VALIDATION_ERROR or
// SYNTAX_ERROR with nothing written (10), expiring export files and one query at a time on a
// transaction's connection (12). On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, readdirSync, existsSync, utimesSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import pg from 'pg';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { clientErrorTable, companyTable, customerTable, productTable } from '../../src/generated/tables';
import { documents } from '../../src/generated/operations';
import { entities } from '../../src/generated/entities';
import { sdl } from '../../src/generated/sdl';
import { connect, rowsOf } from '../../src/server/db/connect';
import { validationRules } from '../../src/server/graphql/plugin';
import { FileStore } from '../../src/server/http/files';
import { createTokenVerifier, UnauthorizedError } from '../../src/server/auth';
import { csvCell } from '../../src/server/domain/kernel/csv';
import { MAX_ALIASES, MAX_EXPORTS_PER_MINUTE, MAX_LINES, MAX_LIST_LENGTH } from '../../src/shared/limits';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };
type Answer<T = Record<string, unknown>> = { data?: T | null; errors?: Err[]; status: number };

const CUSTOMER_CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { id name creditLimit } }`;
const PRODUCT_CREATE = `mutation($input: ProductInput!) { productCreate(input: $input) { id bom { id } } }`;
const CUSTOMERS = `query($first: Int, $after: String, $before: String, $sortKey: String, $filters: [Filter!], $parameters: ListParameters) {
  customers2(first: $first, after: $after, before: $before, sortKey: $sortKey, filters: $filters, parameters: $parameters) {
    totalCount edges { cursor node { id name } }
  }
}`;
const EXPORT = `query { customersExport }`;
const DELETE_MANY = `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`;
const LOG_ERROR = `mutation($input: ClientErrorInput!) { logClientError(input: $input) }`;

const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const codes = (a: { errors?: Err[] }) => (a.errors ?? []).map((e) => e.extensions?.code);

describe.each(backends)('hardening on %s', (backend) => {
  let api: TestApi;
  let filesDir: string;
  let m: Awaited<ReturnType<typeof makeMember>>;
  const call = async <T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    who: { companyId: string; token: string } = m,
  ): Promise<Answer<T>> => {
    const res = await api.gql<T>(who.companyId, query, variables, who.token);
    return { ...(res.body as object), status: res.status } as Answer<T>;
  };
  const post = (payload: unknown, who = m) =>
    api.app.inject({
      method: 'POST',
      url: `/graphql/${who.companyId}`,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const customers = async (companyId = m.companyId) =>
    (await api.database.db.select({ n: count() }).from(customerTable).where(eq(customerTable.companyId, companyId)))[0]
      .n;
  const products = async () =>
    (await api.database.db.select({ n: count() }).from(productTable).where(eq(productTable.companyId, m.companyId)))[0]
      .n;
  const exportFiles = (companyId: string, userId: string) => {
    const dir = path.join(filesDir, 'exports', companyId, userId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const download = async (url: string, token = m.token) => {
    const res = await api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, rows: Papa.parse<string[]>(res.body.trim()).data };
  };

  beforeAll(async () => {
    filesDir = mkdtempSync(path.join(tmpdir(), 'distill-hardening-'));
    api = await startApi(backend, { filesDir });
    m = await makeMember(api, EVERYTHING);
  });
  afterAll(() => api.close());

  describe('1. unbounded input', () => {
    it('refuses a request body over 1 MiB before it is parsed', async () => {
      const res = await post({ query: CUSTOMERS, variables: { parameters: { search: 'x'.repeat(1_100_000) } } });
      expect(res.statusCode).toBe(413);
    });

    it('refuses a 1 MB search string at once, and a search over 200 characters', async () => {
      const started = performance.now();
      const huge = await call(CUSTOMERS, { parameters: { search: 'a%'.repeat(450_000) } });
      expect(codes(huge)).toEqual(['VALIDATION_ERROR']);
      expect(performance.now() - started).toBeLessThan(2_000);
      const long = await call(CUSTOMERS, { parameters: { search: 'a'.repeat(201) } });
      expect(long.errors?.[0].extensions.info.fields).toEqual({ 'parameters.search': 'Max length 200' });
      expect((await call(CUSTOMERS, { parameters: { search: 'a'.repeat(200) } })).errors).toBeUndefined();
    });

    it("caps strings by the field's maxLength, filter values, and every argument by 20,000 characters", async () => {
      const before = await customers();
      const name = await call(CUSTOMER_CREATE, { input: { name: 'n'.repeat(101) } });
      expect(name.errors?.[0].extensions.info.fields).toEqual({ name: 'Max length 100' });
      const notes = await call(CUSTOMER_CREATE, { input: { name: 'ok', notes: 'n'.repeat(20_001) } });
      expect(notes.errors?.[0].extensions.info.fields).toEqual({ notes: 'Max length 20000' });
      const filter = await call(CUSTOMERS, { filters: [{ field: 'name', comparator: 'eq', value: 'x'.repeat(101) }] });
      expect(filter.errors?.[0].extensions.info.fields).toEqual({ 'filters.0.value': 'Max length 100' });
      expect(await customers()).toBe(before);
    });

    it.runIf(backend === 'postgres')('sets a statement timeout on every pooled PostgreSQL connection', async () => {
      const shown = rowsOf<{ statement_timeout: string }>(await api.database.db.execute(sql`SHOW statement_timeout`));
      expect(shown[0].statement_timeout).toBe('30s');
      // and no JIT: short queries, where a misestimated plan once spent seconds compiling
      expect(rowsOf<{ jit: string }>(await api.database.db.execute(sql`SHOW jit`))[0].jit).toBe('off');
      const quick = await connect({ url: process.env.TEST_DATABASE_URL, statementTimeoutMs: 200 });
      try {
        const error = await quick.db.execute(sql`SELECT pg_sleep(2)`).catch((e: unknown) => e);
        expect((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code).toBe('57014'); // query_canceled
      } finally {
        await quick.close();
      }
    });
  });

  describe('2. query cost', () => {
    it('refuses documents too deep, with too many aliases, directives or tokens, or too costly', async () => {
      const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } }`;
      const aliases = (n: number) =>
        `{ ${Array.from({ length: n }, (_, i) => `a${i}: customers2(first: 1) { totalCount }`).join(' ')} }`;
      const directives = `{ customers2(first: 1) { ${Array.from({ length: 51 }, () => 'totalCount @include(if: true)').join(' ')} } }`;
      const tokens = `{ ${'__typename '.repeat(5_001)}}`;
      const costly = `{ customers2(first: 250) { edges { node { id name email phone notes creditLimit category { id name type } term { id name } salesRep { id name } } } } }`;
      for (const [what, query] of Object.entries({
        deep,
        aliases: aliases(MAX_ALIASES + 1),
        directives,
        tokens,
        costly,
      })) {
        const res = await post({ query });
        expect(res.statusCode, what).toBe(400);
        const body = res.json() as { data: unknown; errors: Err[] };
        expect(body.data, what).toBeNull();
        expect(['VALIDATION_ERROR', 'SYNTAX_ERROR'], what).toContain(body.errors[0].extensions.code);
      }
      // 1,000 aliases (the 131 MB answer of the report) never run
      expect((await post({ query: aliases(1_000) })).statusCode).toBe(400);
      expect((await post({ query: aliases(MAX_ALIASES) })).statusCode).toBe(200);
    });

    it("lets every document the client sends through (generated operations and the dashboard's counts)", () => {
      const schema = buildSchema(sdl);
      const rules = [...specifiedRules, ...validationRules({ NODE_ENV: 'production' })];
      for (const [entity, docs] of Object.entries(documents))
        for (const [kind, doc] of Object.entries(docs))
          expect(
            validate(schema, parse(doc), rules).map((e) => e.message),
            `${entity}.${kind}`,
          ).toEqual([]);
      // the dashboard asks one aliased count per dated entity in one document
      const dated = entities.filter((e) => e.crud && e.fields.some((f) => f.name === 'date'));
      const counts = `query($from: String!) { ${dated
        .map(
          (e) =>
            `${e.plural}: ${e.ops.connection}(first: 1, filters: [{field: "date", comparator: ge, value: $from}]) { totalCount }`,
        )
        .join(' ')} }`;
      expect(validate(schema, parse(counts), rules).map((e) => e.message)).toEqual([]);
    });

    it(`allows ${MAX_EXPORTS_PER_MINUTE} exports a minute per user, however they are asked`, async () => {
      const u = await makeMember(api, EVERYTHING);
      const many = `{ ${Array.from({ length: MAX_EXPORTS_PER_MINUTE + 5 }, (_, i) => `e${i}: customersExport`).join(' ')} }`;
      const answer = await call(many, {}, u);
      expect(codes(answer)).toContain('TOO_MANY_REQUESTS');
      // the refused ones answer first (a non-null field's error ends the answer); the others write
      await expect.poll(() => exportFiles(u.companyId, u.userId).length).toBe(MAX_EXPORTS_PER_MINUTE);
      const again = await call(EXPORT, {}, u);
      expect(codes(again)).toEqual(['TOO_MANY_REQUESTS']);
      expect(again.errors?.[0].extensions.info.retryAfterSeconds).toBeGreaterThan(0);
      // another user is not held back
      expect((await call(EXPORT, {}, m)).errors).toBeUndefined();
    });
  });

  describe('4. CSV formula injection', () => {
    it('neutralises formula cells and keeps negative numbers numbers (unit)', () => {
      expect(['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual([
        "'=1+1",
        "'+SUM(A1)",
        "'-2+3",
        "'@cmd",
        "'\tx",
        "'\rx",
      ]);
      expect([-12.5, 0, '-12.5', '+3', 'plain', null, undefined].map(csvCell)).toEqual([
        '-12.5',
        '0',
        '-12.5',
        '+3',
        'plain',
        '',
        '',
      ]);
    });

    it('exports a list without live formulas', async () => {
      const u = await makeMember(api, EVERYTHING);
      for (const [name, creditLimit] of [
        ['=HYPERLINK("http://evil.test","x")', -12.5],
        ['+cmd|calc', 3],
        ['-2+3+cmd', null],
        ['@SUM(A1:A9)', null],
      ] as const)
        expect((await call(CUSTOMER_CREATE, { input: { name, creditLimit } }, u)).errors).toBeUndefined();
      const url = (await call<{ customersExport: string }>(EXPORT, {}, u)).data!.customersExport;
      const { rows } = await download(url, u.token);
      const header = rows[0];
      const byName = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
      expect(byName.map((r) => r.name).sort()).toEqual(
        ["'+cmd|calc", "'-2+3+cmd", '\'=HYPERLINK("http://evil.test","x")', "'@SUM(A1:A9)"].sort(),
      );
      expect(byName.find((r) => r.name.startsWith("'=H"))!.creditLimit).toBe('-12.5');
    });

    it('exports vessel transactions without live formulas, negative volumes as numbers', async () => {
      const k = await exciseCompany(api);
      const a = await k.tank('T1');
      const b = await k.tank('T2');
      const date = '2025-03-01';
      const init = await k.act('exciseInitial', {
        vesselId: a,
        date,
        alcoholType: 'Spirit',
        alcoholId: k.rye,
        lot: '=cmd|lot',
        volume: 1000,
        strength: 60,
        comments: '@SUM(1+1)*cmd',
      });
      expect(init.errors).toBeUndefined();
      const move = await k.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date, volume: 100 });
      expect(move.errors).toBeUndefined();
      const answer = await k.call<{ transactionsExportCSV: string }>(
        `query($id: ID!) { transactionsExportCSV(id: $id) }`,
        { id: a },
      );
      expect(answer.errors).toBeUndefined();
      const { rows } = await download(answer.data!.transactionsExportCSV, k.token);
      const header = rows[0];
      const records = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
      expect(records.find((r) => r.comments)?.comments).toBe("'@SUM(1+1)*cmd");
      expect(records.every((r) => !r.lot || r.lot === "'=cmd|lot")).toBe(true);
      expect(records.map((r) => r.volume)).toContain('-100');
    });
  });

  describe('7. permissions the server enforces', () => {
    it('refuses every export when the company has CSV export off, and writes no file', async () => {
      const k = await exciseCompany(api);
      const tank = await k.tank('T1');
      await api.database.db.update(companyTable).set({ allowCSVExport: false }).where(eq(companyTable.id, k.companyId));
      const list = await k.call(EXPORT);
      expect(codes(list)).toEqual(['FORBIDDEN']);
      expect(list.errors?.[0].extensions.info).toEqual({ feature: 'allowCSVExport' });
      const ledger = await k.call(`query($id: ID!) { transactionsExportCSV(id: $id) }`, { id: tank });
      expect(codes(ledger)).toEqual(['FORBIDDEN']);
      expect(exportFiles(k.companyId, k.userId)).toEqual([]);
      await api.database.db.update(companyTable).set({ allowCSVExport: true }).where(eq(companyTable.id, k.companyId));
      expect((await k.call(EXPORT)).errors).toBeUndefined();
    });

    it('files a client error report under a company only for its members', async () => {
      const outsider = await makeMember(api, EVERYTHING);
      const reports = async (companyId: string) =>
        (
          await api.database.db
            .select({ n: count() })
            .from(clientErrorTable)
            .where(eq(clientErrorTable.inCompany, companyId))
        )[0].n;
      const ok = await call(
        LOG_ERROR,
        { input: { message: 'boom (outsider)' } },
        { ...outsider, companyId: m.companyId },
      );
      expect(ok.data).toEqual({ logClientError: true });
      expect(await reports(m.companyId)).toBe(0);
      const [stored] = await api.database.db
        .select()
        .from(clientErrorTable)
        .where(and(eq(clientErrorTable.byUser, outsider.userId), eq(clientErrorTable.message, 'boom (outsider)')));
      expect(stored.inCompany).toBeNull();
      expect((await call(LOG_ERROR, { input: { message: 'boom (member)' } })).data).toEqual({ logClientError: true });
      expect(await reports(m.companyId)).toBe(1);
    });
  });

  describe('9. production settings, tokens, internal errors', () => {
    it('turns introspection off when NODE_ENV=production', async () => {
      const introspect = `{ __schema { queryType { name } } }`;
      expect((await post({ query: introspect })).statusCode).toBe(200);
      const saved = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      const prod = await startApi(backend).finally(() => (process.env.NODE_ENV = saved));
      try {
        const u = await makeMember(prod, EVERYTHING);
        const res = await prod.gql(u.companyId, introspect, {}, u.token);
        expect(res.status).toBe(400);
        expect(res.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
        expect((await prod.gql(u.companyId, `{ customers2 { totalCount } }`, {}, u.token)).status).toBe(200);
      } finally {
        await prod.close();
      }
    });

    it('refuses a token issued more than a minute in the future', async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256');
      const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
      const verify = createTokenVerifier({
        issuer: 'https://issuer.test',
        audience: 'urn:distillery:api',
        localJwks: async () => ({ keys: [jwk] }),
      });
      const now = Math.floor(Date.now() / 1000);
      const sign = (iat: number) =>
        new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer('https://issuer.test')
          .setAudience('urn:distillery:api')
          .setSubject('42')
          .setIssuedAt(iat)
          .setExpirationTime(iat + 3600)
          .sign(privateKey);
      await expect(verify(`Bearer ${await sign(now + 30)}`)).resolves.toEqual({ sub: '42' });
      await expect(verify(`Bearer ${await sign(now + 120)}`)).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(verify(`Bearer ${await sign(now + 86_400)}`)).rejects.toBeInstanceOf(UnauthorizedError);
    });

    it('logs an internal error with a request id and answers only that id', async () => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const broken = await startApi(backend, { logger: { level: 'error', stream } });
      try {
        const u = await makeMember(broken, EVERYTHING);
        // a fault of ours, not of the request: the table the resolver writes is gone
        await broken.database.db.execute(sql`ALTER TABLE client_errors RENAME TO client_errors_gone`);
        const res = await broken.gql(u.companyId, LOG_ERROR, { input: { message: 'x' } }, u.token);
        expect(res.status).toBe(200);
        const error = res.body.errors![0];
        expect(error.extensions.code).toBe('INTERNAL_SERVER_ERROR');
        expect(error.message).toBe('Internal server error');
        const requestId = error.extensions.info.requestId as string;
        expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(JSON.stringify(res.body)).not.toMatch(/client_errors|stack|\bat /);
        const logged = lines
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((l) => l.requestId === requestId);
        expect(logged).toBeDefined();
        expect(logged!.reqId).toBe(requestId);
        expect(JSON.stringify(logged!.err)).toContain('client_errors');
      } finally {
        await broken.close();
      }
    });
  });

  describe('10. bad input is refused, never an internal error, and nothing is written', () => {
    it('null bytes and unpaired surrogates in strings', async () => {
      const before = await customers();
      const create = await call(CUSTOMER_CREATE, { input: { name: 'Bad\u0000Name' } });
      expect(create.errors?.[0].extensions).toEqual({
        code: 'VALIDATION_ERROR',
        info: { fields: { name: 'Must not contain a null character' } },
      });
      const search = await call(CUSTOMERS, { parameters: { search: 'a\u0000' } });
      expect(search.errors?.[0].extensions.info.fields).toEqual({
        'parameters.search': 'Must not contain a null character',
      });
      const filter = await call(CUSTOMERS, { filters: [{ field: 'name', comparator: 'eq', value: '\u0000' }] });
      expect(codes(filter)).toEqual(['VALIDATION_ERROR']);
      // half a surrogate pair: JSON carries it, PostgreSQL's jsonb (the audit log, posted actions) refuses it
      const surrogate = await call(CUSTOMER_CREATE, { input: { name: 'Half \ud800 pair' } });
      expect(surrogate.errors?.[0].extensions.info.fields).toEqual({ name: 'Must be valid Unicode text' });
      expect((await call(CUSTOMER_CREATE, { input: { name: 'Whole 🥃 pair' } })).errors).toBeUndefined();
      expect(await customers()).toBe(before + 1);
    });

    it("numbers beyond a column's range", async () => {
      const before = await customers();
      for (const creditLimit of [1e16, -1e16, 1e20, 1.7976931348623157e308]) {
        const r = await call(CUSTOMER_CREATE, { input: { name: 'Big', creditLimit } });
        expect(r.errors?.[0].extensions.info.fields, String(creditLimit)).toEqual({ creditLimit: 'Out of range' });
      }
      const int = await call(PRODUCT_CREATE, { input: { name: 'p', caseSize: 3_000_000_000 } });
      expect(int.status).toBe(400);
      expect(codes(int)).toEqual(['VALIDATION_ERROR']);
      const intFilter = await call(`query($f: [Filter!]) { products2(filters: $f) { totalCount } }`, {
        f: [{ field: 'caseSize', comparator: 'ge', value: '99999999999999' }],
      });
      expect(intFilter.errors?.[0].extensions.info.fields).toEqual({ 'filters.0.value': 'Out of range' });
      // PostgreSQL has no year 0
      const date = await call(`mutation($input: CaskInput!) { caskCreate(input: $input) { id } }`, {
        input: { number: 'C-0', size: 200, dateFilled: '0000-01-01' },
      });
      expect(date.errors?.[0].extensions.info.fields).toEqual({ dateFilled: 'Must be a date (yyyy-MM-dd)' });
      expect(await customers()).toBe(before);
      // the largest value the column holds is still accepted
      const max = await call<{ customerCreate: { creditLimit: number } }>(CUSTOMER_CREATE, {
        input: { name: 'Max', creditLimit: 999_999_999_999_999.9 },
      });
      expect(max.errors).toBeUndefined();
    });

    it('malformed cursors', async () => {
      await call(CUSTOMER_CREATE, { input: { name: 'Cursor', creditLimit: 5 } });
      const bad: [string, unknown, string?][] = [
        ['after', 'not a cursor'],
        ['after', cursorOf(['x', '99999999999999999999'])],
        ['after', cursorOf(['x', '-1'])],
        ['after', cursorOf([{ a: 1 }, '1'])],
        ['after', cursorOf([null, '1'])], // name is required: never NULL
        ['after', cursorOf(['abc', '1']), 'creditLimit'],
        ['after', cursorOf(['1e999', '1']), 'creditLimit'],
        ['before', cursorOf(['x\u0000', '1'])],
        ['after', cursorOf(['x', '1']), 'id'],
        ['after', cursorOf([true, '1']), 'name'],
      ];
      for (const [arg, cursor, sortKey] of bad) {
        const r = await call(CUSTOMERS, { [arg]: cursor, sortKey, first: 5 });
        expect(r.errors?.[0].extensions, `${arg} ${String(cursor)} ${sortKey}`).toEqual({
          code: 'VALIDATION_ERROR',
          info: { fields: { [arg]: 'Invalid cursor' } },
        });
      }
      // a real cursor still pages
      const page = await call<{ customers2: { edges: { cursor: string }[] } }>(CUSTOMERS, {
        first: 1,
        sortKey: 'creditLimit',
      });
      const next = await call(CUSTOMERS, {
        first: 1,
        sortKey: 'creditLimit',
        after: page.data!.customers2.edges[0].cursor,
      });
      expect(next.errors).toBeUndefined();
    });

    it(`70,000 ids in one objectsDelete (at most ${MAX_LIST_LENGTH})`, async () => {
      const kept = await call<{ customerCreate: { id: string } }>(CUSTOMER_CREATE, { input: { name: 'Kept' } });
      const id = kept.data!.customerCreate.id;
      const ids = [id, ...Array.from({ length: 69_999 }, (_, i) => String(i + 1_000_000))];
      const r = await call(DELETE_MANY, { ids });
      expect(r.errors?.[0].extensions).toEqual({
        code: 'VALIDATION_ERROR',
        info: { fields: { ids: `At most ${MAX_LIST_LENGTH} items` } },
      });
      expect((await call(`query($id: ID!) { customer(id: $id) { id } }`, { id })).data).toEqual({ customer: { id } });
    });

    it(`10,000 lines in one document (at most ${MAX_LINES})`, async () => {
      const before = await products();
      const line = { name: 'Glass', quantity: 1, per: 'Bottle' };
      const flood = await call(PRODUCT_CREATE, { input: { name: 'Flood', bom: Array(10_000).fill(line) } });
      expect(flood.errors?.[0].extensions.info.fields).toEqual({ bom: `At most ${MAX_LIST_LENGTH} items` });
      const many = await call(PRODUCT_CREATE, { input: { name: 'Many', bom: Array(MAX_LINES + 1).fill(line) } });
      expect(many.errors?.[0].extensions.info.fields).toEqual({ bom: `At most ${MAX_LINES} lines` });
      expect(await products()).toBe(before);
      const full = await call<{ productCreate: { bom: unknown[] } }>(PRODUCT_CREATE, {
        input: { name: 'Full', bom: Array(MAX_LINES).fill(line) },
      });
      expect(full.data?.productCreate.bom).toHaveLength(MAX_LINES);
    });

    it('a request that is not a GraphQL request: {"query": 123} and friends', async () => {
      for (const payload of [
        { query: 123 },
        { query: '123' },
        { query: '{"kind":"Document","definitions":[]}' },
        { query: '' },
        { query: null },
        {},
        [],
        '"just a string"',
        { query: '{ customers2 { totalCount } }', variables: 'x' },
        { query: '{ customers2 { totalCount } }', variables: [1] },
        { query: '{ customers2 { totalCount } }', operationName: 5 },
        { query: '{ customers2 { totalCount ' },
      ]) {
        const res = await post(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        const code = (res.json() as { errors: Err[] }).errors[0].extensions.code;
        expect(['VALIDATION_ERROR', 'SYNTAX_ERROR'], JSON.stringify(payload)).toContain(code);
      }
      for (const query of ['123', '{"a":1}'])
        expect(
          (
            await api.app.inject({
              method: 'GET',
              url: `/graphql/${m.companyId}?query=${encodeURIComponent(query)}`,
              headers: { authorization: `Bearer ${m.token}` },
            })
          ).statusCode,
        ).toBe(400);
    });
  });

  describe('12. export files expire; one query at a time on a connection', () => {
    it('stops serving an export after an hour and purges it on a timer', async () => {
      const u = await makeMember(api, EVERYTHING);
      const url = (await call<{ customersExport: string }>(EXPORT, {}, u)).data!.customersExport;
      expect((await download(url, u.token)).status).toBe(200);
      const [file] = exportFiles(u.companyId, u.userId);
      const full = path.join(filesDir, 'exports', u.companyId, u.userId, file);
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(full, twoHoursAgo, twoHoursAgo);
      expect((await download(url, u.token)).status).toBe(404);
      expect(existsSync(full)).toBe(false);

      // the server's timer purges every folder without anyone asking (the file expires after
      // the server started, so the purge at start-up cannot be what removes it)
      const dir = mkdtempSync(path.join(tmpdir(), 'distill-purge-'));
      const server = await startApi(backend, { filesDir: dir, purgeIntervalMs: 50 });
      try {
        const store = new FileStore(dir);
        await store.save('7', '8', 'old.csv', 'a');
        await store.save('9', '10', 'new.csv', 'b');
        const oldDir = path.join(dir, 'exports', '7', '8');
        const oldFile = path.join(oldDir, readdirSync(oldDir)[0]);
        utimesSync(oldFile, twoHoursAgo, twoHoursAgo);
        await expect.poll(() => existsSync(oldFile), { timeout: 3_000 }).toBe(false);
      } finally {
        await server.close();
      }
      expect(readdirSync(path.join(dir, 'exports', '9', '10'))).toHaveLength(1);
    });

    it.runIf(backend === 'postgres')('never sends a query on a client that is still executing one', async () => {
      // what pg warns about ("client already executing query"): a transaction's queries run at once
      const proto = pg.Client.prototype as unknown as {
        query: (...args: unknown[]) => unknown;
      };
      const original = proto.query;
      const overlaps: string[] = [];
      proto.query = function (this: { _activeQuery?: unknown; _queryQueue?: unknown[] }, ...args: unknown[]) {
        if (this._activeQuery || this._queryQueue?.length)
          overlaps.push(String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 80));
        return original.apply(this, args);
      };
      try {
        const u = await makeMember(api, EVERYTHING);
        const make = async (entity: string, input: Record<string, unknown>) => {
          const type = entity.charAt(0).toUpperCase() + entity.slice(1);
          const r = await call<Record<string, { id: string }>>(
            `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
            { input },
            u,
          );
          return r.data![`${entity}Create`].id;
        };
        // four references: hydrating the record reads four titles at once
        const refs = {
          category: await make('category', { name: 'Bars', type: 'Customer' }),
          term: await make('term', { name: 'Net 30', dueDays: 30 }),
          salesRep: await make('salesRep', { name: 'Rep' }),
          shipmentZone: await make('shipmentZone', { name: 'Zone' }),
        };
        const c = await call<{ customerCreate: { id: string } }>(CUSTOMER_CREATE, { input: { name: 'C', ...refs } }, u);
        expect(c.errors).toBeUndefined();
        const id = c.data!.customerCreate.id;
        await call(
          `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { id } }`,
          {
            id,
            input: { name: 'C2' },
          },
          u,
        );
        const p = await call<{ productCreate: { id: string } }>(
          PRODUCT_CREATE,
          { input: { name: 'P', bom: [{ name: 'Glass', quantity: 1, per: 'Bottle' }] } },
          u,
        );
        expect(p.errors).toBeUndefined();
        await call(DELETE_MANY, { ids: [id, p.data!.productCreate.id] }, u);
        const k = await exciseCompany(api);
        const a = await k.tank('A');
        const b = await k.tank('B');
        const date = '2025-03-01';
        await k.act('exciseInitial', {
          vesselId: a,
          date,
          alcoholType: 'Spirit',
          alcoholId: k.rye,
          volume: 500,
          strength: 60,
        });
        await k.act('exciseTransferToTank', { vesselId: a, toVesselId: b, date, volume: 50 });
        await Promise.all([
          call(CUSTOMERS, { first: 5 }, u),
          call(`query { customersExport }`, {}, u),
          k.call(`query($id: ID!) { tank(id: $id) { contents { volume } transactions2(first: 5) { totalCount } } }`, {
            id: a,
          }),
        ]);
      } finally {
        proto.query = original;
      }
      expect(overlaps).toEqual([]);
    });
  });
});
