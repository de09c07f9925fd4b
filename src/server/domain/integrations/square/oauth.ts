// Square's OAuth (developer.squareup.com, "OAuth API"): the seller approves at
// {base}/oauth2/authorize; the callback's code becomes tokens through ObtainToken
// (POST /oauth2/token, grant authorization_code); an access token lasts 30 days and the
// refresh_token grant renews it; RevokeToken (POST /oauth2/revoke, "Authorization: Client
// {application secret}") ends the connection. All three through the SDK's oAuth API.
import type { ObtainTokenResponse } from 'square';
import { ConnectorError, type ConnectorTokens } from '../connector';
import { squareApplication, squareBaseUrl } from './config';
import { failureOf, squareClient } from './client';

/** What the sync does: read orders, locations and the seller; write the catalogue and stock. */
export const SQUARE_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'ORDERS_READ',
  'ITEMS_READ',
  'ITEMS_WRITE',
  'INVENTORY_READ',
  'INVENTORY_WRITE',
  'PAYMENTS_READ',
];

/** Square's code-flow refresh tokens do not expire; the tokens row still wants a date. */
const NO_EXPIRY = '9999-12-31T00:00:00.000Z';

export function authorizeUrl(state: string, redirectUri: string): string {
  const url = new URL(`${squareBaseUrl()}/oauth2/authorize`);
  url.searchParams.set('client_id', squareApplication().id);
  url.searchParams.set('scope', SQUARE_SCOPES.join(' '));
  // session=false: the seller signs in afresh rather than with a dashboard session they left open
  url.searchParams.set('session', 'false');
  url.searchParams.set('state', state);
  url.searchParams.set('redirect_uri', redirectUri);
  return url.toString();
}

function tokensOf(answer: ObtainTokenResponse, merchantId: string | undefined): ConnectorTokens {
  if (!answer.accessToken || !answer.refreshToken || !(answer.merchantId ?? merchantId))
    throw new ConnectorError({ kind: 'unavailable', message: 'Square answered no tokens' });
  return {
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    accessExpiresAt: answer.expiresAt ?? new Date(Date.now() + 30 * 86_400_000).toISOString(),
    refreshExpiresAt: answer.refreshTokenExpiresAt ?? NO_EXPIRY,
    externalCompanyId: answer.merchantId ?? merchantId!,
  };
}

/** A refused grant means the seller must connect again: not worth retrying. */
function grantFailure(error: unknown): ConnectorError {
  const failure = failureOf(error);
  if (failure.failure.kind === 'unauthorized' || failure.failure.kind === 'rejected')
    return new ConnectorError({
      kind: 'rejected',
      message: `Square refused the authorization (${failure.message}): connect again from Apps`,
    });
  return failure;
}

export async function exchangeCode(callbackUrl: string, redirectUri: string): Promise<ConnectorTokens> {
  const code = new URL(callbackUrl, 'http://callback').searchParams.get('code');
  if (!code) throw new ConnectorError({ kind: 'rejected', message: 'Square sent no authorization code' });
  const { id, secret } = squareApplication();
  try {
    const answer = await squareClient().oAuth.obtainToken({
      clientId: id,
      clientSecret: secret,
      code,
      redirectUri,
      grantType: 'authorization_code',
    });
    return tokensOf(answer, undefined);
  } catch (error) {
    throw error instanceof ConnectorError ? error : grantFailure(error);
  }
}

export async function refreshTokens(tokens: ConnectorTokens): Promise<ConnectorTokens> {
  const { id, secret } = squareApplication();
  try {
    const answer = await squareClient().oAuth.obtainToken({
      clientId: id,
      clientSecret: secret,
      refreshToken: tokens.refreshToken,
      grantType: 'refresh_token',
    });
    return tokensOf(answer, tokens.externalCompanyId);
  } catch (error) {
    throw error instanceof ConnectorError ? error : grantFailure(error);
  }
}

export async function revokeTokens(tokens: ConnectorTokens): Promise<void> {
  const { id, secret } = squareApplication();
  await squareClient().oAuth.revokeToken(
    { clientId: id, merchantId: tokens.externalCompanyId },
    { headers: { Authorization: `Client ${secret}` } },
  );
}
