import { randomBytes } from 'node:crypto';
import Provider, { errors, type Account, type KoaContextWithOIDC, type OidcClient } from 'oidc-provider';
import type { Db } from '../db/connect';
import { GRANT_CLAIM } from './access';
import { findUserById } from './accounts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_AUDIENCE,
  API_SCOPES,
  ISSUER_PATH,
  PORTAL_CLIENT_ID,
  WEB_CLIENT_ID,
} from './constants';
import type { ServerKeys } from './keys';
import { createOidcAdapterFactory } from './oidc-adapter';
import { pickLanguage } from './page-language';
import { PAGE_TEXTS } from './page-texts';
import { pageSecurityHeaders, renderMessagePage, renderSignOutPage } from './pages';

const DAY = 24 * 60 * 60;

export interface ProviderOptions {
  db: Db;
  /** e.g. http://localhost:3000 — the browser app's origin */
  publicOrigin: string;
  keys: ServerKeys;
}

function languageOf(ctx: KoaContextWithOIDC) {
  return pickLanguage({
    query: ctx.query.lang,
    cookieHeader: ctx.get('cookie'),
    uiLocales: ctx.oidc.params?.ui_locales,
    acceptLanguage: ctx.get('accept-language'),
  });
}

function sendPage(ctx: KoaContextWithOIDC, html: string, nonce?: string) {
  for (const [name, value] of Object.entries(pageSecurityHeaders(nonce))) ctx.set(name, value);
  ctx.type = 'html';
  ctx.body = html;
}

/** Claims of a user for ID tokens and access tokens; null locale is left out. */
async function userClaims(db: Db, accountId: string | undefined) {
  const user = accountId ? await findUserById(db, accountId) : undefined;
  if (!user?.active) return undefined;
  return { email: user.email, name: user.name, ...(user.locale ? { locale: user.locale } : {}) };
}

export function createProvider({ db, publicOrigin, keys }: ProviderOptions): Provider {
  const origin = publicOrigin.replace(/\/+$/, '');
  const issuer = `${origin}${ISSUER_PATH}`;
  const appLink = (lang: 'en' | 'fr') => ({ href: `${origin}/`, text: PAGE_TEXTS[lang].backToApp });

  return new Provider(issuer, {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Distillery',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/login`],
        post_logout_redirect_uris: [`${origin}/`],
      },
      // the customer portal (issue 18): same users and sign-in page, its own client, so its
      // tokens can be told apart and refused on the app's API
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Distillery customer portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${origin}/portal/`],
        post_logout_redirect_uris: [`${origin}/portal/`],
      },
    ],
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'locale'] },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    routes: {
      authorization: '/auth',
      token: '/token',
      jwks: '/jwks',
      revocation: '/revoke_token',
      end_session: '/session/end',
    },
    // our own sign-in page, under the issuer path so its cookie stays scoped there
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${ISSUER_PATH}/interaction/${interaction.uid}`,
    },
    // S256 is the only method oidc-provider 9 accepts; plain is refused
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // our own users endpoints and the ID token carry the profile; access tokens are for the API
      userinfo: { enabled: false },
      revocation: {
        enabled: true,
        // a public client may only revoke its own tokens; others are silently ignored (RFC 7009)
        allowedPolicy: async (_ctx: unknown, client: OidcClient, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      },
      // tokens are plain bearer tokens; nothing here checks proofs of possession
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // A valid id_token_hint proves the app (not a third-party page) asked for the sign-out,
          // so no confirmation is needed; without one the user confirms (logout CSRF).
          const hint = ctx.oidc.entities.IdTokenHint?.payload;
          const autoSubmit = !!hint && hint.sub === ctx.oidc.session?.accountId;
          const nonce = randomBytes(16).toString('base64');
          sendPage(ctx, renderSignOutPage({ lang: languageOf(ctx), form, autoSubmit, scriptNonce: nonce }), nonce);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          const lang = languageOf(ctx);
          const t = PAGE_TEXTS[lang];
          sendPage(ctx, renderMessagePage({ lang, title: t.signOutTitle, message: t.signedOut, link: appLink(lang) }));
        },
      },
      resourceIndicators: {
        enabled: true,
        // the app does not send `resource`: every token is for our API unless it asks otherwise
        defaultResource: async () => API_AUDIENCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
          if (indicator !== API_AUDIENCE) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: API_AUDIENCE,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // the browser app gets a refresh token without asking for offline_access
    issueRefreshToken: async (_ctx: unknown, client: OidcClient) => client.grantTypeAllowed('refresh_token'),
    // a public client's refresh token is single use; a replayed one revokes the whole grant
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: ACCESS_TOKEN_TTL_SECONDS,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
      // rotation keeps the first token's expiry: after 14 days the user signs in again
      RefreshToken: (ctx: { oidc?: { entities: { RotatedRefreshToken?: { remainingTTL: number } } } }) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY,
    },
    async findAccount(_ctx: unknown, sub: string): Promise<Account | undefined> {
      const claims = await userClaims(db, sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    // the API reads e-mail, name and locale from the access token without a lookup, and checks
    // on each request that the grant (gid) is still live: sign-out and revocation delete it
    async extraTokenClaims(_ctx: unknown, token: { kind: string; accountId?: string; grantId?: string }) {
      if (token.kind !== 'AccessToken') return undefined;
      const claims = await userClaims(db, token.accountId);
      return claims && { ...claims, ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}) };
    },
    clientBasedCORS: (_ctx: unknown, requestOrigin: string) => requestOrigin === new URL(origin).origin,
    async renderError(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }) {
      const lang = languageOf(ctx);
      const t = PAGE_TEXTS[lang];
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      sendPage(
        ctx,
        renderMessagePage({ lang, title: t.errorTitle, message: `${t.error} (${detail})`, link: appLink(lang) }),
      );
    },
  });
}
