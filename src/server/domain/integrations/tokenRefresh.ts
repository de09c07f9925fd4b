// A refused access token is refreshed once for everyone. The job and a person's own call (a
// setup page listing locations, an account created there) may find the token expired at the
// same moment; QuickBooks rotates refresh tokens, so a second refresh of the same one is refused
// (invalid_grant) and its records would fail for nothing. Calls of this server holding the same
// refused token share one refresh; another server's refresh, found stored, is used as it is. No
// transaction is held across the call to the other system (accounting/claim.ts says why): the
// row is locked only to write the new tokens back, and never for a connection Disconnect ended
// (or one connected to another company) meanwhile.
import type { Db } from '../../db/connect';
import type { IntegrationApp } from './apps';
import { ConnectorError, type ConnectorTokens } from './connector';
import { connectionOf, isLiveConnection, saveTokens, tokensOf } from './store';

/** Stored tokens this close to their expiry are refreshed rather than used. */
const MARGIN_MS = 60_000;

const inFlight = new Map<string, Promise<ConnectorTokens>>();

const gone = (app: IntegrationApp) =>
  new ConnectorError({
    kind: 'rejected',
    message: `${app.connector.provider} was disconnected or connected again meanwhile: nothing was sent with the old connection`,
  });

/** The tokens stored now, of the same connection as `refused`. */
async function storedTokens(db: Db, companyId: string, app: IntegrationApp, refused: ConnectorTokens, lock = false) {
  const row = await connectionOf(db, companyId, app.key, lock);
  const stored = row && isLiveConnection(row) ? tokensOf(row) : null;
  if (!stored || stored.externalCompanyId !== refused.externalCompanyId) throw gone(app);
  return stored;
}

const usable = (stored: ConnectorTokens, refused: ConnectorTokens) =>
  stored.accessToken !== refused.accessToken && Date.parse(stored.accessExpiresAt) > Date.now() + MARGIN_MS;

async function refreshOnce(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  refused: ConnectorTokens,
): Promise<ConnectorTokens> {
  const stored = await storedTokens(db, companyId, app, refused);
  if (usable(stored, refused)) return stored;
  let fresh: ConnectorTokens;
  try {
    fresh = await app.connector.refresh(stored);
  } catch (error) {
    // another server may have used the same refresh token first: its tokens are stored by now
    const now = await storedTokens(db, companyId, app, refused);
    if (usable(now, refused)) return now;
    throw error;
  }
  return db.transaction(async (tx) => {
    const current = await storedTokens(tx, companyId, app, refused, true);
    // kept at once (the old refresh token may not work again), unless another refresh was
    // kept meanwhile: ours still serves this call
    if (current.accessToken === stored.accessToken) await saveTokens(tx, companyId, app.key, fresh);
    return fresh;
  });
}

export function refreshedTokens(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  refused: ConnectorTokens,
): Promise<ConnectorTokens> {
  const key = `${companyId}:${app.key}:${refused.accessToken}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = refreshOnce(db, companyId, app, refused).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
