// Every call to another system has a deadline (INTEGRATIONS_CALL_TIMEOUT_SECONDS, 1 s around
// the calls meant to miss it, the default 30 s for the rest, so a loaded machine is no failure):
// QuickBooks Online's API and, through intuit-oauth, whose requests carry none of their own,
// its sign-in service. A call not answered in time fails as no answer, which the job retries,
// and Disconnect does not wait for a revoke that never comes: the tokens are forgotten here
// whatever the other side says. The stand-in (tests/standins/quickbooks.ts) holds sign-in
// requests unanswered, or answers API requests late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { connectorFailureOf as failureOf } from './support/failures';
import { connectionOf } from '../../src/server/domain/integrations/store';
import {
  quickBooksCalls,
  quickBooksCompany,
  storedTokenCalls,
  setEnv,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';

describe.each(backends)('QuickBooks Online: calls that get no answer in time, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  /** the steps with a deadline of one second */
  const withOneSecond = async <T>(steps: () => Promise<T>): Promise<T> => {
    const restore = setEnv({ INTEGRATIONS_CALL_TIMEOUT_SECONDS: '1' });
    try {
      return await steps();
    } finally {
      restore();
    }
  };
  const qb = quickBooksCalls(() => api);

  const { storedTokens, listAccounts } = storedTokenCalls(
    () => api,
    () => co,
  );

  beforeAll(async () => {
    ({ rig, api, qbo, co } = await quickBooksCompany(backend));
  });
  afterAll(() => rig?.close());

  it('fails a refresh the sign-in service does not answer as no answer, and refreshes once it answers', async () => {
    const tokens = (await storedTokens())!;
    qbo.expireAccessTokens();
    qbo.holdSignIn(true);
    try {
      expect(await withOneSecond(() => failureOf(listAccounts(tokens)))).toEqual({
        kind: 'unavailable',
        message: "QuickBooks Online's sign-in service failed (timeout of 1000ms exceeded)",
      });
    } finally {
      qbo.holdSignIn(false);
    }
    // nothing was kept of the refresh that failed: the next call refreshes and goes through
    const grants = qbo.tokenGrants.length;
    expect((await listAccounts(tokens)).length).toBeGreaterThan(0);
    expect(qbo.tokenGrants.slice(grants)).toEqual(['refresh_token']);
  });

  it('fails an API call answered too late as no answer', async () => {
    const tokens = (await storedTokens())!;
    qbo.inject({ kind: 'delay', ms: 3000 });
    expect(await withOneSecond(() => failureOf(listAccounts(tokens)))).toEqual({
      kind: 'unavailable',
      message: expect.stringMatching(/^QuickBooks Online did not answer \(.*(timeout|aborted)/i),
    });
  });

  it('disconnects without waiting for a revoke the sign-in service never answers', async () => {
    qbo.holdSignIn(true);
    try {
      const answer = qb.ok(
        await withOneSecond(() => qb.call(co, `mutation { integrationDisconnect(app: quickbooks) { status } }`)),
      );
      expect(answer).toEqual({ integrationDisconnect: { status: 'enabled' } });
    } finally {
      qbo.holdSignIn(false);
    }
    expect(await connectionOf(api.database.db, co.companyId, 'quickbooks')).toMatchObject({
      status: 'enabled',
      secrets: null,
    });
  });
});
