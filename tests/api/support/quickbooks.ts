// The arrange the QuickBooks Online API tests share: the local stand-in of Intuit's API
// (tests/standins/quickbooks.ts) with the environment that points the connector at it (saved
// and put back), a company allowed the accounting add-on, connecting as a person connects
// (Connect answers Intuit's authorize URL, the browser goes there and comes back to our callback
// with a code), the GraphQL calls every file makes, and the June the excise duty files file
// (exciseJune). Not a test file: vitest includes tests/**/*.test.ts only.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { EVERYTHING, makeMember, startApi, type Backend, type TestApi } from '../harness';
import { companyTable } from '../../../src/generated/tables';
import { rowsOf } from '../../../src/server/db/connect';
import { pushAllQueued } from '../../../src/server/domain/integrations/pushers';
import { accountingApp } from '../../../src/server/domain/integrations/apps';
import { withTokens } from '../../../src/server/domain/integrations/calls';
import type { ConnectorTokens } from '../../../src/server/domain/integrations/connector';
import { connectionOf, tokensOf } from '../../../src/server/domain/integrations/store';
import { startQuickBooksStandIn, type QuickBooksStandIn } from '../../standins/quickbooks';
import { stagedKit } from '../stagedKit';
import { graphqlPathOf, type StaffService } from '../../../src/shared/services';

type StagedKit = Awaited<ReturnType<typeof stagedKit>>;

export type Member = Awaited<ReturnType<typeof makeMember>>;
export type Answer<T> = Awaited<ReturnType<TestApi['gql']>> & { body: { data?: T } };

/** The API started beside stand-ins (startApiBeside). */
export interface StartedApi {
  api: TestApi;
  /** closes the API and the stand-ins and puts the environment back as it was */
  close: () => Promise<void>;
}
export type QuickBooksRig = StartedApi & { qbo: QuickBooksStandIn };

/** Starts the stand-in, points the connector at it (a fresh INTEGRATIONS_KEY, the stand-in's
 * client id and secret, its URL for both OAuth and the API), then starts the API. */
export async function startQuickBooksApi(backend: Backend): Promise<QuickBooksRig> {
  const qbo = await startQuickBooksStandIn();
  const started = await startApiBeside(
    backend,
    {
      INTEGRATIONS_KEY: randomBytes(32).toString('base64'),
      QBO_CLIENT_ID: qbo.clientId,
      QBO_CLIENT_SECRET: qbo.clientSecret,
      QBO_OAUTH_BASE_URL: qbo.url,
      QBO_API_BASE_URL: qbo.url,
    },
    () => qbo.close(),
  );
  return { qbo, ...started };
}

/** Sets the environment that points the connectors at stand-ins already started, then starts the
 * API. The answer's `close` closes the API, then the stand-ins (`closeStandIns`), and puts the
 * environment back as it was; a start that fails does the same before it throws. */
export async function startApiBeside(
  backend: Backend,
  env: Record<string, string>,
  closeStandIns: () => Promise<void>,
): Promise<StartedApi> {
  const restore = setEnv(env);
  let api: TestApi;
  try {
    api = await startApi(backend);
  } catch (e) {
    await closeStandIns();
    restore();
    throw e;
  }
  return {
    api,
    close: async () => {
      try {
        await api.close();
        await closeStandIns();
      } finally {
        restore();
      }
    },
  };
}

/** Sets the variables; the answer puts back what was there (deleting what was not). */
export function setEnv(env: Record<string, string>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** Lets the company take the accounting add-on (what an operator turns on). */
export async function allowAccounting(api: TestApi, companyId: string): Promise<void> {
  await api.database.db.update(companyTable).set({ allowAccounting: true }).where(eq(companyTable.id, companyId));
}

/** A member with every permission in a new company allowed the accounting add-on. */
export async function accountingMember(api: TestApi): Promise<Member> {
  const member = await makeMember(api, EVERYTHING);
  await allowAccounting(api, member.companyId);
  return member;
}

/** Connect pressed, as the browser sends it: the mutation (integrationConnect, shopifyConnect)
 * on the service's endpoint, answering the authorize URL and the Connect cookie its answer sets
 * (the callback must bring it back, as the same browser would). */
export async function pressConnect(
  api: TestApi,
  who: { companyId: string; token: string },
  query: string,
  variables: Record<string, unknown> = {},
  service: StaffService = 'main',
): Promise<{ url: string; cookie: string }> {
  const res = await api.app.inject({
    method: 'POST',
    url: graphqlPathOf(service, who.companyId),
    headers: { authorization: `Bearer ${who.token}` },
    payload: { query, variables },
  });
  const body = res.json() as { data?: Record<string, string>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const setCookie = [res.headers['set-cookie'] ?? []].flat()[0] ?? '';
  return { url: Object.values(body.data!)[0], cookie: setCookie.split(';')[0] };
}

/** The browser's part of connecting: from Intuit's authorize URL (what integrationConnect
 * answers) through the stand-in's consent, which redirects to our callback with a code, with the
 * Connect cookie when given. The callback's answer is the test's to check. */
export async function followConsent(api: TestApi, authorizeUrl: string, cookie?: string) {
  const consent = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const callbackPath = `${back.pathname}${back.search}`;
  const callback = await api.app.inject({
    method: 'GET',
    url: callbackPath,
    headers: cookie ? { cookie } : {},
  });
  return { callbackPath, callback };
}

/** The calls the QuickBooks tests make, on the API `api()` answers when called (it is started in
 * beforeAll, after these are made). */
export function quickBooksCalls(api: () => TestApi) {
  const call = async <T = Record<string, unknown>>(
    member: Member,
    query: string,
    variables?: Record<string, unknown>,
    token = member.token,
  ) => (await api().gql<T>(member.companyId, query, variables, token)) as Answer<T>;
  const ok = <T>(r: Answer<T>): T => {
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data!;
  };
  /** Connect pressed, then the consent: answers the authorize URL and the callback's answer. */
  const connectThroughConsent = async (member: Member) => {
    const { url, cookie } = await pressConnect(api(), member, `mutation { integrationConnect(app: quickbooks) }`);
    return { url, cookie, ...(await followConsent(api(), url, cookie)) };
  };
  /** Connected, back on /apps. */
  const connect = async (member: Member) => {
    const { callback } = await connectThroughConsent(member);
    expect(callback.headers.location).toBe('/apps?connected=quickbooks');
  };
  /** Sync now pressed: answers how many records it queued. */
  const sync = async (member: Member) =>
    ok(await call<{ integrationSync: number }>(member, `mutation { integrationSync(app: quickbooks) }`))
      .integrationSync;
  /** The push job run for the member's company (what the queue would run). */
  const push = (member: Member) => pushAllQueued(api().database.db, { companyId: member.companyId });
  /** Sync now pressed and the job it wakes run. */
  const syncNow = async (member: Member) => {
    await sync(member);
    await push(member);
  };
  /** A customer made here: answers its id. */
  const newCustomer = async (member: Member, input: Record<string, unknown>) =>
    ok(
      await call<{ customerCreate: { id: string } }>(
        member,
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }`,
        { input },
      ),
    ).customerCreate.id;
  const updateCustomer = async (member: Member, id: string, input: Record<string, unknown>) =>
    ok(
      await call(
        member,
        `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { id } }`,
        {
          id,
          input,
        },
      ),
    );
  /** An invoice issued here: dated 2026-11-02, Sent, 2 x Gin 750 mL at 34.50 (69.00) unless the
   * input says otherwise. Answers its id and number. */
  const issueInvoice = async (member: Member, input: { number: string; customer: string } & Record<string, unknown>) =>
    ok(
      await call<{ invoiceCreate: { id: string; number: string } }>(
        member,
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id number } }`,
        {
          input: {
            date: '2026-11-02',
            status: 'Sent',
            lines: [{ description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 }],
            ...input,
          },
        },
      ),
    ).invoiceCreate;
  const updateInvoice = async (member: Member, id: string, input: Record<string, unknown>) =>
    ok(
      await call(member, `mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id } }`, {
        id,
        input,
      }),
    );
  /** The record's integration_sync_log row: those columns of it (undefined when there is none). */
  const syncLogOf = async <K extends string>(member: Member, entityType: string, id: string, columns: readonly K[]) =>
    rowsOf<Record<K, string | null>>(
      await api().database.db.execute(sql`SELECT ${sql.raw(columns.join(', '))} FROM integration_sync_log
        WHERE company_id = ${member.companyId} AND entity_type = ${entityType} AND entity_id = ${id}`),
    )[0];
  /** The record's integration_links row: what it is there and the hash of what was sent. */
  const linkOf = async (member: Member, entityType: string, id: string) =>
    rowsOf<{ external_id: string; sent_hash: string | null }>(
      await api().database.db.execute(sql`SELECT external_id, sent_hash FROM integration_links
        WHERE company_id = ${member.companyId} AND entity_type = ${entityType} AND entity_id = ${id}`),
    )[0];
  /** The id here of the account the chart read gave QuickBooks ref `ref`. */
  const accountIdOf = async (member: Member, ref: string) =>
    rowsOf<{ id: string }>(
      await api().database.db.execute(
        sql`SELECT id::text FROM accounts WHERE company_id = ${member.companyId} AND ref = ${ref}`,
      ),
    )[0].id;
  return {
    call,
    ok,
    connectThroughConsent,
    connect,
    sync,
    push,
    syncNow,
    newCustomer,
    updateCustomer,
    issueInvoice,
    updateInvoice,
    syncLogOf,
    linkOf,
    accountIdOf,
  };
}

/** A member's stored QuickBooks tokens, and a chart read made with given tokens through the sync's
 * own token rules (withTokens: an expired token refreshed once, and kept). */
export function storedTokenCalls(api: () => TestApi, member: () => Member) {
  const app = accountingApp('quickbooks');
  const storedTokens = async () => {
    const row = await connectionOf(api().database.db, member().companyId, 'quickbooks');
    return row ? tokensOf(row) : null;
  };
  const listAccounts = (tokens: ConnectorTokens) =>
    withTokens(api().database.db, member().companyId, app, { tokens: { ...tokens } }, (t) =>
      app.connector.listAccounts(t),
    );
  return { app, storedTokens, listAccounts };
}

/** What beforeAll sets up in most QuickBooks files: the API beside the stand-in and a member of a
 * company allowed the accounting add-on, with the customer `customer` made first when given
 * (before connecting, so the connection's first push sends it), then, unless `connect` is false,
 * connected through the consent and the job the callback wakes run, so each test sees only its own
 * calls. A start that fails part way closes what it started before it throws. */
export async function quickBooksCompany(
  backend: Backend,
  options: { connect?: boolean; customer?: Record<string, unknown> } = {},
) {
  const rig = await startQuickBooksApi(backend);
  try {
    const qb = quickBooksCalls(() => rig.api);
    const co = await accountingMember(rig.api);
    const customer = options.customer ? await qb.newCustomer(co, options.customer) : '';
    if (options.connect !== false) {
      await qb.connect(co);
      await qb.push(co);
    }
    return { rig, api: rig.api, qbo: rig.qbo, co, customer };
  } catch (e) {
    await rig.close();
    throw e;
  }
}

type Body<T> = { data?: T; errors?: unknown[] };
/** The data of a GraphQL body (what stagedKit's `co.call` answers); its errors throw. */
export const okBody = <T>(r: Body<T>): T => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data!;
};

export const JUNE = { periodStart: '2025-06-01', periodEnd: '2025-06-30' };
/** the memo of June's B262 at the WH-42 site */
export const MEMO = 'B262 WH-42 2025-06-01 to 2025-06-30';
/** the stand-in's chart: 'Excise Duty Payable' (Other Current Liability) */
export const EXCISE_ACCOUNT = '6';

/** The June the excise duty tests file, on the API `api()` answers (started in beforeAll, after
 * this is made). `arrange` makes a stagedKit company allowed the accounting add-on whose site is
 * licensed WH-42 and files the B262: 1000 L at 41 % in a tank, 120 bottles of 750 mL at 40 %
 * bottled in bond (36 LAA), 30 of them removed to the duty-paid market on 2025-06-20 (9 LAA). */
export function exciseJune(api: () => TestApi) {
  let k: StagedKit;
  let gin750 = '';
  const settings = (input: Record<string, unknown>) =>
    k.co
      .call(`mutation($s: CompanySettingsInput!) { companySettingsSet(settings: $s) { id } }`, { s: input })
      .then(okBody);
  const fileCall = () =>
    k.co.call(
      `mutation($s: Date!, $e: Date!) { exciseReturnsFile(periodStart: $s, periodEnd: $e, filedOn: "2025-07-15") { form } }`,
      { s: JUNE.periodStart, e: JUNE.periodEnd },
    );
  const file = async () => okBody(await fileCall());
  const reopen = async () =>
    okBody(
      await k.co.call(
        `mutation($s: Date!, $e: Date!) { exciseReturnsReopen(periodStart: $s, periodEnd: $e) { form } }`,
        { s: JUNE.periodStart, e: JUNE.periodEnd },
      ),
    );
  const b262Duty = async () =>
    okBody(
      await k.co.call<{ exciseReturn: { totalDuty: number } }>(
        `query($site: ID!) { exciseReturn(form: B262, siteId: $site, periodStart: "2025-06-01", periodEnd: "2025-06-30") { totalDuty } }`,
        { site: k.co.site },
      ),
    ).exciseReturn.totalDuty;
  /** 30 bottles of Gin 750 (lot B-1) removed to the duty-paid market */
  const removeToDutyPaid = async (date: string) =>
    okBody(
      await k.co.call(`mutation($input: ProductMoveInput!) { productMoveToDutyPaid(input: $input) { refId } }`, {
        input: { productId: gin750, date, siteId: k.co.site, lot: 'B-1', quantity: 30 },
      }),
    );
  const arrange = async (): Promise<StagedKit> => {
    k = await stagedKit(api());
    const { co } = k;
    const { db } = api().database;
    await allowAccounting(api(), co.companyId);
    await db.execute(
      sql`UPDATE sites SET warehouse_license = 'WH-42', b262 = true WHERE company_id = ${co.companyId} AND id = ${co.site}`,
    );
    const tank = await co.tank('Gin tank');
    okBody(
      await co.act('exciseInitial', {
        vesselId: tank,
        date: '2025-05-20',
        alcoholType: 'Spirit',
        alcoholId: co.gin,
        lot: 'GIN-1',
        volume: 1000,
        strength: 41,
      }),
    );
    gin750 = await co.create('product', { name: 'Gin 750', strength: 40, containerSize: 0.75, caseSize: 6 });
    const bottled = await k.save('bottling', {
      lot: 'B-1',
      date: '2025-06-10T12:00:00Z',
      product: gin750,
      tank,
      strength: 40,
      bottles: 120,
      caseSize: 6,
      dutyPaid: false,
    });
    expect(bottled.errors).toBeUndefined();
    await removeToDutyPaid('2025-06-20');
    return k;
  };
  return { arrange, settings, fileCall, file, reopen, b262Duty, removeToDutyPaid };
}
