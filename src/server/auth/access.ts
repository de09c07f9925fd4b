// Whether a verified access token still grants access. A JWT stays valid until it expires, so
// the signature alone would let a token outlive a sign-out, a revoked grant, a password change
// or the user's deactivation. Each request therefore looks up, in one indexed query, the user
// (must exist and be active) and, for tokens of the embedded issuer, the grant the token was
// issued under (must still be stored: sign-out, revocation, a replayed refresh token and a
// password change delete it). No cache: a cache would be per process, and a second server (or
// an administrator's UPDATE users SET active = false) would not invalidate it.
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';
import { UnauthorizedError } from './verify';

/** The access token claim that carries the id of the grant it was issued under. */
export const GRANT_CLAIM = 'gid';

/** The oidc-provider models tied to a user's sign-ins (see oidc-adapter.ts). */
const SIGN_IN_KINDS = ['Session', 'Grant', 'AuthorizationCode', 'RefreshToken', 'AccessToken'];

/** The grant named by a bearer token that its verifier has already accepted (its signature
 * vouches for the claim); undefined when it names none. */
export function grantOf(authorizationHeader: string | undefined): string | undefined {
  const token = /^Bearer +(\S+)/i.exec(authorizationHeader ?? '')?.[1];
  if (!token) return undefined;
  try {
    const gid = decodeJwt(token)[GRANT_CLAIM];
    return typeof gid === 'string' ? gid : undefined;
  } catch {
    return undefined;
  }
}

/** The client a bearer token that its verifier has already accepted was issued to (RFC 9068
 * client_id, which the embedded issuer's JWTs carry); undefined when it names none. The customer
 * portal's tokens are told apart by it (issue 18). */
export function clientOf(authorizationHeader: string | undefined): string | undefined {
  const token = /^Bearer +(\S+)/i.exec(authorizationHeader ?? '')?.[1];
  if (!token) return undefined;
  try {
    const clientId = decodeJwt(token).client_id;
    return typeof clientId === 'string' ? clientId : undefined;
  } catch {
    return undefined;
  }
}

const isUserId = (id: string) => /^[1-9]\d{0,18}$/.test(id);

/**
 * Throws UnauthorizedError unless user `userId` exists and is active and, when `grantId` is
 * given, that grant is still live. `requireGrant`: the embedded issuer always names the grant,
 * so a token of ours without one is refused.
 */
export async function assertAccess(
  db: Db,
  userId: string,
  grantId: string | undefined,
  options: { requireGrant?: boolean } = {},
): Promise<void> {
  if (!isUserId(userId)) throw new UnauthorizedError('Unknown user');
  if (grantId === undefined && options.requireGrant) throw new UnauthorizedError('Token names no grant');
  const grantLive =
    grantId === undefined
      ? sql`true`
      : sql`EXISTS (SELECT 1 FROM oidc_payloads WHERE kind = 'Grant' AND id = ${grantId}
                    AND (expires_at IS NULL OR expires_at > now()))`;
  const [row] = await queryRows<{ active: boolean | null; grant_live: boolean }>(
    db,
    sql`SELECT active, ${grantLive} AS grant_live FROM users WHERE id = ${userId}`,
  );
  if (!row || row.active !== true) throw new UnauthorizedError('Unknown or inactive user');
  if (!row.grant_live) throw new UnauthorizedError('Signed out or access revoked');
}

/**
 * Ends every sign-in of a user: sessions (the issuer asks for the password again), grants (the
 * access tokens issued under them stop working at the next request) and refresh tokens. Used
 * when the password changes.
 */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM oidc_payloads
    WHERE kind IN (${sql.join(
      SIGN_IN_KINDS.map((k) => sql`${k}`),
      sql`, `,
    )}) AND payload->>'accountId' = ${userId}`);
}
