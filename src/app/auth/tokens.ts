// Timing rules of the access token (spec 4 and 9), kept pure so they can be tested.

/** Token refresh lead: the access token is refreshed this long before it expires. */
export const REFRESH_LEAD_SECONDS = 60;

/** A token this close to expiry is treated as expired when it is about to be sent. */
export const EXPIRY_SKEW_SECONDS = 5;

const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Milliseconds to wait before refreshing a token that expires at `expiresAt` (seconds since
 * the epoch, as in oidc-client-ts `User.expires_at`), or null when the expiry is unknown.
 */
export function refreshDelayMs(
  expiresAt: number | undefined,
  nowMs: number,
  leadSeconds = REFRESH_LEAD_SECONDS,
): number | null {
  if (!expiresAt) return null;
  // setTimeout overflows past 2^31-1 ms and would fire at once
  return Math.min(MAX_TIMER_MS, Math.max(0, expiresAt * 1000 - leadSeconds * 1000 - nowMs));
}

export function isExpired(expiresAt: number | undefined, nowMs: number, skewSeconds = EXPIRY_SKEW_SECONDS): boolean {
  if (!expiresAt) return false;
  return expiresAt * 1000 <= nowMs + skewSeconds * 1000;
}

/** What the /login route must do, read from its query string. */
export type LoginAction = { kind: 'error'; message: string } | { kind: 'callback' } | { kind: 'start' };

/**
 * `/login` is the return point of the sign-in flow: with `code` it completes the sign-in; with
 * our server's `error_message`, or the OIDC `error` / `error_description`, it shows the message;
 * without either it starts a sign-in.
 */
export function loginAction(search: string): LoginAction {
  const params = new URLSearchParams(search);
  const errorMessage = params.get('error_message');
  if (errorMessage) return { kind: 'error', message: errorMessage };
  const error = params.get('error');
  if (error) return { kind: 'error', message: params.get('error_description') || error };
  if (params.get('code')) return { kind: 'callback' };
  return { kind: 'start' };
}

/** Only same-origin paths are accepted as a place to return to after sign-in. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return '/';
  return value;
}
