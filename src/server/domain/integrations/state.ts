// The OAuth `state` a Connect hands out: who asked (company, user), for which app, until when,
// signed with a key derived from INTEGRATIONS_KEY. The callback arrives without the person's
// bearer token (it is the browser coming back from the other system), so this is what says who
// it is; its hash is also kept on the connection row and accepted once (no replay).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stateSigningKey } from './secrets';

export interface OAuthState {
  companyId: string;
  userId: string;
  app: string;
  /** epoch milliseconds */
  expiresAt: number;
  nonce: string;
  /** the hash of the random value the browser that pressed Connect holds in a cookie
   * (connections.ts): the callback must come from that browser */
  browser?: string;
}

/** Long enough to sign in at the other system and pick a company there. */
export const STATE_LIFETIME_MS = 15 * 60 * 1000;

const sign = (body: string) => createHmac('sha256', stateSigningKey()).update(body).digest('base64url');

export function createState(
  companyId: string,
  userId: string,
  app: string,
  now = Date.now(),
  browser?: string,
): string {
  const state: OAuthState = {
    companyId,
    userId,
    app,
    expiresAt: now + STATE_LIFETIME_MS,
    nonce: randomBytes(16).toString('base64url'),
    ...(browser ? { browser } : {}),
  };
  const body = Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
  return `${body}.${sign(body)}`;
}

/** The state's content when its signature holds and it has not expired; null otherwise. */
export function readState(value: string, now = Date.now()): OAuthState | null {
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined || value.length > 2000) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthState;
    return state.expiresAt > now ? state : null;
  } catch {
    return null;
  }
}

export const stateHash = (value: string) => createHash('sha256').update(value).digest('hex');
