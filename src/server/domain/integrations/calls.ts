// What every app's sync does the same way: a stable requestid per record, exact cents, and
// one call under the rules for tokens and throttling (an expired token is refreshed once and
// kept at once; a throttled call waits Retry-After, a few times, up to a minute). A failure the
// other system caused makes the job throw RetryLater, and the queue runs it again with backoff
// (throttling beyond those waits counts no attempt against the record: it is not its fault).
import { createHash } from 'node:crypto';
import type { Db } from '../../db/connect';
import type { IntegrationApp } from './apps';
import { ConnectorError, type ConnectorTokens } from './connector';
import { linkOf, markSent, saveLink } from './store';
import { refreshedTokens } from './tokenRefresh';

/** Throttled calls wait at most this long in the job; beyond it the queue retries later. */
const MAX_WAIT_SECONDS = 60;
const THROTTLE_TRIES = 3;

export interface PushSummary {
  succeeded: number;
  failed: number;
  /** how many records waited once the run had pulled what is new over there (a Shopify poll
   * queues the orders it finds in the run itself): the backlog the run is measured against */
  waitingAfterPull?: number;
}

/** Stable per record: the same record always sends the same requestid. */
export const requestIdOf = (companyId: string, app: string, entityType: string, entityId: string) => {
  const hex = createHash('sha256').update(`${companyId}:${app}:${entityType}:${entityId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

/** Numeric text (scale up to 3) to whole cents, half away from zero, without floats. */
export function centsOf(text: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const thousandths = BigInt(whole) * 1000n + BigInt((fraction + '000').slice(0, 3));
  const cents = (thousandths + 5n) / 10n;
  // past 2^53 a Number would no longer be the exact cent count
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`amount too large: ${text}`);
  return Number(sign ? -cents : cents);
}

/** What a document sent looked like, as a hash kept on its link: a save that changes nothing
 * the other system sees (a note it is not sent) is not sent again. */
export const sentHashOf = (payload: unknown) => createHash('sha256').update(JSON.stringify(payload)).digest('hex');

/** The same hash naming the optional fields the send gave a value (`hash:email,phone`): a
 * sparse update leaves out a field that is empty here, so one that was sent before and is empty
 * now must be sent empty to clear it over there, and only such a one (QuickBooks keeps the
 * accountant's own values of fields this app never sent). */
export const sentHashNaming = (payload: unknown, optional: Record<string, string | null | undefined>) =>
  `${sentHashOf(payload)}:${Object.keys(optional)
    .filter((key) => optional[key])
    .join(',')}`;

/** Whether what is sent now (`hash`) is what was sent (`sent`): their digests alike, whatever
 * fields either names (a hash kept before the fields were named is its digest alone). */
export const sameSent = (sent: string | null, hash: string) =>
  sent !== null && sent.split(':')[0] === hash.split(':')[0];

/** The optional fields a hash from sentHashNaming says were sent (none for an older hash). */
export const fieldsSentIn = (hash: string | null): Set<string> =>
  new Set(hash?.split(':')[1]?.split(',').filter(Boolean) ?? []);

export class RetryLater extends Error {
  override name = 'RetryLater';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A record's id over there: its link, or else the push's answer, linked at once (a customer,
 * a supplier). `record.hash` (or the one the push answers, when what it found there differs
 * from what it would have sent) is kept on the link as the baseline of later changes. */
export async function linkedOrPushed(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  session: { tokens: ConnectorTokens },
  record: { entityType: string; entityId: string; hash?: string },
  push: (tokens: ConnectorTokens, requestId: string) => Promise<string | { externalId: string; hash: string }>,
): Promise<{ externalId: string; pushed: boolean }> {
  const linked = await linkOf(db, companyId, app.key, record.entityType, record.entityId);
  if (linked) return { externalId: linked, pushed: false };
  const answer = await withTokens(db, companyId, app, session, (tokens) =>
    push(tokens, requestIdOf(companyId, app.key, record.entityType, record.entityId)),
  );
  const { externalId, hash } = typeof answer === 'string' ? { externalId: answer, hash: record.hash } : answer;
  await saveLink(db, companyId, app.key, record.entityType, record.entityId, externalId);
  if (hash) await markSent(db, companyId, app.key, record.entityType, record.entityId, { version: null, hash });
  return { externalId, pushed: true };
}

/** One call with the sync's rules for tokens and throttling; other failures go up. */
export async function withTokens<T>(
  db: Db,
  companyId: string,
  app: IntegrationApp,
  session: { tokens: ConnectorTokens },
  call: (tokens: ConnectorTokens) => Promise<T>,
): Promise<T> {
  let refreshed = false;
  for (let throttled = 0; ;) {
    try {
      return await call(session.tokens);
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      const failure = error.failure;
      if (failure.kind === 'unauthorized' && !refreshed) {
        refreshed = true;
        session.tokens = await refreshedTokens(db, companyId, app, session.tokens);
        continue;
      }
      if (
        failure.kind === 'rateLimited' &&
        ++throttled < THROTTLE_TRIES &&
        failure.retryAfterSeconds <= MAX_WAIT_SECONDS
      ) {
        await sleep(failure.retryAfterSeconds * 1000);
        continue;
      }
      throw error;
    }
  }
}
