// The portal's sign-in: the same authorization server as the app (issuer from GET /api/config),
// its own public client `distillery-portal`, authorization code + PKCE (S256; the verifier is
// 128 characters as in the app, ../app/auth/pkce). The issuer returns to /portal/, the only
// redirect URI registered for this client (src/server/auth/provider.ts). Tokens stay in this
// tab's sessionStorage (the library's default).
import '../app/auth/pkce';
import { UserManager, type User } from 'oidc-client-ts';
import { isExpired } from '../app/auth/tokens';

export const PORTAL_CLIENT_ID = 'distillery-portal';
const SIGNED_OUT_KEY = 'portal.signedOut';

export class PortalSession {
  readonly manager: UserManager;
  private refreshing: Promise<User | null> | null = null;

  constructor(issuer: string, origin: string = window.location.origin) {
    this.manager = new UserManager({
      authority: issuer,
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: `${origin}/portal/`,
      post_logout_redirect_uri: `${origin}/portal/`,
      response_type: 'code',
      scope: 'openid profile email',
      automaticSilentRenew: false,
    });
  }

  getUser(): Promise<User | null> {
    return this.manager.getUser();
  }

  signIn(): Promise<void> {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    return this.manager.signinRedirect();
  }

  /** Exchanges the code the issuer sent back for tokens. */
  completeSignIn(url: string): Promise<User> {
    return this.manager.signinRedirectCallback(url);
  }

  /** The access token to send; refreshed (refresh-token grant) when expired, null when gone. */
  async accessToken(): Promise<string | null> {
    const user = await this.manager.getUser();
    if (!user || !isExpired(user.expires_at, Date.now())) return user?.access_token ?? null;
    // one refresh at a time: the issuer rotates refresh tokens and a replayed one ends the grant
    this.refreshing ??= this.manager
      .signinSilent()
      .catch(async () => {
        await this.manager.removeUser();
        return null;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return (await this.refreshing)?.access_token ?? null;
  }

  /** True after Sign out brought the person back here: the portal waits for them to sign in. */
  justSignedOut(): boolean {
    return sessionStorage.getItem(SIGNED_OUT_KEY) === '1';
  }

  /** Revokes the refresh token, then ends the session at the issuer, which returns to /portal/. */
  async signOut(): Promise<void> {
    const user = await this.manager.getUser();
    sessionStorage.setItem(SIGNED_OUT_KEY, '1');
    if (user?.refresh_token) await this.manager.revokeTokens(['refresh_token']).catch(() => undefined);
    try {
      await this.manager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch {
      await this.manager.removeUser();
      window.location.assign('/portal/');
    }
  }
}
