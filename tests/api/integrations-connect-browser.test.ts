// A connection is completed only by the browser that pressed Connect: the Connect mutation sets an
// HttpOnly, SameSite=Lax cookie on the callback's path, whose value the signed state is bound to.
// A consent completed elsewhere (an authorize URL sent to someone of another company, who
// approves it) connects nothing and says why; the browser that pressed Connect still can. Against
// the QuickBooks Online and Shopify stand-ins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { graphqlPathOf } from '../../src/shared/services';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import {
  accountingMember,
  followConsent,
  pressConnect,
  quickBooksCalls,
  quickBooksCompany,
  type Member,
  type QuickBooksRig,
} from './support/quickbooks';
import { ecommerceCompany, startShopifyApi, type Company, type ShopifyRig } from './support/shopify';

const CONNECT = `mutation { integrationConnect(app: quickbooks) }`;
const SHOP = 'distillerie-c.myshopify.com';
const OTHER_SHOP = 'distillerie-d.myshopify.com';

describe.each(backends)('connecting from the browser that pressed Connect on %s', (backend) => {
  describe('QuickBooks Online', () => {
    let rig: QuickBooksRig;
    let api: TestApi;
    let qbo: QuickBooksStandIn;
    let co: Member;
    let accountant: Member;
    const qb = quickBooksCalls(() => api);
    const status = async (member: Member) =>
      qb
        .ok(
          await qb.call<{ integrations: { app: string; status: string }[] }>(member, `{ integrations { app status } }`),
        )
        .integrations.find((i) => i.app === 'quickbooks')!.status;

    beforeAll(async () => {
      ({ rig, api, qbo, co } = await quickBooksCompany(backend, { connect: false }));
      accountant = await accountingMember(api);
    });
    afterAll(() => rig?.close());

    it('sets an HttpOnly, SameSite=Lax cookie on the callback path with the authorize URL', async () => {
      const res = await api.app.inject({
        method: 'POST',
        url: graphqlPathOf('main', co.companyId),
        headers: { authorization: `Bearer ${co.token}` },
        payload: { query: CONNECT },
      });
      const cookie = String([res.headers['set-cookie']].flat()[0]);
      expect(cookie).toMatch(/^connect_quickbooks=[\w-]{20,};/);
      expect(cookie).toContain('; Path=/api/integrations/quickbooks/callback');
      expect(cookie).toContain('; HttpOnly');
      expect(cookie).toContain('; SameSite=Lax');
      // the app is served over http here: a Secure cookie would never come back
      expect(cookie).not.toContain('Secure');
    });

    it('a consent completed without the cookie (another browser) connects nothing, saying why', async () => {
      const { url } = await pressConnect(api, co, CONNECT);
      const { callback } = await followConsent(api, url);
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/apps?failed=quickbooks&reason=browser');
      expect(await status(co)).toBe('enabled');
      // refused before the code was exchanged
      expect(qbo.tokenGrants).toEqual([]);
    });

    it('a consent completed with another person’s Connect cookie connects neither company', async () => {
      const { url } = await pressConnect(api, co, CONNECT);
      // the accountant has pressed Connect for their own company, in their own browser
      const own = await pressConnect(api, accountant, CONNECT);
      const { callback } = await followConsent(api, url, own.cookie);
      expect(callback.headers.location).toBe('/apps?failed=quickbooks&reason=browser');
      expect(await status(co)).toBe('enabled');
      expect(await status(accountant)).toBe('enabled');
      expect(qbo.tokenGrants).toEqual([]);
      // a cookie of the right name whose value is not the state's is refused too
      const forged = await followConsent(api, url, 'connect_quickbooks=not-the-one');
      expect(forged.callback.headers.location).toBe('/apps?failed=quickbooks&reason=browser');
    });

    it('the browser that pressed Connect connects, and the used cookie is cleared', async () => {
      const { url, cookie } = await pressConnect(api, co, CONNECT);
      // the same consent tried elsewhere first leaves it for its own browser
      expect((await followConsent(api, url)).callback.headers.location).toBe('/apps?failed=quickbooks&reason=browser');
      const { callback } = await followConsent(api, url, cookie);
      expect(callback.headers.location).toBe('/apps?connected=quickbooks');
      expect(String([callback.headers['set-cookie']].flat()[0])).toMatch(
        /^connect_quickbooks=; Path=\/api\/integrations\/quickbooks\/callback; Max-Age=0/,
      );
      expect(await status(co)).toBe('connected');
      expect(await status(accountant)).toBe('enabled');
    });
  });

  describe('Shopify', () => {
    let rig: ShopifyRig;
    let api: TestApi;
    let co: Company;

    beforeAll(async () => {
      rig = await startShopifyApi(backend);
      api = rig.api;
      co = await ecommerceCompany(api);
    });
    afterAll(() => rig?.close());

    /** Connect pressed for the shop (as the SPA does on /apps) and Shopify's consent: the cookie
     * the answer set, and the callback as a browser with that cookie (or none) would call it */
    const consent = async (company: Company, shop: string) => {
      rig.shopify.shop = shop;
      const { url, cookie } = await pressConnect(
        api,
        company,
        `mutation($shop: String!) { shopifyConnect(shop: $shop) }`,
        { shop },
        'ecommerce',
      );
      const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
      const path = `${back.pathname}?${back.searchParams}`;
      return {
        cookie,
        callback: (withCookie?: string) =>
          api.app.inject({ method: 'GET', url: path, headers: withCookie ? { cookie: withCookie } : {} }),
      };
    };

    it('a shop’s consent completed in another browser connects nothing; its own browser connects', async () => {
      const { cookie, callback } = await consent(co, SHOP);
      expect(cookie).toMatch(/^connect_shopify=/);
      expect((await callback()).headers.location).toBe('/apps?failed=shopify&reason=browser');
      expect(rig.shopify.tokensIssued).toHaveLength(0);
      expect((await callback(cookie)).headers.location).toBe('/apps?connected=shopify');
      expect(rig.shopify.tokensIssued).toHaveLength(1);
    });

    it('the install from Shopify goes through /apps, whose Connect sets the cookie, and connects', async () => {
      const other = await ecommerceCompany(api);
      const params = { shop: OTHER_SHOP, timestamp: String(Math.floor(Date.now() / 1000)) };
      const install = await api.app.inject({
        method: 'GET',
        url: `/ecommerce/connect?${new URLSearchParams({ ...params, hmac: rig.shopify.signQuery(params) })}`,
        // a page route: asked at the app's public address
        headers: { host: 'localhost:0' },
      });
      expect(install.headers.location).toBe(`/apps?addOn=ecommerce&shop=${encodeURIComponent(OTHER_SHOP)}`);
      const { cookie, callback } = await consent(other, OTHER_SHOP);
      expect((await callback(cookie)).headers.location).toBe('/apps?connected=shopify');
    });
  });
});
