// Connecting, disconnecting, pausing and resuming an integration, and the /apps list. Each
// change is one transaction on the connection row (locked), and keeps the company's
// connectedToAccounting (spec 3, read by the client and the setup wizard) in step.
import { eq, sql } from 'drizzle-orm';
import { companyTable } from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { recordAudit } from '../audit/audit';
import { featuresOf, membershipOf } from '../company/companies';
import { INTEGRATION_APPS, integrationApp, type IntegrationApp } from './apps';
import { connectionOf, failedRecords, tokensOf, type ConnectionStatus } from './store';
import { createState, readState, stateHash } from './state';
import { integrationsKey, sealSecrets } from './secrets';
import { queueChart } from './accounting/chart';
import { wakePushJob } from './queue';
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
  failures: { entityType: string; entityId: string; attempts: number; error: string | null; at: string }[];
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

/** Answers the other system's authorize URL with a signed state; the state's hash is kept so
 * the callback accepts exactly that state, once (and, for a shop, the shop it was asked for). */
export async function connectIntegration(
  ctx: DomainContext,
  appKey: string,
  publicOrigin: string,
  account?: string | null,
): Promise<string> {
  const app = integrationApp(appKey);
  requireFeature(ctx, app);
  const shop = accountFor(app, account);
  integrationsKey();
  const state = createState(ctx.actor.companyId, ctx.actor.userId, app.key);
  const redirectUri = redirectUriOf(publicOrigin, app);
  const url =
    app.addOn === 'ecommerce' && shop
      ? app.connector.authorizeUrlForShop(shop, state, redirectUri)
      : app.connector.authorizeUrl(state, redirectUri);
  await ctx.db.execute(sql`INSERT INTO integration_connections (company_id, app, status, pending_state, pending_account)
    VALUES (${ctx.actor.companyId}, ${app.key}, 'enabled', ${stateHash(state)}, ${shop})
    ON CONFLICT (company_id, app) DO UPDATE SET pending_state = EXCLUDED.pending_state,
      pending_account = EXCLUDED.pending_account, updated_at = now()`);
  return url;
}

/** What the callback route answers: where to send the browser, with a word for /apps. */
export type CallbackOutcome = { ok: true; app: string } | { ok: false; app: string; reason: string };

/** The browser back from the other system with a code: exchanges it and stores the tokens
 * sealed. The person is the state's: still a member with config.write, or nothing is stored. */
export async function completeConnection(
  db: Db,
  appKey: string,
  callbackUrl: string,
  publicOrigin: string,
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
    await tx.execute(sql`UPDATE integration_connections SET status = 'connected', pending_state = NULL, pending_account = NULL,
        external_company_id = ${tokens.externalCompanyId}, secrets = ${sealSecrets(tokens, state.companyId, app.key)},
        connected_at = now(), updated_at = now()
      WHERE company_id = ${state.companyId} AND app = ${app.key}`);
    if (app.addOn === 'accounting') {
      await tx.update(companyTable).set({ connectedToAccounting: true }).where(eq(companyTable.id, state.companyId));
      // the chart of accounts is read at once, so the account pickers fill without a Sync
      await queueChart(tx, state.companyId, app.key);
    }
    await recordAudit(
      tx,
      { userId: state.userId, companyId: state.companyId, permissions: member.permissions, features: {} },
      {
        entity: 'integration',
        entityId: state.companyId,
        event: 'updated',
        before: { status: row.status },
        after: { status: 'connected', app: app.key },
      },
    );
    return true;
  });
  if (!stored) return { ok: false, app: app.key, reason: 'expired' };
  // after the commit: what the connection queued (the chart) goes now, not at the next schedule
  await wakePushJob(state.companyId, app.key);
  return { ok: true, app: app.key };
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
