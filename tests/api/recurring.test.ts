// Recurring transactions through the API and the job's handler, on PGlite and PostgreSQL: a due
// monthly invoice schedule makes one invoice (the template's lines and totals, the next number
// in its style, the run date), a second run the same day makes nothing, the next run moves a
// month on (31 January -> 28 February 2027), missed weeks are caught up one document each, a
// schedule past its end date stops; the save rules (template, dates, buying.write for a purchase
// order schedule); Run now; tenancy; and two checks at once making one document.
//
// Money worked by hand (GST 5 % on the lines):
//   line 1: 2 x 50.00                     = 100.00
//   line 2: 3 x 10.00 less 10 %           =  27.00
//   subtotal 127.00, GST 5 % of 127.00    =   6.35, total 133.35
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, membershipTable, userTable } from '../../src/generated/tables';
import { EVERYTHING, backends, makeMember, startApi, type TestApi } from './harness';
// after the harness (which loads the domain's module list through the app)
import { runDueRecurringTransactions } from '../../src/server/domain/recurring';

/** noon in Toronto (the default company time zone; UTC-5 in winter) on a calendar day */
const torontoNoon = (day: string) => new Date(`${day}T17:00:00Z`);
/** today in Toronto, as the server decides "today" for Run now */
const todayInToronto = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

const SCHEDULE = `{ id name type frequency interval startDate endDate nextRun lastRun active invoice { id } }`;
const INVOICE = `{ id number date dueDate status customer { id } subtotal taxTotal total
  lines { description quantity unitPrice discountPercent tax { id } amount taxAmount } }`;

type Errors = { message: string; extensions: { code: string; info: Record<string, unknown> } }[] | undefined;

describe.each(backends)('recurring transactions on %s', (backend) => {
  let api: TestApi;
  let co: { companyId: string; token: string; userId: string };
  let customer = '';
  let gst = '';
  let template = '';

  const call = async <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ) => {
    const r = await api.gql<T>(co.companyId, query, variables, token ?? co.token);
    return { data: r.body.data, errors: r.body.errors as Errors };
  };
  const ok = async <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ) => {
    const r = await call<T>(query, variables, token);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const createSchedule = (input: Record<string, unknown>, token?: string) =>
    call<{ recurringTransactionCreate: Record<string, unknown> }>(
      `mutation($input: RecurringTransactionInput!) { recurringTransactionCreate(input: $input) ${SCHEDULE} }`,
      { input },
      token,
    );
  const schedule = async (id: string) =>
    (
      await ok<{ recurringTransaction: Record<string, unknown> }>(
        `query($id: ID!) { recurringTransaction(id: $id) ${SCHEDULE} }`,
        { id },
      )
    ).recurringTransaction;
  const runs = async (id: string, token?: string) =>
    call<{ recurringTransactionRuns: Record<string, unknown>[] }>(
      `query($id: ID!) { recurringTransactionRuns(id: $id) { runDate status documentEntity documentId documentNumber error attempts } }`,
      { id },
      token,
    );
  const invoices = async () =>
    (
      await ok<{ invoices2: { edges: { node: Record<string, unknown> }[] } }>(
        `{ invoices2(first: 50, sortKey: "number") { edges { node { id number date } } } }`,
      )
    ).invoices2.edges.map((e) => e.node);
  const invoice = async (id: unknown) =>
    (await ok<{ invoice: Record<string, unknown> }>(`query($id: ID!) { invoice(id: $id) ${INVOICE} }`, { id })).invoice;
  const monthlyInvoice = (extra: Record<string, unknown> = {}) => ({
    name: 'Monthly cask club',
    type: 'Invoice',
    invoice: template,
    frequency: 'Monthly',
    interval: 1,
    startDate: '2027-01-31',
    ...extra,
  });

  beforeAll(async () => {
    api = await startApi(backend);
    co = await makeMember(api, EVERYTHING);
    await api.database.db
      .update(companyTable)
      .set({ allowRecurringTransactions: true })
      .where(eq(companyTable.id, co.companyId));
    customer = (
      await ok<{ customerCreate: { id: string } }>(`mutation { customerCreate(input: { name: "Le Club" }) { id } }`)
    ).customerCreate.id;
    gst = (await ok<{ taxCreate: { id: string } }>(`mutation { taxCreate(input: { name: "GST", rate: 5 }) { id } }`))
      .taxCreate.id;
    template = (
      await ok<{ invoiceCreate: { id: string } }>(
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`,
        {
          input: {
            number: 'INV-0041',
            customer,
            date: '2026-12-31',
            // due 30 days after its date: copies are due 30 days after theirs
            dueDate: '2027-01-30',
            status: 'Sent',
            lines: [
              { description: 'Cask club share', quantity: 2, unitPrice: 50, tax: gst },
              { description: 'Tasting glasses', quantity: 3, unitPrice: 10, discountPercent: 10, tax: gst },
            ],
          },
        },
      )
    ).invoiceCreate.id;
  });
  afterAll(async () => {
    await api?.close();
  });

  it('sets the next run to the start date on create, and checks what is saved', async () => {
    const created = await createSchedule(monthlyInvoice({ startDate: '2027-03-15' }));
    expect(created.errors).toBeUndefined();
    expect(created.data!.recurringTransactionCreate).toMatchObject({
      nextRun: '2027-03-15',
      lastRun: null,
      active: true,
    });

    const noTemplate = await createSchedule(monthlyInvoice({ invoice: null }));
    expect(noTemplate.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { invoice: 'Choose the template invoice' } },
    });
    const backwards = await createSchedule(monthlyInvoice({ endDate: '2027-01-30' }));
    expect(backwards.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { endDate: 'Must be on or after the first run date' } },
    });
    const zero = await createSchedule(monthlyInvoice({ interval: 0 }));
    expect(zero.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(zero.errors![0].extensions.info.fields as object)).toEqual(['interval']);

    // changing the dates recomputes the next run: from 15 March to 1 April
    const id = String(created.data!.recurringTransactionCreate.id);
    const moved = await ok<{ recurringTransactionUpdate: Record<string, unknown> }>(
      `mutation($id: ID!) { recurringTransactionUpdate(id: $id, input: { startDate: "2027-04-01" }) ${SCHEDULE} }`,
      { id },
    );
    expect(moved.recurringTransactionUpdate.nextRun).toBe('2027-04-01');
  });

  it('a due monthly invoice schedule makes one invoice, once, and moves to the next month', async () => {
    const id = String((await createSchedule(monthlyInvoice())).data!.recurringTransactionCreate.id);
    const before = (await invoices()).length;

    const made = await runDueRecurringTransactions(api.database.db, torontoNoon('2027-01-31'));
    const mine = made.filter((r) => r.scheduleId === id);
    expect(mine).toMatchObject([{ runDate: '2027-01-31', status: 'Created', documentEntity: 'invoice' }]);

    const all = await invoices();
    expect(all.length).toBe(before + 1);
    expect(all.map((i) => i.id)).toContain(mine[0].documentId);
    const made1 = await invoice(mine[0].documentId);
    // next free number in the template's style; dated the run date; due 30 days later (1 March)
    expect(made1).toMatchObject({
      number: 'INV-0042',
      date: '2027-01-31',
      status: 'Draft',
      customer: { id: customer },
      subtotal: 127,
      taxTotal: 6.35,
      total: 133.35,
    });
    expect(made1.dueDate).toBe('2027-03-02');
    expect(made1.lines).toEqual([
      {
        description: 'Cask club share',
        quantity: 2,
        unitPrice: 50,
        discountPercent: null,
        tax: { id: gst },
        amount: 100,
        taxAmount: 5,
      },
      {
        description: 'Tasting glasses',
        quantity: 3,
        unitPrice: 10,
        discountPercent: 10,
        tax: { id: gst },
        amount: 27,
        taxAmount: 1.35,
      },
    ]);

    // the same day again (the job re-runs, or another server runs it): nothing more
    expect(
      (await runDueRecurringTransactions(api.database.db, torontoNoon('2027-01-31'))).filter(
        (r) => r.scheduleId === id,
      ),
    ).toEqual([]);
    expect((await invoices()).length).toBe(before + 1);
    // 31 January + 1 month: February 2027 has 28 days
    expect(await schedule(id)).toMatchObject({ lastRun: '2027-01-31', nextRun: '2027-02-28' });

    const history = (await runs(id)).data!.recurringTransactionRuns;
    expect(history).toEqual([
      {
        runDate: '2027-01-31',
        status: 'Created',
        documentEntity: 'invoice',
        documentId: made1.id,
        documentNumber: 'INV-0042',
        error: null,
        attempts: 1,
      },
    ]);
    // next month: the 28 February run makes INV-0043 and the series goes back to the 31st
    await runDueRecurringTransactions(api.database.db, torontoNoon('2027-02-28'));
    expect(await schedule(id)).toMatchObject({ lastRun: '2027-02-28', nextRun: '2027-03-31' });
    expect((await runs(id)).data!.recurringTransactionRuns.map((r) => r.documentNumber)).toEqual([
      'INV-0043',
      'INV-0042',
    ]);
  });

  it('catches up one document per missed date, and stops after the end date', async () => {
    // weekly from Friday 1 January, checked first on 20 January: 1, 8 and 15 January are due;
    // it ends 10 January, so only 1 and 8 are made and nothing is left to run
    const id = String(
      (
        await createSchedule(
          monthlyInvoice({ name: 'Weekly', frequency: 'Weekly', startDate: '2027-01-01', endDate: '2027-01-10' }),
        )
      ).data!.recurringTransactionCreate.id,
    );
    const made = (await runDueRecurringTransactions(api.database.db, torontoNoon('2027-01-20'))).filter(
      (r) => r.scheduleId === id,
    );
    expect(made.map((r) => r.runDate)).toEqual(['2027-01-01', '2027-01-08']);
    expect(await schedule(id)).toMatchObject({ lastRun: '2027-01-08', nextRun: null });
    const dated = (await invoices()).filter((i) => made.some((r) => r.documentId === i.id)).map((i) => i.date);
    expect(dated.sort()).toEqual(['2027-01-01', '2027-01-08']);
    expect(
      (await runDueRecurringTransactions(api.database.db, torontoNoon('2027-03-01'))).filter(
        (r) => r.scheduleId === id,
      ),
    ).toEqual([]);
  });

  it('keeps a failed run in the history with its reason, and tries the same date again', async () => {
    // the template's number is 20 characters, the most a number may have: the next one in its
    // style (Z + 1 followed by 19 zeros) has 21, so the copy is refused and nothing is created
    const last = (
      await ok<{ invoiceCreate: { id: string } }>(
        `mutation($input: InvoiceInput!) { invoiceCreate(input: $input) { id } }`,
        { input: { number: `Z${'9'.repeat(19)}`, customer, date: '2027-01-01', status: 'Draft', lines: [] } },
      )
    ).invoiceCreate.id;
    const id = String(
      (await createSchedule(monthlyInvoice({ name: 'Too long', invoice: last, startDate: '2027-04-30' }))).data!
        .recurringTransactionCreate.id,
    );
    for (const attempt of [1, 2]) {
      const made = (await runDueRecurringTransactions(api.database.db, torontoNoon('2027-04-30'))).filter(
        (r) => r.scheduleId === id,
      );
      expect(made).toMatchObject([{ runDate: '2027-04-30', status: 'Failed', documentId: null, attempts: attempt }]);
      expect(made[0].error).toMatch(/^number: /);
    }
    expect((await invoices()).filter((i) => String(i.number).startsWith('Z1'))).toEqual([]);
    expect(await schedule(id)).toMatchObject({ lastRun: null, nextRun: '2027-04-30' });
    expect((await runs(id)).data!.recurringTransactionRuns).toMatchObject([{ status: 'Failed', attempts: 2 }]);
  });

  it('two checks at once make one document per due date', async () => {
    const id = String(
      (await createSchedule(monthlyInvoice({ name: 'Racing', startDate: '2027-05-31' }))).data!
        .recurringTransactionCreate.id,
    );
    const before = (await invoices()).length;
    const [a, b] = await Promise.all([
      runDueRecurringTransactions(api.database.db, torontoNoon('2027-05-31')),
      runDueRecurringTransactions(api.database.db, torontoNoon('2027-05-31')),
    ]);
    expect([...a, ...b].filter((r) => r.scheduleId === id).length).toBe(1);
    // other schedules of the company catch up too: each (schedule, date) once, one invoice each
    // (the schedule whose number overflows fails again and creates nothing)
    const made = [...a, ...b].filter((r) => r.status === 'Created').map((r) => `${r.scheduleId} ${r.runDate}`);
    expect(new Set(made).size).toBe(made.length);
    expect((await invoices()).length).toBe(before + made.length);
    expect((await runs(id)).data!.recurringTransactionRuns.length).toBe(1);
  });

  it('Run now makes today’s document when due, and says why not otherwise', async () => {
    const today = todayInToronto();
    const id = String(
      (await createSchedule(monthlyInvoice({ name: 'Now', startDate: today }))).data!.recurringTransactionCreate.id,
    );
    const run = await ok<{ recurringTransactionRunNow: Record<string, unknown>[] }>(
      `mutation($id: ID!) { recurringTransactionRunNow(id: $id) { runDate status documentNumber } }`,
      { id },
    );
    expect(run.recurringTransactionRunNow).toMatchObject([{ runDate: today, status: 'Created' }]);
    expect((await schedule(id)).lastRun).toBe(today);
    const again = await call(`mutation($id: ID!) { recurringTransactionRunNow(id: $id) { runDate } }`, { id });
    expect(again.errors?.[0].extensions.code).toBe('CONFLICT');
    expect(again.errors?.[0].message).toMatch(/^Nothing is due yet: the next run is on \d{4}-\d{2}-\d{2}$/);
  });

  it('turned back on, a schedule skips the dates it missed while off', async () => {
    // daily since 1 January 2020, turned off: back on, its next run is today (the first day of
    // a daily series after yesterday), not six years of catch-up
    const created = await createSchedule(
      monthlyInvoice({ name: 'Paused', frequency: 'EveryNDays', interval: 1, startDate: '2020-01-01', active: false }),
    );
    const id = String(created.data!.recurringTransactionCreate.id);
    expect(created.data!.recurringTransactionCreate.nextRun).toBe('2020-01-01');
    const resumed = await ok<{ recurringTransactionUpdate: Record<string, unknown> }>(
      `mutation($id: ID!) { recurringTransactionUpdate(id: $id, input: { active: true }) ${SCHEDULE} }`,
      { id },
    );
    expect(resumed.recurringTransactionUpdate).toMatchObject({ active: true, nextRun: todayInToronto() });
  });

  it('a purchase order schedule needs buying.write', async () => {
    const supplier = (
      await ok<{ supplierCreate: { id: string } }>(`mutation { supplierCreate(input: { name: "Cooperage" }) { id } }`)
    ).supplierCreate.id;
    const po = (
      await ok<{ purchaseOrderCreate: { id: string } }>(
        `mutation($input: PurchaseOrderInput!) { purchaseOrderCreate(input: $input) { id } }`,
        {
          input: {
            number: 'PO-100',
            supplier,
            date: '2027-01-04',
            status: 'Draft',
            lines: [{ description: 'Staves', quantity: 1, unitPrice: 12 }],
          },
        },
      )
    ).purchaseOrderCreate.id;
    // a seller of the same company: selling.write, no buying
    const { db } = api.database;
    const [user] = await db
      .insert(userTable)
      .values({ email: `${randomUUID()}@example.test`, name: 'Seller' })
      .returning({ id: userTable.id });
    await db.insert(membershipTable).values({
      companyId: co.companyId,
      user: user.id,
      permissions: ['selling.read', 'selling.write'],
    });
    const seller = await api.token(user.id);
    const refused = await createSchedule(
      { name: 'Staves', type: 'PurchaseOrder', purchaseOrder: po, frequency: 'Monthly', startDate: '2027-02-01' },
      seller,
    );
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(refused.errors?.[0].message).toBe("You don't have permission to manage purchase order schedules");
    // the buyer may; the seller then cannot see its history or run it
    const saved = await createSchedule({
      name: 'Staves',
      type: 'PurchaseOrder',
      purchaseOrder: po,
      frequency: 'Monthly',
      startDate: '2027-02-01',
    });
    expect(saved.errors).toBeUndefined();
    const id = String(saved.data!.recurringTransactionCreate.id);
    expect((await runs(id, seller)).errors?.[0].extensions.code).toBe('FORBIDDEN');
    const runNow = await call(`mutation($id: ID!) { recurringTransactionRunNow(id: $id) { runDate } }`, { id }, seller);
    expect(runNow.errors?.[0].extensions.code).toBe('FORBIDDEN');
    // a due purchase order schedule makes a draft PO-101
    const made = (await runDueRecurringTransactions(db, torontoNoon('2027-02-01'))).filter((r) => r.scheduleId === id);
    expect(made).toMatchObject([{ status: 'Created', documentEntity: 'purchaseOrder', documentNumber: 'PO-101' }]);
    const copy = await ok<{ purchaseOrder: Record<string, unknown> }>(
      `query($id: ID!) { purchaseOrder(id: $id) { number date status supplier { id } lines { description quantity unitPrice } } }`,
      { id: made[0].documentId },
    );
    expect(copy.purchaseOrder).toEqual({
      number: 'PO-101',
      date: '2027-02-01',
      status: 'Draft',
      supplier: { id: supplier },
      lines: [{ description: 'Staves', quantity: 1, unitPrice: 12 }],
    });
  });

  it('keeps companies apart', async () => {
    const other = await makeMember(api, EVERYTHING);
    await api.database.db
      .update(companyTable)
      .set({ allowRecurringTransactions: true })
      .where(eq(companyTable.id, other.companyId));
    const id = String(
      (await createSchedule(monthlyInvoice({ name: 'Mine', startDate: '2027-06-30' }))).data!.recurringTransactionCreate
        .id,
    );
    const asOther = (query: string, variables: Record<string, unknown>) =>
      api
        .gql(other.companyId, query, variables, other.token)
        .then((r) => r.body as { data?: unknown; errors?: Errors });
    // another company's template is not a reference they may use
    const foreign = await asOther(
      `mutation($input: RecurringTransactionInput!) { recurringTransactionCreate(input: $input) { id } }`,
      { input: monthlyInvoice() },
    );
    expect(foreign.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      info: { fields: { invoice: expect.any(String) } },
    });
    // nor is another company's schedule found
    for (const query of [
      `query($id: ID!) { recurringTransactionRuns(id: $id) { runDate } }`,
      `mutation($id: ID!) { recurringTransactionRunNow(id: $id) { runDate } }`,
    ])
      expect((await asOther(query, { id })).errors?.[0].extensions.code).toBe('NOT_FOUND');
    // their own company's schedules are asked of their own company only
    expect(
      (
        await api.gql(
          co.companyId,
          `query($id: ID!) { recurringTransactionRuns(id: $id) { runDate } }`,
          { id },
          other.token,
        )
      ).body,
    ).toMatchObject({ errors: [{ extensions: { code: 'FORBIDDEN' } }] });
    // the job makes the document in the schedule's company only
    const made = (await runDueRecurringTransactions(api.database.db, torontoNoon('2027-06-30'))).filter(
      (r) => r.scheduleId === id,
    );
    expect(made.length).toBe(1);
    const theirs = await asOther(`{ invoices2 { totalCount } }`, {});
    expect(theirs.data).toEqual({ invoices2: { totalCount: 0 } });
  });

  it('does nothing for a company that has recurring transactions turned off', async () => {
    const id = String(
      (await createSchedule(monthlyInvoice({ name: 'Off', startDate: '2027-07-31' }))).data!.recurringTransactionCreate
        .id,
    );
    await api.database.db
      .update(companyTable)
      .set({ allowRecurringTransactions: false })
      .where(eq(companyTable.id, co.companyId));
    try {
      const made = await runDueRecurringTransactions(api.database.db, torontoNoon('2027-07-31'));
      expect(made.filter((r) => r.scheduleId === id)).toEqual([]);
    } finally {
      await api.database.db
        .update(companyTable)
        .set({ allowRecurringTransactions: true })
        .where(eq(companyTable.id, co.companyId));
    }
    expect((await schedule(id)).nextRun).toBe('2027-07-31');
  });
});
