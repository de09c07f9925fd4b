// Sign-in with oidc-client-ts: authorization code + PKCE (S256, automatic), no automatic
// silent renew. We schedule our own refresh (refresh-token grant through signinSilent)
// REFRESH_LEAD_SECONDS before expiry, and refresh on demand when a token is found expired.
import './pkce';
import { UserManager, type User } from 'oidc-client-ts';
import type { AppConfig } from '../config';
import { isExpired, refreshDelayMs, safeReturnPath } from './tokens';

export const OIDC_SCOPE = 'openid profile email';
const SIGN_IN_LOOP_WINDOW_MS = 15_000;

interface SignInState {
  returnTo: string;
}

export class OidcSession {
  readonly manager: UserManager;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<User | null> | null = null;
  private redirecting = false;
  private signedInAt = 0;
  private readonly callbacks = new Map<string, Promise<string>>();

  constructor(config: AppConfig, origin: string = window.location.origin) {
    this.manager = new UserManager({
      authority: config.issuer,
      client_id: config.clientId,
      redirect_uri: `${origin}/login`,
      post_logout_redirect_uri: `${origin}/`,
      response_type: 'code',
      scope: OIDC_SCOPE,
      automaticSilentRenew: false,
      // the user (tokens) stays in sessionStorage, the library's default: one sign-in per tab
    });
    this.manager.events.addUserLoaded((user) => this.schedule(user));
    this.manager.events.addUserUnloaded(() => this.cancelSchedule());
  }

  /** Loads a stored user (if any) and schedules its refresh. */
  async start(): Promise<void> {
    void this.manager.clearStaleState().catch(() => undefined);
    const user = await this.manager.getUser();
    if (user) this.schedule(user);
  }

  async getUser(): Promise<User | null> {
    return this.manager.getUser();
  }

  /** The access token to send, refreshed first when expired; null when signed out. */
  async getAccessToken(): Promise<string | null> {
    let user = await this.manager.getUser();
    if (!user) return null;
    if (isExpired(user.expires_at, Date.now())) user = await this.refresh();
    return user?.access_token ?? null;
  }

  /**
   * Refresh-token grant (signinSilent uses the refresh token when the user has one). One
   * refresh at a time: the issuer rotates refresh tokens and a replayed one revokes the grant.
   * A failed refresh clears the user (spec 8), so the next call restarts sign-in.
   */
  refresh(): Promise<User | null> {
    if (!this.refreshing) {
      this.refreshing = this.manager
        .signinSilent()
        .catch(async (error: unknown) => {
          console.warn('Token refresh failed', error);
          await this.clearUser();
          return null;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /** Sends the browser to the issuer; after sign-in /login brings it back to `returnTo`. */
  async signIn(returnTo = '/'): Promise<void> {
    if (this.redirecting) return;
    this.redirecting = true;
    try {
      const state: SignInState = { returnTo: safeReturnPath(returnTo) };
      await this.manager.signinRedirect({ state });
    } catch (error) {
      this.redirecting = false;
      throw error;
    }
  }

  /** Exchanges the code of the /login URL for tokens; answers the path to return to. */
  completeSignIn(url: string = window.location.href): Promise<string> {
    // React StrictMode runs effects twice; the code can only be exchanged once.
    let pending = this.callbacks.get(url);
    if (!pending) {
      pending = this.manager.signinRedirectCallback(url).then((user) => {
        this.signedInAt = Date.now();
        return safeReturnPath((user.state as SignInState | undefined)?.returnTo);
      });
      this.callbacks.set(url, pending);
    }
    return pending;
  }

  /**
   * True right after a completed sign-in. If the API rejects a fresh token, starting another
   * sign-in at once would loop through the issuer forever; /login shows an error instead.
   */
  justSignedIn(windowMs = SIGN_IN_LOOP_WINDOW_MS): boolean {
    return this.signedInAt > 0 && Date.now() - this.signedInAt < windowMs;
  }

  /**
   * Revokes the tokens, then signs out at the issuer's end-session endpoint (which ends the
   * session there and, with the embedded issuer, the grant the API checks on every request).
   * The refresh token first and each on its own: an issuer that issues JWT access tokens
   * refuses to revoke them ('Structured JWT Tokens cannot be revoked'), and that refusal must
   * not leave the refresh token alive.
   */
  async signOut(): Promise<void> {
    this.cancelSchedule();
    const user = await this.manager.getUser();
    if (user) {
      for (const type of ['refresh_token', 'access_token'] as const) {
        try {
          await this.manager.revokeTokens([type]);
        } catch (error) {
          console.warn(`Revoking the ${type} failed`, error);
        }
      }
    }
    try {
      await this.manager.signoutRedirect({ id_token_hint: user?.id_token });
    } catch (error) {
      // no end-session endpoint: forget the user locally; /login then starts a new sign-in
      console.warn('End-session redirect failed', error);
      await this.clearUser();
      window.location.assign('/login');
    }
  }

  async clearUser(): Promise<void> {
    this.cancelSchedule();
    await this.manager.removeUser();
  }

  private schedule(user: User): void {
    this.cancelSchedule();
    const delay = refreshDelayMs(user.expires_at, Date.now());
    if (delay === null) return;
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private cancelSchedule(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
