// Who gets into a company's customer portal (issue 18, review S2): the company's customerPortal
// add-on of /apps gates every portal operation and every invitation; a person linked to several
// customers of the company lists them and names the one they act for in the x-portal-customer
// header, and a customer they are not linked to opens nothing. Expected figures are worked by
// hand: an order of 2 x 25.50 is 51.00.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildSchema } from 'graphql';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { portalSdl } from '../../src/server/domain/portal/schema';
import { ACCEPT, INVITE, codeOf, customerOperations, mailbox, ok, portalCalls } from './support/portal';

const OFF = /^The customer portal is not turned on for this company/;

describe.each(backends)('customer portal access on %s', (backend) => {
  let api: TestApi;
  const mail = mailbox();
  const { mails } = mail;
  let staff: { userId: string; companyId: string; token: string };
  let other: { userId: string; companyId: string; token: string };
  /** linked to Alpha and Beta */
  let carol: { email: string; token: string };
  /** linked to Alpha only */
  let dave: { email: string; token: string };
  const ids: Record<string, string> = {};

  const calls = portalCalls(
    () => api,
    () => staff.token,
  );
  const { main, create } = calls;
  const portal = <T>(query: string, token: string, customer?: string, variables = {}, co = staff.companyId) =>
    calls.portalAt<T>(co, query, variables, token, customer ? { 'x-portal-customer': customer } : {});
  /** a person with a user row, signed in */
  const person = async (name: string) => {
    const { email, userId } = await calls.person(name);
    return { email, token: await api.token(userId) };
  };
  /** staff invite; answers the mailed link's token */
  const invite = async (customerId: string, email: string) =>
    (await calls.invite(mail, staff.companyId, customerId, email)).link;
  const setAddOn = (enabled: boolean) => calls.setPortalAddOn(staff.companyId, enabled);
  const salesOrderCount = async () =>
    rowsOf<{ n: string }>(
      await api.database.db.execute(
        sql`SELECT count(*)::text AS n FROM sales_orders WHERE company_id = ${staff.companyId}`,
      ),
    )[0].n;

  beforeAll(async () => {
    api = await startApi(backend, { mailer: mail.mailer });
    staff = await makeMember(api, EVERYTHING, 'Distillerie Accès');
    other = await makeMember(api, EVERYTHING, 'Other Co');
    const co = staff.companyId;
    ids.a = await create(co, 'customer', { name: 'Alpha Bar' });
    ids.b = await create(co, 'customer', { name: 'Beta Bar' });
    ids.d = await create(co, 'customer', { name: 'Delta Bar' });
    ids.c = await create(other.companyId, 'customer', { name: 'Gamma Bar' }, other.token);
    ids.gin = await create(co, 'product', { name: 'Gin', price: 25.5 });
    await create(co, 'salesOrder', { number: 'SO-A1', customer: ids.a, date: '2026-02-01', status: 'Open' });
    await create(co, 'salesOrder', { number: 'SO-B1', customer: ids.b, date: '2026-02-02', status: 'Open' });
    await setAddOn(true);
    ok(
      await main(co, `mutation($i: PortalSettingsInput!) { portalSetSettings(input: $i) { enabled } }`, {
        i: { enabled: true, productIds: [ids.gin] },
      }),
    );
    carol = await person('carol');
    dave = await person('dave');
    for (const [who, customer] of [
      [carol, ids.a],
      [carol, ids.b],
      [dave, ids.a],
    ] as const)
      expect(ok(await portal(ACCEPT, who.token, undefined, { t: await invite(customer, who.email) }))).toEqual({
        portalAcceptInvitation: customer,
      });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('a person linked to two customers lists them and acts for the one the header names', async () => {
    const listed = ok(await portal<{ portalCustomers: unknown[] }>(`{ portalCustomers { id name } }`, carol.token));
    expect(listed.portalCustomers).toEqual([
      { id: ids.a, name: 'Alpha Bar' },
      { id: ids.b, name: 'Beta Bar' },
    ]);
    const read = `{ portalCustomer { id name } portalOrders { number } }`;
    expect(ok(await portal(read, carol.token, ids.b))).toEqual({
      portalCustomer: { id: ids.b, name: 'Beta Bar' },
      portalOrders: [{ number: 'SO-B1' }],
    });
    expect(ok(await portal(read, carol.token, ids.a))).toEqual({
      portalCustomer: { id: ids.a, name: 'Alpha Bar' },
      portalOrders: [{ number: 'SO-A1' }],
    });

    // an order placed as Beta is Beta's: 2 x 25.50 = 51.00
    const placed = ok(
      await portal<{ portalPlaceOrder: { id: string } }>(
        `mutation($i: PortalOrderInput!) { portalPlaceOrder(input: $i) { id } }`,
        carol.token,
        ids.b,
        { i: { lines: [{ productId: ids.gin, quantity: 2 }] } },
      ),
    );
    const order = ok(
      await main<{ salesOrder: unknown }>(
        staff.companyId,
        `query($id: ID!) { salesOrder(id: $id) { customer { id } total } }`,
        {
          id: placed.portalPlaceOrder.id,
        },
      ),
    );
    expect(order.salesOrder).toEqual({ customer: { id: ids.b }, total: 51 });
    const alpha = ok(
      await portal<{ portalOrders: { number: string }[] }>(`{ portalOrders { number } }`, carol.token, ids.a),
    );
    expect(alpha.portalOrders.map((o) => o.number)).toEqual(['SO-A1']);
  });

  it('without a choice, or choosing a customer they are not linked to, nothing opens', async () => {
    const operations = customerOperations(ids.gin);
    const before = await salesOrderCount();
    for (const query of operations) {
      const unchosen = await portal(query, carol.token);
      expect(codeOf(unchosen), query).toBe('VALIDATION_ERROR');
      expect(unchosen.body.errors![0].extensions.info.fields, query).toHaveProperty(['x-portal-customer']);
      expect(unchosen.body.data ?? null, query).toBeNull();
      // a customer of the company she is not linked to, another company's customer, and for a
      // person with one link, a customer other than theirs
      for (const [token, customer] of [
        [carol.token, ids.d],
        [carol.token, ids.c],
        [dave.token, ids.b],
      ]) {
        const refused = await portal(query, token, customer);
        expect(codeOf(refused), `${query} as ${customer}`).toBe('FORBIDDEN');
        expect(refused.body.data ?? null, query).toBeNull();
      }
      expect(codeOf(await portal(query, carol.token, 'not-an-id')), query).toBe('VALIDATION_ERROR');
    }
    expect(await salesOrderCount()).toBe(before);
    // a person with one link needs no choice, and lists only that customer
    expect(ok(await portal(`{ portalCustomers { id } portalCustomer { id } }`, dave.token))).toEqual({
      portalCustomers: [{ id: ids.a }],
      portalCustomer: { id: ids.a },
    });
    // a person with no link here (staff of another company) lists nothing: refused
    expect(codeOf(await portal(`{ portalCustomers { id } }`, other.token))).toBe('FORBIDDEN');
  });

  it('with the customerPortal add-on off, every portal operation and every invitation is refused', async () => {
    const erin = await person('erin');
    const pending = await invite(ids.a, erin.email);
    await setAddOn(false);

    // every field of the portal's schema, probed
    const schema = buildSchema(portalSdl);
    const fields = [
      ...Object.keys(schema.getQueryType()!.getFields()),
      ...Object.keys(schema.getMutationType()!.getFields()),
    ];
    const probes: Record<string, { query: string; variables?: Record<string, unknown> }> = {
      portalCustomers: { query: `{ portalCustomers { id } }` },
      portalCustomer: { query: `{ portalCustomer { id } }` },
      portalSections: { query: `{ portalSections }` },
      portalProducts: { query: `{ portalProducts { id } }` },
      portalOrders: { query: `{ portalOrders { id } }` },
      portalShipments: { query: `{ portalShipments { id } }` },
      portalInvoices: { query: `{ portalInvoices { id } }` },
      portalStatement: { query: `{ portalStatement(from: "2026-01-01", to: "2026-12-31") { closingBalance } }` },
      portalPlaceOrder: {
        query: `mutation($i: PortalOrderInput!) { portalPlaceOrder(input: $i) { id } }`,
        variables: { i: { lines: [{ productId: ids.gin, quantity: 1 }] } },
      },
      portalAcceptInvitation: { query: ACCEPT, variables: { t: pending } },
    };
    expect(Object.keys(probes).sort()).toEqual([...fields].sort());
    const before = await salesOrderCount();
    for (const [field, { query, variables }] of Object.entries(probes))
      for (const [token, customer] of [
        [carol.token, ids.a],
        [dave.token, undefined],
        [erin.token, undefined],
      ]) {
        const r = await portal(query, token!, customer, variables);
        expect(codeOf(r), field).toBe('FORBIDDEN');
        expect(r.body.errors![0].message, field).toMatch(OFF);
        expect(r.body.data ?? null, field).toBeNull();
      }
    expect(await salesOrderCount()).toBe(before);

    // staff cannot invite anyone meanwhile, in the same words; no mail leaves
    const mailed = mails.length;
    const refused = await main(staff.companyId, INVITE, { c: ids.b, e: erin.email });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.body.errors![0].message).toMatch(OFF);
    expect(mails.length).toBe(mailed);
    // the setup screen still reads its settings and users (it says the add-on is off)
    const setup = ok(
      await main<{ portalUsers: { email: string; status: string }[] }>(
        staff.companyId,
        `{ portalSettings { enabled } portalUsers { email status } }`,
      ),
    );
    expect(setup.portalUsers.filter((u) => u.email === erin.email)).toEqual([{ email: erin.email, status: 'Invited' }]);

    // on again: the links and the pending invitation work as before
    await setAddOn(true);
    expect(ok(await portal(`{ portalCustomer { id } }`, carol.token, ids.a))).toEqual({
      portalCustomer: { id: ids.a },
    });
    expect(ok(await portal(ACCEPT, erin.token, undefined, { t: pending }))).toEqual({ portalAcceptInvitation: ids.a });
  });
});
