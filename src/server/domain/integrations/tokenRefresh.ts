// A refused access token is refreshed once for everyone. The job and a person's own call (a
// setup page listing locations, an account created there) may find the token expired at the
// same moment; QuickBooks rotates refresh tokens, so the second refresh of the same one is
// refused (invalid_grant) and its records would fail for nothing. Under a lock on the
// connection row, the tokens stored now are read: another call's refresh is used as it is, else
// the refresh is made and kept before the lock goes. Tokens of a connection disconnected (or
// connected to another company) meanwhile are never written back.
import type { Db } from '../../db/connect';
import type { IntegrationApp } from './apps';
import { ConnectorError, type ConnectorTokens } from './connector';
import { connectionOf, isLiveConnection, saveTokens, tokensOf } from './store';

export async function refreshedTokens(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  refused: ConnectorTokens,
): Promise<ConnectorTokens> {
  return db.transaction(async (tx) => {
    const row = await connectionOf(tx, companyId, app.key, true);
    const stored = row && isLiveConnection(row) ? tokensOf(row) : null;
    if (!stored || stored.externalCompanyId !== refused.externalCompanyId)
      throw new ConnectorError({
        kind: 'rejected',
        message: `${app.connector.provider} was disconnected or connected again meanwhile: nothing was sent with the old connection`,
      });
    if (stored.accessToken !== refused.accessToken) return stored;
    const fresh = await app.connector.refresh(stored);
    // kept at once: the old refresh token may not work again
    await saveTokens(tx, companyId, app.key, fresh);
    return fresh;
  });
}
