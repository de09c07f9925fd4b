// The portal setup screen chooses which of the customer portal's sections the company's customers
// see (issue 18): placing orders, Orders, Shipments, Invoices, Statement. Until staff choose,
// every one shows, as before the choice existed. The portal endpoint is the guard: a hidden
// section's operations answer FORBIDDEN in words; portalSections, which the portal reads at
// start, lists the shown ones. The statement lists the invoices, so it shows only with them.
// Figures: INV-A1 is 10 x 10.00 = 100.00 with 40.00 paid, so the year's statement closes at 60.00.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
import { connect, rowsOf } from '../../src/server/db/connect';
import { migrate, readMigrations } from '../../src/server/db/migrate';
import { portalSectionsOf } from '../../src/server/domain/portal/sections';
import { ACCEPT, codeOf, mailbox, ok, portalCalls, type Gql } from './support/portal';

const ALL = ['order', 'orders', 'shipments', 'invoices', 'statement'];
const SECTIONS = `sections { order orders shipments invoices statement }`;
const SET = `mutation($i: PortalSettingsInput!) { portalSetSettings(input: $i) { enabled productIds ${SECTIONS} } }`;
const STATEMENT = `{ portalStatement(from: "2026-01-01", to: "2026-12-31") { closingBalance } }`;
const PLACE = `mutation($i: PortalOrderInput!) { portalPlaceOrder(input: $i) { number } }`;

type Sections = Record<string, boolean>;
const sections = (hidden: string[]): Sections => Object.fromEntries(ALL.map((s) => [s, !hidden.includes(s)]));

describe.each(backends)('customer portal sections on %s', (backend) => {
  let api: TestApi;
  const mail = mailbox();
  let staff: { userId: string; companyId: string; token: string };
  let dave: { token: string };
  const ids: Record<string, string> = {};

  const calls = portalCalls(
    () => api,
    () => staff.token,
  );
  const { main, create } = calls;
  const portal = <T>(query: string, variables: Record<string, unknown> = {}) =>
    calls.portalAt<T>(staff.companyId, query, variables, dave.token);
  /** staff save the settings screen: open, the gin shown, these sections (omitted: not sent) */
  const save = (chosen?: Sections | null, token = staff.token) =>
    main<{ portalSetSettings: { sections: Sections } }>(
      staff.companyId,
      SET,
      { i: { enabled: true, productIds: [ids.gin], ...(chosen === undefined ? {} : { sections: chosen }) } },
      token,
    );
  const staffSections = async () =>
    ok(await main<{ portalSettings: { sections: Sections } }>(staff.companyId, `{ portalSettings { ${SECTIONS} } }`))
      .portalSettings.sections;
  const shown = async () => ok(await portal<{ portalSections: string[] }>(`{ portalSections }`)).portalSections;
  const salesOrderCount = async () =>
    rowsOf<{ n: string }>(
      await api.database.db.execute(
        sql`SELECT count(*)::text AS n FROM sales_orders WHERE company_id = ${staff.companyId}`,
      ),
    )[0].n;
  /** the refusal a portal user reads: FORBIDDEN, these words, no data */
  const expectHidden = (r: Gql<unknown>, words: string) => {
    expect(codeOf(r), words).toBe('FORBIDDEN');
    expect(r.body.errors![0].message).toBe(words);
    expect(r.body.data ?? null).toBeNull();
  };

  beforeAll(async () => {
    api = await startApi(backend, { mailer: mail.mailer });
    staff = await makeMember(api, EVERYTHING, 'Distillerie Sections');
    const co = staff.companyId;
    ids.a = await create(co, 'customer', { name: 'Alpha Bar' });
    ids.gin = await create(co, 'product', { name: 'Gin', price: 25.5 });
    ids.soA = await create(co, 'salesOrder', { number: 'SO-A1', customer: ids.a, date: '2026-02-01', status: 'Open' });
    await create(co, 'invoice', {
      number: 'INV-A1',
      customer: ids.a,
      date: '2026-01-10',
      status: 'Sent',
      amountPaid: 40,
      lines: [{ description: 'Spirits', quantity: 10, unitPrice: 10 }],
    });
    // a shipment written straight into its table: the portal only reads it
    await api.database.db
      .execute(sql`INSERT INTO shipments (company_id, number, customer_id, date, status, sales_order_id)
      VALUES (${co}, 'SH-A1', ${ids.a}, '2026-02-02', 'Shipped', ${ids.soA})`);
    await calls.setPortalAddOn(co, true);
    // saved as before sections could be chosen: none sent
    ok(await save());
    const { email, userId } = await calls.person('dave');
    dave = { token: await api.token(userId) };
    const { link } = await calls.invite(mail, co, ids.a, email);
    expect(ok(await calls.portalAt(co, ACCEPT, { t: link }, dave.token))).toEqual({ portalAcceptInvitation: ids.a });
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it('until staff choose, every section shows, as before', async () => {
    expect(await staffSections()).toEqual(sections([]));
    expect(await shown()).toEqual(ALL);
    const r = ok(
      await portal<Record<string, { number: string }[]>>(
        `{ portalOrders { number } portalShipments { number salesOrderNumber } portalInvoices { number } }`,
      ),
    );
    expect(r).toEqual({
      portalOrders: [{ number: 'SO-A1' }],
      portalShipments: [{ number: 'SH-A1', salesOrderNumber: 'SO-A1' }],
      portalInvoices: [{ number: 'INV-A1' }],
    });
  });

  it('staff hide Invoices and Statement: those answer FORBIDDEN in words, orders still work', async () => {
    const saved = ok(await save(sections(['invoices', 'statement'])));
    expect(saved.portalSetSettings.sections).toEqual(sections(['invoices', 'statement']));
    expect(await staffSections()).toEqual(sections(['invoices', 'statement']));
    // audited with the rest of the save, as the list of sections shown
    const [audit] = rowsOf<{ changes: Record<string, unknown> }>(
      await api.database.db.execute(sql`SELECT changes FROM audit_log
        WHERE company_id = ${staff.companyId} AND entity = 'portalSettings' ORDER BY id DESC LIMIT 1`),
    );
    expect(audit.changes).toEqual({ sections: [ALL, ['order', 'orders', 'shipments']] });

    expect(await shown()).toEqual(['order', 'orders', 'shipments']);
    expectHidden(await portal(`{ portalInvoices { number } }`), 'Your supplier does not show invoices in this portal');
    expectHidden(await portal(STATEMENT), 'Your supplier does not show a statement in this portal');
    // a document asking for a hidden section along with a shown one gets nothing of the hidden one
    const mixed = await portal<{ portalOrders: unknown; portalInvoices: unknown } | null>(
      `{ portalOrders { number } portalInvoices { number } }`,
    );
    expect(codeOf(mixed)).toBe('FORBIDDEN');
    expect(mixed.body.data?.portalInvoices ?? null).toBeNull();

    expect(ok(await portal(`{ portalOrders { number } }`))).toEqual({ portalOrders: [{ number: 'SO-A1' }] });
    // ordering still works: 2 x 25.50
    const placed = ok(
      await portal<{ portalPlaceOrder: { number: string } }>(PLACE, {
        i: { lines: [{ productId: ids.gin, quantity: 2 }] },
      }),
    );
    expect(placed.portalPlaceOrder.number).toBe('SO-A2');
  });

  it('staff hide ordering and Orders: the products, the order and the orders are refused; shipments name no order', async () => {
    ok(await save(sections(['order', 'orders'])));
    expect(await shown()).toEqual(['shipments', 'invoices', 'statement']);
    const before = await salesOrderCount();
    expectHidden(await portal(`{ portalProducts { id } }`), 'Your supplier does not take orders in this portal');
    expectHidden(
      await portal(PLACE, { i: { lines: [{ productId: ids.gin, quantity: 1 }] } }),
      'Your supplier does not take orders in this portal',
    );
    expect(await salesOrderCount()).toBe(before);
    expectHidden(await portal(`{ portalOrders { number } }`), 'Your supplier does not show orders in this portal');
    expect(ok(await portal(`{ portalShipments { number salesOrderNumber } }`))).toEqual({
      portalShipments: [{ number: 'SH-A1', salesOrderNumber: null }],
    });
    expect(ok(await portal(STATEMENT))).toEqual({ portalStatement: [{ closingBalance: '60.00' }] });
  });

  it('turning them back on restores every section', async () => {
    ok(await save(sections([])));
    expect(await shown()).toEqual(ALL);
    const r = ok(
      await portal<Record<string, unknown>>(
        `{ portalInvoices { number } portalShipments { salesOrderNumber } portalProducts { id }
           portalStatement(from: "2026-01-01", to: "2026-12-31") { closingBalance } }`,
      ),
    );
    expect(r).toEqual({
      portalInvoices: [{ number: 'INV-A1' }],
      portalShipments: [{ salesOrderNumber: 'SO-A1' }],
      portalProducts: [{ id: ids.gin }],
      portalStatement: [{ closingBalance: '60.00' }],
    });
  });

  it('the statement shows only with the invoices; a save without sections keeps them', async () => {
    const refused = await save(sections(['invoices']));
    expect(codeOf(refused)).toBe('VALIDATION_ERROR');
    expect(refused.body.errors![0].extensions.info.fields).toEqual({
      'sections.statement': 'The statement lists the invoices: show invoices to show the statement',
    });
    expect(await staffSections()).toEqual(sections([]));

    ok(await save(sections(['shipments'])));
    ok(await save());
    ok(await save(null));
    expect(await staffSections()).toEqual(sections(['shipments']));
    ok(await save(sections([])));
  });

  it('hostile input is a VALIDATION_ERROR and changes nothing', async () => {
    for (const bad of [
      { ...sections([]), order: 'yes' },
      { ...sections([]), order: null },
      { order: true },
      { ...sections([]), secret: true },
      { ...sections([]), invoices: 'x'.repeat(100_000) },
      [true, true, true, true, true],
      'all',
      7,
    ]) {
      const r = await save(bad as Sections);
      expect(codeOf(r), JSON.stringify(bad).slice(0, 80)).toBe('VALIDATION_ERROR');
    }
    expect(await staffSections()).toEqual(sections([]));
  });

  it('staff without config.write, inventory and production cannot change them', async () => {
    for (const permissions of [
      ['config.read', 'inventory.write', 'production.write', 'selling.write'],
      ['config.write', 'production.write'],
    ]) {
      const token = await api.token(await calls.colleague(staff.companyId, permissions));
      expect(codeOf(await save(sections(['invoices', 'statement']), token)), permissions.join()).toBe('FORBIDDEN');
    }
    expect(await staffSections()).toEqual(sections([]));
    expect(await shown()).toEqual(ALL);
  });
});

describe('migration 0052 on a company whose portal was set up before it', () => {
  it('shows every section, and no row can show the statement without the invoices', async () => {
    const database = await connect({});
    try {
      const { db } = database;
      const migrations = readMigrations();
      const at = migrations.findIndex((m) => m.name === '0052_portal_sections');
      await migrate(db, migrations.slice(0, at));
      const [company] = rowsOf<{ id: string }>(
        await db.execute(sql`INSERT INTO companies (name) VALUES ('Before') RETURNING id::text AS id`),
      );
      await db.execute(sql`INSERT INTO portal_settings (company_id, enabled) VALUES (${company.id}, true)`);
      expect(await migrate(db, migrations.slice(at))).toContain('0052_portal_sections');
      expect(await portalSectionsOf(db, company.id)).toEqual(sections([]));
      await expect(
        db.execute(sql`UPDATE portal_settings SET show_invoices = false WHERE company_id = ${company.id}`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
