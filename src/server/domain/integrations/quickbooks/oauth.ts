// QuickBooks Online's OAuth 2 through Intuit's own client (intuit-oauth). Its endpoints are
// class-wide; QBO_OAUTH_BASE_URL moves all three under one base (a stand-in in tests, with
// Intuit's own paths), otherwise the client keeps Intuit's real ones.
import OAuthClient from 'intuit-oauth';
import { serverConfig } from '../../../config';
import { AppError } from '../../kernel/errors';
import { ConnectorError, type ConnectorTokens } from '../connector';

const INTUIT = {
  authorizeEndpoint: 'https://appcenter.intuit.com/connect/oauth2',
  tokenEndpoint: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
  revokeEndpoint: 'https://developer.api.intuit.com/v2/oauth2/tokens/revoke',
};

export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';

export function oauthEndpoints(base = serverConfig().quickbooks.oauthBaseUrl) {
  if (!base) return INTUIT;
  return {
    authorizeEndpoint: `${base}/connect/oauth2`,
    tokenEndpoint: `${base}/oauth2/v1/tokens/bearer`,
    revokeEndpoint: `${base}/v2/oauth2/tokens/revoke`,
  };
}

export function oauthClient(redirectUri: string): OAuthClient {
  const { clientId, clientSecret, environment } = serverConfig().quickbooks;
  if (!clientId || !clientSecret)
    throw new AppError(
      'VALIDATION_ERROR',
      'QuickBooks Online is not set up on this server: QBO_CLIENT_ID and QBO_CLIENT_SECRET are missing',
    );
  const client = new OAuthClient({ clientId, clientSecret, environment, redirectUri });
  const endpoints = oauthEndpoints();
  client.setAuthorizeURLs({ ...endpoints, userInfoEndpoint: '' });
  withDeadline(client);
  return client;
}

type Loader = { loadResponse(request: Record<string, unknown>): Promise<unknown> };

/** intuit-oauth's requests (axios) carry no timeout: a sign-in service that never answers would
 * hold a sync job, or Disconnect, for ever. Each request of this client gets the deadline every
 * other call has: axios' timeout for a service that goes quiet, and one signal for the whole
 * call, its own retries (1, 2 and 4 s apart) included, for one that trickles or keeps failing.
 * Either fails as unavailable, and the job retries. */
function withDeadline(client: OAuthClient) {
  const loader = client as unknown as Loader;
  const load = loader.loadResponse.bind(client);
  loader.loadResponse = (request) => {
    const ms = serverConfig().integrationCallTimeoutMs;
    // the signal a little later, so a quiet service is told by axios' own words
    return load({ ...request, timeout: ms, signal: AbortSignal.timeout(ms + 500) });
  };
}

interface IntuitTokenJson {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in: number;
}

function tokensOf(json: IntuitTokenJson, realmId: string, now = Date.now()): ConnectorTokens {
  if (!json?.access_token || !json.refresh_token)
    throw new ConnectorError({ kind: 'unavailable', message: 'QuickBooks Online answered no tokens' });
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token,
    accessExpiresAt: new Date(now + Number(json.expires_in) * 1000).toISOString(),
    refreshExpiresAt: new Date(now + Number(json.x_refresh_token_expires_in) * 1000).toISOString(),
    externalCompanyId: realmId,
  };
}

/** intuit-oauth throws with the HTTP answer attached (a refusal's on its authResponse, not on
 * the error itself); an invalid_grant means connect again. */
function failureOf(error: unknown): ConnectorError {
  const e = error as {
    authResponse?: { json?: { error?: string }; response?: { status?: number } };
    response?: { status?: number };
  };
  const status = e.response?.status ?? e.authResponse?.response?.status;
  const reason = e.authResponse?.json?.error ?? (error instanceof Error ? error.message : String(error));
  if (status === 400 || status === 401)
    return new ConnectorError({
      kind: 'rejected',
      message: `QuickBooks Online refused the authorization (${reason}): connect again from Apps`,
    });
  return new ConnectorError({ kind: 'unavailable', message: `QuickBooks Online's sign-in service failed (${reason})` });
}

export async function exchangeCode(callbackUrl: string, redirectUri: string): Promise<ConnectorTokens> {
  const client = oauthClient(redirectUri);
  try {
    const answer = await client.createToken(callbackUrl);
    const realmId = new URL(callbackUrl, 'http://callback').searchParams.get('realmId') ?? '';
    if (!realmId)
      throw new ConnectorError({ kind: 'rejected', message: 'QuickBooks Online sent no company (realmId)' });
    return tokensOf(answer.getJson() as IntuitTokenJson, realmId);
  } catch (error) {
    throw error instanceof ConnectorError ? error : failureOf(error);
  }
}

export async function refreshTokens(tokens: ConnectorTokens): Promise<ConnectorTokens> {
  // redirectUri plays no part in a refresh
  const client = oauthClient('');
  client.setToken({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    token_type: 'bearer',
    expires_in: Math.max(0, Math.floor((Date.parse(tokens.accessExpiresAt) - Date.now()) / 1000)),
    x_refresh_token_expires_in: Math.max(0, Math.floor((Date.parse(tokens.refreshExpiresAt) - Date.now()) / 1000)),
    realmId: tokens.externalCompanyId,
    createdAt: Date.now(),
  });
  try {
    const answer = await client.refresh();
    return tokensOf(answer.getJson() as IntuitTokenJson, tokens.externalCompanyId);
  } catch (error) {
    throw failureOf(error);
  }
}

export async function revokeTokens(tokens: ConnectorTokens): Promise<void> {
  const client = oauthClient('');
  await client.revoke({ refresh_token: tokens.refreshToken });
}
