import { API_AUDIENCE, ISSUER_PATH, WEB_CLIENT_ID } from './constants';

export interface AuthConfig {
  /** Issuer identifier the browser signs in with and tokens are checked against. */
  issuer: string;
  /** The browser app's client id at that issuer. */
  clientId: string;
  /** true when our own authorization server (mounted at /oidc) is the issuer. */
  embedded: boolean;
  /** Audience an access token must carry to be accepted by the API. */
  audience: string;
  /** External issuer only: where people change their name, e-mail and password (our own
   * profile and password endpoints exist only on the embedded issuer). OIDC_ACCOUNT_URL, else
   * the issuer's address. */
  accountUrl?: string;
}

/**
 * Reads the sign-in configuration from the environment.
 * OIDC_ISSUER set: an external issuer replaces the embedded one (OIDC_CLIENT_ID names the
 * browser app's client there, OIDC_AUDIENCE the API audience it puts in access tokens).
 */
export function authConfig(publicOrigin: string, env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const external = env.OIDC_ISSUER?.trim();
  if (external) {
    return {
      // kept verbatim: the iss claim must match exactly, trailing slash included (Auth0 has one)
      issuer: external,
      clientId: env.OIDC_CLIENT_ID?.trim() || WEB_CLIENT_ID,
      embedded: false,
      audience: env.OIDC_AUDIENCE?.trim() || API_AUDIENCE,
      accountUrl: env.OIDC_ACCOUNT_URL?.trim() || external,
    };
  }
  return {
    issuer: `${publicOrigin.replace(/\/+$/, '')}${ISSUER_PATH}`,
    clientId: WEB_CLIENT_ID,
    embedded: true,
    audience: API_AUDIENCE,
  };
}
