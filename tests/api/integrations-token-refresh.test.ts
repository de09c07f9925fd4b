// An expired access token found by two calls at once is refreshed once: QuickBooks rotates
// refresh tokens (the stand-in, tests/standins/quickbooks.ts, answers invalid_grant to a refresh
// token used twice), so a second refresh of the same one would fail its records for nothing.
// And a call still holding the tokens of a connection Disconnect ended writes nothing back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { accountingApp } from '../../src/server/domain/integrations/apps';
import { ConnectorError } from '../../src/server/domain/integrations/connector';
import { connectionOf } from '../../src/server/domain/integrations/store';
import {
  quickBooksCalls,
  quickBooksCompany,
  storedTokenCalls,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';

describe.each(backends)(
  'QuickBooks Online: one refresh for calls that find the token expired together, on %s',
  (backend) => {
    let rig: QuickBooksRig;
    let api: TestApi;
    let qbo: QuickBooksStandIn;
    let co: Member;
    const qb = quickBooksCalls(() => api);
    const app = accountingApp('quickbooks');

    const { storedTokens, listAccounts } = storedTokenCalls(
      () => api,
      () => co,
    );

    beforeAll(async () => {
      ({ rig, api, qbo, co } = await quickBooksCompany(backend));
    });
    afterAll(() => rig?.close());

    it('refreshes once and both calls go through with the new token', async () => {
      const tokens = (await storedTokens())!;
      qbo.expireAccessTokens();
      const grants = qbo.tokenGrants.length;
      const [first, second] = await Promise.all([listAccounts(tokens), listAccounts(tokens)]);
      expect(first.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(qbo.tokenGrants.slice(grants)).toEqual(['refresh_token']);
      const kept = (await storedTokens())!;
      expect(kept.accessToken).not.toBe(tokens.accessToken);
      // a third call holding the old tokens uses the kept ones, without refreshing again
      await listAccounts(tokens);
      expect(qbo.tokenGrants.slice(grants)).toEqual(['refresh_token']);
    });

    it('asks to connect again when QuickBooks refuses the refresh token, rather than retrying', async () => {
      const tokens = (await storedTokens())!;
      // a refresh token QuickBooks no longer takes (revoked, or replaced by a newer one): its
      // token endpoint answers 400 {"error":"invalid_grant"}
      const error = await app.connector.refresh({ ...tokens, refreshToken: 'no-longer-valid' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).failure).toEqual({
        kind: 'rejected',
        message: 'QuickBooks Online refused the authorization (invalid_grant): connect again from Apps',
      });
    });

    it('writes no tokens into a connection Disconnect ended while a call held the old ones', async () => {
      const tokens = (await storedTokens())!;
      qb.ok(await qb.call(co, `mutation { integrationDisconnect(app: quickbooks) { status } }`));
      qbo.expireAccessTokens();
      const error = await listAccounts(tokens).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).failure).toEqual({
        kind: 'rejected',
        message:
          'QuickBooks Online was disconnected or connected again meanwhile: nothing was sent with the old connection',
      });
      const row = await connectionOf(api.database.db, co.companyId, 'quickbooks');
      expect(row).toMatchObject({ status: 'enabled', secrets: null });
    });
  },
);
