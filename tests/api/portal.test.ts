// The customer portal (issue 18): staff open the portal, choose the visible products and invite
// a customer's person; that person, signed in with the portal's own client, sees only their
// customer's orders, shipments, invoices and statement, and orders visible products, which
// become a sales order staff see in the app. Isolation is probed on every portal operation with
// another customer of the same company and with another company present. Tokens are signed
// with a key made for this test and carry client_id as the embedded issuer's JWTs do (RFC 9068).
//
// Statement figures, worked by hand (no tax, no shipping: a total is quantity x unit price):
//   INV-A1 2026-01-10: 10 x 10.00 = 100.00, paid 40.00
//   INV-A2 2026-02-15:  3 x 83.50 = 250.50, nothing paid
//   RMA-A1 2026-02-20: credits INV-A2 20.00 (Credited)
//   February: opening 100.00 - 40.00 = 60.00; + 250.50 = 310.50; - 20.00 = 290.50 closing.
//   January: opening 0.00; + 100.00 = 100.00; - 40.00 = 60.00 closing.
// A draft invoice (INV-A3) and customer B's invoice (INV-B1, 777.00) never count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { EVERYTHING, backends, makeMember, startApi, AUDIENCE, ISSUER, type TestApi } from './harness';
import { rowsOf } from '../../src/server/db/connect';
import { UnauthorizedError } from '../../src/server/auth';
import { PORTAL_CLIENT_ID, WEB_CLIENT_ID } from '../../src/server/auth/constants';
import { refreshInvoiceBalance } from '../../src/server/domain/sales/balance';
import { codeOf, customerOperations, mailbox, ok, portalCalls } from './support/portal';

describe.each(backends)('customer portal on %s', (backend) => {
  let api: TestApi;
  let sign: (userId: string, clientId: string) => Promise<string>;
  const mail = mailbox();
  let staff: { userId: string; companyId: string; token: string };
  let other: { userId: string; companyId: string; token: string };
  let alice: { userId: string; token: string; staffToken: string };
  const ids: Record<string, string> = {};

  const calls = portalCalls(
    () => api,
    () => staff.token,
  );
  const { main, create, person, colleague, setPortalAddOn, accept } = calls;
  const portal = <T>(
    companyId: string,
    query: string,
    variables?: Record<string, unknown>,
    token = alice.token,
    headers = {},
  ) => calls.portalAt<T>(companyId, query, variables, token, headers);
  /** staff invite; the person accepts with the mailed link's token (signed in with the portal client) */
  const invite = (companyId: string, customerId: string, email: string) =>
    calls.invite(mail, companyId, customerId, email);

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const verifyToken = async (header: string | undefined) => {
      const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
      if (!token) throw new UnauthorizedError('no token');
      try {
        const { payload } = await jwtVerify(token, publicKey, { issuer: ISSUER, audience: AUDIENCE });
        return { sub: String(payload.sub) };
      } catch {
        throw new UnauthorizedError('bad token');
      }
    };
    api = await startApi(backend, { verifyToken, mailer: mail.mailer });
    sign = (userId, clientId) =>
      new SignJWT({ client_id: clientId })
        .setProtectedHeader({ alg: 'RS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    const s = await makeMember(api, EVERYTHING, 'Distillerie Portail');
    staff = { ...s, token: await sign(s.userId, WEB_CLIENT_ID) };
    const o = await makeMember(api, EVERYTHING, 'Other Co');
    other = { ...o, token: await sign(o.userId, WEB_CLIENT_ID) };

    const co = staff.companyId;
    ids.a = await create(co, 'customer', { name: 'Alpha Bar' });
    ids.b = await create(co, 'customer', { name: 'Beta Bar' });
    ids.c = await create(other.companyId, 'customer', { name: 'Gamma Bar' }, other.token);
    ids.gin = await create(co, 'product', { name: 'Gin', price: 25.5 });
    ids.vodka = await create(co, 'product', { name: 'Vodka', price: 19 });
    ids.secret = await create(co, 'product', { name: 'Secret reserve', price: 99 });
    ids.otherGin = await create(other.companyId, 'product', { name: 'Other gin', price: 1 }, other.token);

    const invoice = (customer: string, number: string, date: string, qty: number, price: number, extra = {}) =>
      create(co, 'invoice', {
        number,
        customer,
        date,
        status: 'Sent',
        lines: [{ description: 'Spirits', quantity: qty, unitPrice: price }],
        ...extra,
      });
    ids.invA1 = await invoice(ids.a, 'INV-A1', '2026-01-10', 10, 10, { amountPaid: 40 });
    ids.invA2 = await invoice(ids.a, 'INV-A2', '2026-02-15', 3, 83.5);
    ids.invA3 = await invoice(ids.a, 'INV-A3', '2026-02-20', 1, 5, { status: 'Draft' });
    ids.invB1 = await invoice(ids.b, 'INV-B1', '2026-02-10', 1, 777);
    ids.invC1 = await create(
      other.companyId,
      'invoice',
      { number: 'INV-C1', customer: ids.c, date: '2026-02-10', status: 'Sent', lines: [{ quantity: 1, unitPrice: 5 }] },
      other.token,
    );
    ids.soA = await create(co, 'salesOrder', { number: 'SO-A1', customer: ids.a, date: '2026-02-01', status: 'Open' });
    ids.soB = await create(co, 'salesOrder', { number: 'SO-B1', customer: ids.b, date: '2026-02-01', status: 'Open' });
    // a credited return and shipments written straight into their tables: the portal only reads
    // them, and their stock movements are the sales flow's (tested there)
    const db = api.database.db;
    await db.execute(sql`INSERT INTO sales_returns (company_id, number, customer_id, invoice_id, date, status, restock, total)
      VALUES (${co}, 'RMA-A1', ${ids.a}, ${ids.invA2}, '2026-02-20', 'Credited', false, 20)`);
    // the sales module keeps the invoice's balance when a return changes (sales/balance.ts)
    await refreshInvoiceBalance(
      { db, actor: { userId: staff.userId, companyId: co, permissions: EVERYTHING, features: {} } },
      ids.invA2,
    );
    for (const [customer, number, status] of [
      [ids.a, 'SH-A1', 'Shipped'],
      [ids.a, 'SH-A2', 'Draft'],
      [ids.b, 'SH-B1', 'Delivered'],
    ])
      await db.execute(sql`INSERT INTO shipments (company_id, number, customer_id, date, status, sales_order_id)
        VALUES (${co}, ${number}, ${customer}, '2026-02-02', ${status}, ${customer === ids.a ? ids.soA : ids.soB})`);

    // the company has the portal as an add-on of /apps; off, nothing below would open
    await setPortalAddOn(co, true);
    // the other company's portal is on too: what keeps Alice out there is her lack of a link
    await setPortalAddOn(other.companyId, true, other.token);
    ok(
      await main(co, `mutation($i: PortalSettingsInput!) { portalSetSettings(input: $i) { enabled productIds } }`, {
        i: { enabled: true, productIds: [ids.gin, ids.vodka] },
      }),
    );
    const { userId: aliceId, email } = await person('alice', 'alpha.test');
    alice = {
      userId: aliceId,
      token: await sign(aliceId, PORTAL_CLIENT_ID),
      staffToken: await sign(aliceId, WEB_CLIENT_ID),
    };
    const { link, status } = await invite(co, ids.a, email.toUpperCase());
    expect(status).toBe('Invited');
    expect(ok(await accept(co, link, alice.token)).portalAcceptInvitation).toBe(ids.a);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('staff see the settings and the portal user, now Active', async () => {
    const r = ok(
      await main<{
        portalSettings: { enabled: boolean; productIds: string[] };
        portalUsers: Record<string, unknown>[];
      }>(
        staff.companyId,
        `{ portalSettings { enabled productIds } portalUsers { customerId customerName status expiresAt } }`,
      ),
    );
    expect(r.portalSettings).toEqual({
      enabled: true,
      productIds: [ids.gin, ids.vodka].sort((a, b) => Number(a) - Number(b)),
    });
    expect(r.portalUsers).toEqual([
      { customerId: ids.a, customerName: 'Alpha Bar', status: 'Active', expiresAt: null },
    ]);
  });

  it('the portal user reads only their customer: me, products, orders, shipments, invoices', async () => {
    const r = ok(
      await portal<{
        portalCustomer: { id: string; name: string; companyName: string };
        portalProducts: { id: string; name: string; price: string; currency: string }[];
        portalOrders: { number: string }[];
        portalShipments: { number: string; salesOrderNumber: string }[];
        portalInvoices: { number: string; total: string; amountPaid: string; balance: string }[];
      }>(
        staff.companyId,
        `{ portalCustomer { id name companyName } portalProducts { id name price currency }
           portalOrders { number } portalShipments { number salesOrderNumber }
           portalInvoices { number total amountPaid balance } }`,
      ),
    );
    expect(r.portalCustomer).toEqual({ id: ids.a, name: 'Alpha Bar', companyName: 'Distillerie Portail' });
    expect(r.portalProducts).toEqual([
      { id: ids.gin, name: 'Gin', price: '25.50', currency: 'CAD' },
      { id: ids.vodka, name: 'Vodka', price: '19.00', currency: 'CAD' },
    ]);
    expect(r.portalOrders.map((o) => o.number)).toEqual(['SO-A1']);
    expect(r.portalShipments).toEqual([{ number: 'SH-A1', salesOrderNumber: 'SO-A1' }]);
    // most recent first; the draft is not sent yet; 250.50 - 20.00 credited = 230.50 owed
    expect(r.portalInvoices).toEqual([
      { number: 'INV-A2', total: '250.50', amountPaid: '0.00', balance: '230.50' },
      { number: 'INV-A1', total: '100.00', amountPaid: '40.00', balance: '60.00' },
    ]);
  });

  it('the statement is the hand-worked one', async () => {
    const q = `query($f: String!, $t: String!) { portalStatement(from: $f, to: $t) { currency from to openingBalance
      invoiced paid credited closingBalance lines { date kind number amount balance } } }`;
    const feb = ok(
      await portal<{ portalStatement: unknown[] }>(staff.companyId, q, { f: '2026-02-01', t: '2026-02-28' }),
    );
    expect(feb.portalStatement).toEqual([
      {
        currency: 'CAD',
        from: '2026-02-01',
        to: '2026-02-28',
        openingBalance: '60.00',
        invoiced: '250.50',
        paid: '0.00',
        credited: '20.00',
        closingBalance: '290.50',
        lines: [
          { date: '2026-02-15', kind: 'Invoice', number: 'INV-A2', amount: '250.50', balance: '310.50' },
          { date: '2026-02-20', kind: 'Credit', number: 'RMA-A1', amount: '-20.00', balance: '290.50' },
        ],
      },
    ]);
    const jan = ok(
      await portal<{ portalStatement: unknown[] }>(staff.companyId, q, { f: '2026-01-01', t: '2026-01-31' }),
    );
    expect(jan.portalStatement).toEqual([
      {
        currency: 'CAD',
        from: '2026-01-01',
        to: '2026-01-31',
        openingBalance: '0.00',
        invoiced: '100.00',
        paid: '40.00',
        credited: '0.00',
        closingBalance: '60.00',
        lines: [
          { date: '2026-01-10', kind: 'Invoice', number: 'INV-A1', amount: '100.00', balance: '100.00' },
          { date: '2026-01-10', kind: 'Payment', number: 'INV-A1', amount: '-40.00', balance: '60.00' },
        ],
      },
    ]);
    const bad = await portal(staff.companyId, q, { f: '2026-02-28', t: '2026-02-01' });
    expect(codeOf(bad)).toBe('VALIDATION_ERROR');
    const tooLong = await portal(staff.companyId, q, { f: '2020-01-01', t: '2026-02-01' });
    expect(codeOf(tooLong)).toBe('VALIDATION_ERROR');
  });

  it('placing an order makes a sales order of the customer that staff see', async () => {
    const r = ok(
      await portal<{ portalPlaceOrder: { id: string; number: string } }>(
        staff.companyId,
        `mutation($i: PortalOrderInput!) { portalPlaceOrder(input: $i) { id number } }`,
        {
          i: {
            lines: [
              { productId: ids.gin, quantity: 12 },
              { productId: ids.vodka, quantity: 2 },
            ],
            customerPO: 'PO-77',
          },
        },
      ),
    );
    // the company's series goes on: SO-B1 was the last number given
    expect(r.portalPlaceOrder.number).toBe('SO-B2');
    const seen = ok(
      await main<{ salesOrder: Record<string, unknown> }>(
        staff.companyId,
        `query($id: ID!) { salesOrder(id: $id) { number status customer { id } customerPO total
           lines { product { id } quantity unitPrice amount } } }`,
        { id: r.portalPlaceOrder.id },
      ),
    ).salesOrder;
    // 12 x 25.50 = 306.00; 2 x 19.00 = 38.00; total 344.00
    expect(seen).toEqual({
      number: 'SO-B2',
      status: 'Open',
      customer: { id: ids.a },
      customerPO: 'PO-77',
      total: 344,
      lines: [
        { product: { id: ids.gin }, quantity: 12, unitPrice: 25.5, amount: 306 },
        { product: { id: ids.vodka }, quantity: 2, unitPrice: 19, amount: 38 },
      ],
    });
    const mine = ok(
      await portal<{ portalOrders: { number: string; total: string }[] }>(
        staff.companyId,
        `{ portalOrders { number total } }`,
      ),
    );
    expect(mine.portalOrders.map((o) => o.number).sort()).toEqual(['SO-A1', 'SO-B2']);
    expect(mine.portalOrders.find((o) => o.number === 'SO-B2')!.total).toBe('344.00');
  });

  it('refuses an invisible product, another company’s product, a bad quantity and too many lines', async () => {
    const place = (lines: unknown[]) =>
      portal(staff.companyId, `mutation($i: PortalOrderInput!) { portalPlaceOrder(input: $i) { id } }`, {
        i: { lines },
      });
    const count = async () =>
      rowsOf<{ n: string }>(
        await api.database.db.execute(
          sql`SELECT count(*)::text AS n FROM sales_orders WHERE company_id = ${staff.companyId}`,
        ),
      )[0].n;
    const before = await count();
    for (const [lines, field] of [
      [[{ productId: ids.secret, quantity: 1 }], 'lines.0.productId'],
      [
        [
          { productId: ids.gin, quantity: 1 },
          { productId: ids.otherGin, quantity: 1 },
        ],
        'lines.1.productId',
      ],
      [[{ productId: ids.gin, quantity: 0 }], 'lines.0.quantity'],
      [[{ productId: ids.gin, quantity: -3 }], 'lines.0.quantity'],
      [[], 'lines'],
      [Array.from({ length: 101 }, () => ({ productId: ids.gin, quantity: 1 })), 'lines'],
    ] as const) {
      const r = await place([...lines]);
      expect(codeOf(r)).toBe('VALIDATION_ERROR');
      expect(Object.keys(r.body.errors![0].extensions.info.fields as object)).toContain(field);
    }
    expect(await count()).toBe(before);
  });

  it('another customer’s person sees only theirs, on every operation', async () => {
    const { userId: bobId, email } = await person('bob', 'beta.test');
    const bob = await sign(bobId, PORTAL_CLIENT_ID);
    // inviting again renews the one invitation: the first link stops working
    const first = await invite(staff.companyId, ids.b, email);
    const { link, id } = await invite(staff.companyId, ids.b, email);
    expect(id).toBe(first.id);
    expect(codeOf(await accept(staff.companyId, first.link, bob))).toBe('NOT_FOUND');
    // the link is for Bob's address: Alice cannot use it
    expect(codeOf(await accept(staff.companyId, link, alice.token))).toBe('NOT_FOUND');
    ok(await accept(staff.companyId, link, bob));
    const r = ok(
      await portal<Record<string, { number: string }[]> & { portalCustomer: { id: string } }>(
        staff.companyId,
        `{ portalCustomer { id } portalOrders { number } portalShipments { number } portalInvoices { number }
           portalStatement(from: "2026-01-01", to: "2026-12-31") { closingBalance lines { number } } }`,
        {},
        bob,
      ),
    );
    expect(r.portalCustomer.id).toBe(ids.b);
    expect(r.portalOrders.map((o) => o.number)).toEqual(['SO-B1']);
    expect(r.portalShipments.map((s) => s.number)).toEqual(['SH-B1']);
    expect(r.portalInvoices.map((i) => i.number)).toEqual(['INV-B1']);
    expect(r.portalStatement).toEqual([{ closingBalance: '777.00', lines: [{ number: 'INV-B1' }] }]);
    // a header naming another customer opens nothing
    const asA = await portal(staff.companyId, `{ portalCustomer { id } }`, {}, bob, { 'x-portal-customer': ids.a });
    expect(codeOf(asA)).toBe('FORBIDDEN');
  });

  it('no portal operation opens for another company, nor for staff without a link', async () => {
    const operations = [`{ portalCustomers { id } }`, ...customerOperations(ids.otherGin)];
    for (const query of operations) {
      // Alice in the other company (where she has no link), with her portal token
      const elsewhere = await portal(other.companyId, query);
      expect(codeOf(elsewhere), query).toBe('FORBIDDEN');
      expect(elsewhere.body.data ?? null, query).toBeNull();
      // staff of the company, a member with every permission but no portal link
      const staffTry = await portal(staff.companyId, query, {}, staff.token);
      expect(codeOf(staffTry), query).toBe('FORBIDDEN');
      // no token at all
      expect((await portal(staff.companyId, query, {}, '')).status).toBe(401);
    }
    const orders = rowsOf<{ n: string }>(
      await api.database.db.execute(
        sql`SELECT count(*)::text AS n FROM sales_orders WHERE company_id = ${other.companyId}`,
      ),
    );
    expect(orders[0].n).toBe('0');
  });

  it('a portal token does not open the app’s API; the same person’s app token does not make them a member', async () => {
    const r = await main(staff.companyId, `{ customers2 { totalCount } }`, {}, alice.token);
    expect(r.status).toBe(401);
    const asPerson = await main(staff.companyId, `{ customers2 { totalCount } }`, {}, alice.staffToken);
    expect(codeOf(asPerson)).toBe('FORBIDDEN');
  });

  it('a closed portal or a removed user opens nothing', async () => {
    const co = staff.companyId;
    ok(await main(co, `mutation { portalSetSettings(input: { enabled: false, productIds: [] }) { enabled } }`));
    expect(codeOf(await portal(co, `{ portalCustomer { id } }`))).toBe('FORBIDDEN');
    ok(
      await main(co, `mutation($i: PortalSettingsInput!) { portalSetSettings(input: $i) { enabled } }`, {
        i: { enabled: true, productIds: [ids.gin] },
      }),
    );
    expect(
      ok(await portal<{ portalProducts: { id: string }[] }>(co, `{ portalProducts { id } }`)).portalProducts,
    ).toEqual([{ id: ids.gin }]);
    const users = ok(
      await main<{ portalUsers: { id: string; customerId: string }[] }>(co, `{ portalUsers { id customerId } }`),
    );
    const aliceLink = users.portalUsers.find((u) => u.customerId === ids.a)!;
    ok(await main(co, `mutation($id: ID!) { portalRemoveUser(id: $id) { id error } }`, { id: aliceLink.id }));
    expect(codeOf(await portal(co, `{ portalCustomer { id } }`))).toBe('FORBIDDEN');
  });

  it('staff without config.write, inventory and production cannot set up the portal', async () => {
    const co = staff.companyId;
    for (const permissions of [
      ['config.read', 'inventory.write', 'production.write', 'selling.write'],
      ['config.write', 'production.write'],
      ['config.write', 'inventory.read'],
    ]) {
      const token = await sign(await colleague(co, permissions), WEB_CLIENT_ID);
      for (const query of [
        `{ portalSettings { enabled } }`,
        `{ portalUsers { id } }`,
        `mutation { portalSetSettings(input: { enabled: true, productIds: [] }) { enabled } }`,
        `mutation { portalInviteCustomerUser(customerId: "${ids.a}", email: "x@y.test") { id } }`,
        `mutation { portalRemoveUser(id: "1") { id } }`,
      ])
        expect(codeOf(await main(co, query, {}, token)), `${permissions.join()} ${query}`).toBe('FORBIDDEN');
    }
    // read-only permissions suffice for inventory and production
    const setup = await colleague(co, ['config.write', 'inventory.read', 'production.read'], 'Setup');
    ok(await main(co, `{ portalSettings { enabled } }`, {}, await sign(setup, WEB_CLIENT_ID)));
  });

  it('staff pick the customer to invite for among the company’s own, by name', async () => {
    const q = `query($s: String) { portalCustomerChoices(search: $s) { id name } }`;
    const all = ok(await main<{ portalCustomerChoices: unknown[] }>(staff.companyId, q, {}));
    expect(all.portalCustomerChoices).toEqual([
      { id: ids.a, name: 'Alpha Bar' },
      { id: ids.b, name: 'Beta Bar' },
    ]);
    const beta = ok(await main<{ portalCustomerChoices: unknown[] }>(staff.companyId, q, { s: 'bet' }));
    expect(beta.portalCustomerChoices).toEqual([{ id: ids.b, name: 'Beta Bar' }]);
    // a wildcard is a character like any other
    const percent = ok(await main<{ portalCustomerChoices: unknown[] }>(staff.companyId, q, { s: '%' }));
    expect(percent.portalCustomerChoices).toEqual([]);
  });

  it('staff settings refuse another company’s product and a customer of another company', async () => {
    const co = staff.companyId;
    const r = await main(co, `mutation($i: PortalSettingsInput!) { portalSetSettings(input: $i) { enabled } }`, {
      i: { enabled: true, productIds: [ids.gin, ids.otherGin] },
    });
    expect(codeOf(r)).toBe('VALIDATION_ERROR');
    const inv = await main(
      co,
      `mutation($c: ID!) { portalInviteCustomerUser(customerId: $c, email: "x@y.test") { id } }`,
      {
        c: ids.c,
      },
    );
    expect(codeOf(inv)).toBe('VALIDATION_ERROR');
    const gone = await main(co, `mutation { portalRemoveUser(id: "${ids.c}") { id } }`);
    expect(codeOf(gone)).toBe('NOT_FOUND');
  });
});
