// Connecting, disconnecting, pausing and resuming an integration, and the /apps list. Each
// change is one transaction on the connection row (locked), and keeps the company's
// connectedToAccounting (spec 3, read by the client and the setup wizard) in step.
import { randomBytes } from 'node:crypto';
import { readCookie } from '../../http/cookies';
import { eq, sql } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import type { ApiContext } from '../kernel/module';
import { recordAudit } from '../audit/audit';
import { featuresOf, membershipOf } from '../company/companies';
import { INTEGRATION_APPS, integrationApp, type IntegrationApp } from './apps';
import { connectionOf, failedRecords, tokensOf, type ConnectionStatus } from './store';
import { failureName } from './failureLabels';
import type { IntegrationFailure } from '../../../shared/integrationFailures';
import { createState, readState, stateHash, STATE_LIFETIME_MS } from './state';
import { integrationsKey, sealSecrets } from './secrets';
import { queueChart } from './accounting/chart';
import { forgetTaxCodes } from './accounting/taxCodes';
import { invalidateCounts } from '../records/countCache';
import { wakePushJob } from './queue';
import { appSync } from './pushers';
import { isShopDomain } from './shopify/config';

export interface IntegrationView {
  app: string;
  addOn: string;
  provider: string;
  /** the company's flag for the add-on is on */
  enabled: boolean;
  status: ConnectionStatus;
  lastSyncAt: string | null;
  connectedAt: string | null;
  failures: IntegrationFailure[];
}

export const canSeeFailures = (ctx: DomainContext) =>
  ctx.actor.permissions.includes('config.read') || ctx.actor.permissions.includes('config.write');

export async function listIntegrations(ctx: DomainContext): Promise<IntegrationView[]> {
  const { companyId } = ctx.actor;
  return Promise.all(
    INTEGRATION_APPS.map(async (app) => {
      const row = await connectionOf(ctx.db, companyId, app.key);
      // which records failed, and why, is for those who may see the company's configuration
      const failures = canSeeFailures(ctx) ? await failedRecords(ctx.db, companyId, app.key) : [];
      return {
        app: app.key,
        addOn: app.addOn,
        provider: app.connector.provider,
        enabled: ctx.actor.features[app.feature] === true,
        status: row?.status ?? 'enabled',
        lastSyncAt: row?.last_sync_at ?? null,
        connectedAt: row?.connected_at ?? null,
        failures: failures.map((f) => ({
          entityType: f.entity_type,
          entityId: f.entity_id,
          attempts: f.attempts,
          error: f.last_error,
          at: f.updated_at,
          ...failureName(f.entity_type, f.entity_id, f),
        })),
      };
    }),
  );
}

const viewOf = async (ctx: DomainContext, app: string) => (await listIntegrations(ctx)).find((i) => i.app === app)!;

function requireFeature(ctx: DomainContext, app: IntegrationApp) {
  if (!ctx.actor.features[app.feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${app.feature})`, {
      feature: app.feature,
    });
}

export const redirectUriOf = (publicOrigin: string, app: IntegrationApp) => `${publicOrigin}${app.callbackPath}`;

/** The account an app connects to, typed on /apps: a Shopify shop's domain. Other apps pick
 * their company at the other system's consent screen and take none. */
function accountFor(app: IntegrationApp, account: string | null | undefined): string | null {
  if (app.addOn !== 'ecommerce') return null;
  const shop = (account ?? '').trim().toLowerCase();
  if (!isShopDomain(shop)) throw validationError({ account: "Enter the shop's domain, like your-store.myshopify.com" });
  return shop;
}

/** The cookie that ties a Connect to the browser that pressed it: an HttpOnly, SameSite=Lax
 * cookie scoped to the app's callback path, holding a random value whose hash the signed state
 * carries. The callback is the browser coming back from the other system (no bearer token), so
 * without it anyone's authorize URL, approved by someone else, would connect the first one's
 * company to the second one's books. */
export const connectCookieName = (app: IntegrationApp) => `connect_${app.key}`;

function connectCookie(app: IntegrationApp, publicOrigin: string, value: string, maxAgeSeconds: number) {
  const secure = publicOrigin.startsWith('https:') ? '; Secure' : '';
  return `${connectCookieName(app)}=${value}; Path=${app.callbackPath}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie header that forgets the Connect cookie (sent once the callback has used it). */
export const clearedConnectCookie = (app: IntegrationApp, publicOrigin: string) =>
  connectCookie(app, publicOrigin, '', 0);

/** The Connect cookie's value in a request's Cookie header (null when absent). */
export const connectCookieOf = (app: IntegrationApp, cookieHeader: string | undefined): string | null =>
  readCookie(cookieHeader, connectCookieName(app)) ?? null;

/** Answers the other system's authorize URL with a signed state, and the Set-Cookie header the
 * answer must carry (connectCookie); the state's hash is kept so the callback accepts exactly
 * that state, once (and, for a shop, the shop it was asked for). */
export async function connectIntegration(
  ctx: DomainContext,
  appKey: string,
  publicOrigin: string,
  account?: string | null,
): Promise<{ url: string; cookie: string }> {
  const app = integrationApp(appKey);
  requireFeature(ctx, app);
  const shop = accountFor(app, account);
  integrationsKey();
  const browser = randomBytes(32).toString('base64url');
  const state = createState(ctx.actor.companyId, ctx.actor.userId, app.key, Date.now(), stateHash(browser));
  const redirectUri = redirectUriOf(publicOrigin, app);
  const url =
    app.addOn === 'ecommerce' && shop
      ? app.connector.authorizeUrlForShop(shop, state, redirectUri)
      : app.connector.authorizeUrl(state, redirectUri);
  await ctx.db.execute(sql`INSERT INTO integration_connections (company_id, app, status, pending_state, pending_account)
    VALUES (${ctx.actor.companyId}, ${app.key}, 'enabled', ${stateHash(state)}, ${shop})
    ON CONFLICT (company_id, app) DO UPDATE SET pending_state = EXCLUDED.pending_state,
      pending_account = EXCLUDED.pending_account, updated_at = now()`);
  return { url, cookie: connectCookie(app, publicOrigin, browser, Math.floor(STATE_LIFETIME_MS / 1000)) };
}

/** The Connect mutations' resolver (integrationConnect, shopifyConnect): the authorize URL, with
 * the Connect cookie set on the GraphQL answer (the SPA's fetch is same-origin, so the browser
 * keeps it and sends it back with the callback). */
export async function connectForRequest(ctx: ApiContext, appKey: string, account?: string | null) {
  const { url, cookie } = await connectIntegration(await ctx.domain(), appKey, ctx.publicOrigin ?? '', account);
  ctx.reply?.header('set-cookie', cookie);
  return url;
}

/** What the callback route answers: where to send the browser, with a word for /apps. */
export type CallbackOutcome = { ok: true; app: string } | { ok: false; app: string; reason: string };

/** The browser back from the other system with a code: exchanges it and stores the tokens
 * sealed. The person is the state's: still a member with config.write, or nothing is stored;
 * the browser is the one that pressed Connect (`browserCookie`, the Connect cookie's value), or
 * nothing is stored either. */
export async function completeConnection(
  db: Db,
  appKey: string,
  callbackUrl: string,
  publicOrigin: string,
  browserCookie: string | null = null,
): Promise<CallbackOutcome> {
  const app = integrationApp(appKey);
  const params = new URL(callbackUrl, publicOrigin).searchParams;
  // a shop's callback is signed with the app's secret: a forged or altered one goes no further
  if (app.addOn === 'ecommerce' && !(await app.connector.verifyCallback(callbackUrl)))
    return { ok: false, app: app.key, reason: 'forged' };
  const stateText = params.get('state') ?? '';
  const state = readState(stateText);
  if (!state || state.app !== app.key) return { ok: false, app: app.key, reason: 'expired' };
  if (params.get('error')) return { ok: false, app: app.key, reason: 'declined' };
  const member = await membershipOf(db, state.userId, state.companyId);
  if (!member?.permissions.includes('config.write') || !(await featuresOf(db, state.companyId))[app.feature])
    return { ok: false, app: app.key, reason: 'forbidden' };
  const pending = await connectionOf(db, state.companyId, app.key);
  if (!pending || pending.pending_state !== stateHash(stateText)) return { ok: false, app: app.key, reason: 'expired' };
  // approved in a browser other than the one that pressed Connect (a link sent to someone else):
  // the state stays pending, for its own browser to bring back
  if (!state.browser || !browserCookie || stateHash(browserCookie) !== state.browser)
    return { ok: false, app: app.key, reason: 'browser' };
  if (app.addOn === 'ecommerce') {
    const shop = params.get('shop');
    if (!shop || shop !== (await pendingAccountOf(db, state.companyId, app.key)))
      return { ok: false, app: app.key, reason: 'shop' };
    // one shop serves one company: its webhooks are routed by the shop's domain
    if (await accountHeldElsewhere(db, state.companyId, app.key, shop))
      return { ok: false, app: app.key, reason: 'taken' };
  }
  // the exchange is outside the transaction: no row stays locked while the other system answers
  const tokens = await app.connector.exchangeCode(callbackUrl, redirectUriOf(publicOrigin, app));
  const stored = await db.transaction(async (tx) => {
    const row = await connectionOf(tx, state.companyId, app.key, true);
    // a second callback with the same state (a reload) finds it used
    if (!row || row.pending_state !== stateHash(stateText)) return false;
    const elsewhere = await linkedElsewhere(tx, state.companyId, app, tokens.externalCompanyId);
    if (elsewhere) await forgetLinks(tx, state.companyId, app);
    await tx.execute(sql`UPDATE integration_connections SET status = 'connected', pending_state = NULL, pending_account = NULL,
        external_company_id = ${tokens.externalCompanyId}, links_company_id = ${tokens.externalCompanyId},
        secrets = ${sealSecrets(tokens, state.companyId, app.key)}, connected_at = now(), updated_at = now()
      WHERE company_id = ${state.companyId} AND app = ${app.key}`);
    if (app.addOn === 'accounting') {
      await tx.update(companyTable).set({ connectedToAccounting: true }).where(eq(companyTable.id, state.companyId));
      // the chart of accounts is read at once, so the account pickers fill without a Sync
      await queueChart(tx, state.companyId, app.key);
      // another company over there has none of what was sent: everything issued goes to it
      if (elsewhere)
        await appSync(app.key).queueAll(
          {
            db: tx,
            actor: {
              userId: state.userId,
              companyId: state.companyId,
              permissions: member.permissions,
              features: await featuresOf(tx, state.companyId),
            },
          },
          app.key,
        );
    }
    await recordAudit(
      tx,
      { userId: state.userId, companyId: state.companyId, permissions: member.permissions, features: {} },
      {
        entity: 'integration',
        entityId: state.companyId,
        event: 'updated',
        before: { status: row.status },
        after: {
          status: 'connected',
          app: app.key,
          ...(elsewhere ? { externalCompanyId: tokens.externalCompanyId, linksForgotten: true } : {}),
        },
      },
    );
    return true;
  });
  if (!stored) return { ok: false, app: app.key, reason: 'expired' };
  // a reconnect elsewhere may have forgotten the chart's refs
  if (app.addOn === 'accounting') invalidateCounts(state.companyId, 'account');
  // after the commit: what the connection queued (the chart) goes now, not at the next schedule
  await wakePushJob(state.companyId, app.key);
  return { ok: true, app: app.key };
}

/** Whether the company over there now connected (QuickBooks: realmId; Shopify: the shop;
 * Square: the merchant) is another one than the company the app's links, account refs and sent
 * records belong to. Unknown (never recorded) counts as the same: nothing is forgotten. */
async function linkedElsewhere(db: Db, companyId: string, app: IntegrationApp, connected: string) {
  const [row] = rowsOf<{ links_company_id: string | null; items_read_realm: string | null }>(
    await db.execute(sql`SELECT links_company_id, items_read_realm FROM integration_connections
      WHERE company_id = ${companyId} AND app = ${app.key}`),
  );
  const previous = row?.links_company_id ?? row?.items_read_realm ?? null;
  return previous !== null && previous !== connected;
}

/** Forgets what tied the app's records to the other company (its ids repeat in another one): the
 * links, the sync log, what was sent of payments and excise payables, how far its items were
 * read and, for an accounting app, the chart's refs (accounts are matched again by name at the
 * next chart read) and Settings' Excise payment account (a ref of the other company's chart).
 * The app's records are then queued for the new company as never sent. */
async function forgetLinks(db: Db, companyId: string, app: IntegrationApp) {
  await db.execute(sql`DELETE FROM integration_links WHERE company_id = ${companyId} AND app = ${app.key}`);
  await db.execute(sql`DELETE FROM integration_sync_log WHERE company_id = ${companyId} AND app = ${app.key}`);
  await db.execute(sql`UPDATE integration_connections SET items_read_through = NULL, items_read_realm = NULL
    WHERE company_id = ${companyId} AND app = ${app.key}`);
  if (app.addOn === 'accounting') {
    await db.execute(sql`DELETE FROM accounting_payments_sent WHERE company_id = ${companyId} AND app = ${app.key}`);
    await db.execute(
      sql`DELETE FROM accounting_excise_payables_sent WHERE company_id = ${companyId} AND app = ${app.key}`,
    );
    // the one setting that keeps an account's ref rather than the account: picked again in Settings
    await db.execute(sql`UPDATE company_settings_rows SET excise_payment_account_ref = NULL
      WHERE company_id = ${companyId} AND excise_payment_account_ref IS NOT NULL`);
    await db.execute(sql`UPDATE accounts SET ref = NULL, parent_ref = NULL
      WHERE company_id = ${companyId} AND (ref IS NOT NULL OR parent_ref IS NOT NULL)`);
    // the other company's tax codes, and the choices of them: chosen again on the setup page
    await forgetTaxCodes(db, companyId, app.key);
  }
  if (app.key === 'shopify') {
    // the locations the sites were sold from are the other shop's
    await db.execute(sql`DELETE FROM shopify_site_locations WHERE company_id = ${companyId}`);
    // the other shop's orders were read up to then: this one's are read from its connection on
    await db.execute(sql`UPDATE shopify_settings SET orders_polled_at = NULL WHERE company_id = ${companyId}`);
  }
  if (app.key === 'square')
    // the tasting room's location is the other merchant's: chosen again on the setup page
    await db.execute(sql`UPDATE square_settings SET location_id = NULL WHERE company_id = ${companyId}`);
}

async function pendingAccountOf(db: Db, companyId: string, app: string) {
  const rows = rowsOf<{ pending_account: string | null }>(
    await db.execute(sql`SELECT pending_account FROM integration_connections
      WHERE company_id = ${companyId} AND app = ${app}`),
  );
  return rows[0]?.pending_account ?? null;
}

async function accountHeldElsewhere(db: Db, companyId: string, app: string, account: string) {
  const rows = rowsOf<{ company_id: string }>(
    await db.execute(sql`SELECT company_id::text FROM integration_connections
      WHERE app = ${app} AND external_company_id = ${account} AND company_id <> ${companyId}`),
  );
  return rows.length > 0;
}

async function changeStatus(
  ctx: DomainContext,
  appKey: string,
  from: ConnectionStatus[],
  to: ConnectionStatus,
  refusal: string,
) {
  const app = integrationApp(appKey);
  requireFeature(ctx, app);
  const { companyId } = ctx.actor;
  let tokensToRevoke = null;
  await ctx.db.transaction(async (tx) => {
    const row = await connectionOf(tx, companyId, app.key, true);
    if (!row || !from.includes(row.status))
      throw new AppError('CONFLICT', refusal.replace('{provider}', app.connector.provider), {
        status: row?.status ?? 'enabled',
      });
    if (to === 'enabled') {
      tokensToRevoke = row.secrets ? tokensOf(row) : null;
      await tx.execute(sql`UPDATE integration_connections SET status = 'enabled', secrets = NULL,
          external_company_id = NULL, pending_state = NULL, pending_account = NULL, connected_at = NULL, updated_at = now()
        WHERE company_id = ${companyId} AND app = ${app.key}`);
      // what was queued waits for no one now; a reconnect queues again (integrationSync)
      await tx.execute(sql`DELETE FROM integration_sync_log
        WHERE company_id = ${companyId} AND app = ${app.key} AND status = 'queued'`);
      if (app.addOn === 'accounting')
        await tx
          .update(companyTable)
          .set({ connectedToAccounting: false, qboPlan: null })
          .where(eq(companyTable.id, companyId));
    } else {
      await tx.execute(sql`UPDATE integration_connections SET status = ${to}, updated_at = now()
        WHERE company_id = ${companyId} AND app = ${app.key}`);
    }
    await recordAudit(tx, ctx.actor, {
      entity: 'integration',
      entityId: companyId,
      event: 'updated',
      before: { status: row.status, app: app.key },
      after: { status: to, app: app.key },
    });
  });
  // after the commit, best effort: the tokens are gone from here whatever the other side says
  if (tokensToRevoke) await app.connector.revoke(tokensToRevoke).catch(() => undefined);
  // resumed: what waited while paused goes now, not at the next scheduled run
  if (to === 'connected') await wakePushJob(companyId, app.key);
  return viewOf(ctx, app.key);
}

export const disconnectIntegration = (ctx: DomainContext, app: string) =>
  changeStatus(ctx, app, ['connected', 'paused'], 'enabled', '{provider} is not connected');
export const pauseIntegration = (ctx: DomainContext, app: string) =>
  changeStatus(ctx, app, ['connected'], 'paused', '{provider} is not connected, or is paused already');
export const resumeIntegration = (ctx: DomainContext, app: string) =>
  changeStatus(ctx, app, ['paused'], 'connected', '{provider} is not paused');
