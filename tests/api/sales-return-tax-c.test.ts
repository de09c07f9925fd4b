// The share of an invoice's tax as charged a return gives back (sales/flow/returnTax.ts): what a
// history replay keeps, what a return taken off its invoice drops, two returns saved at once,
// the words of the refusal beside a taxed line, and the rounding to the cent.
//
// Worked by hand:
//   Rounding: 20 lines of 1.5 x $3.33 = $4.995 each, stored $5.00 (rounded once to the cent);
//   the invoice's lines come to $100.00 and its tax as charged is $13.00. A return of all of it
//   hands back $100.00 as its lines store it, so 13.00 x 100.00 / 100.00 = $13.00 (worked from
//   the unrounded $4.995 it would be 13.00 x 99.90 / 100.00 = $12.987, $12.99: a cent lost).
//   At once: an invoice of 10 x $10.00 with $0.05 tax as charged, ten returns of one bottle
//   saved together. One after the other they give back 0.05 x k / 10 rounded, less what the
//   others gave: 0.01, 0.00, 0.01, 0.00, ... = $0.05 in all. Each reading the invoice as if no
//   other return existed would take 0.05 x 1 / 10 = 0.005, $0.01 each, $0.10 in all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, EVERYTHING, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';
import { updateRecord } from '../../src/server/domain/records/write';
import { entityOf } from '../../src/server/domain/records/fields';
import type { DomainContext } from '../../src/server/domain/records/actor';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
const PAST = '2025-01-06';
const RETURN = `query($id: ID!) { salesReturn(id: $id) { taxAsCharged subtotal taxTotal total
  lines { id quantity unitPrice } } }`;
const CREATE = `mutation($input: SalesReturnInput!) { salesReturnCreate(input: $input) { id } }`;
const UPDATE = `mutation($id: ID!, $input: SalesReturnInput!) { salesReturnUpdate(id: $id, input: $input) { id } }`;

describe.each(backends)('tax as charged given back by a return, mends, on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  let customer = '';
  let numbers = 0;

  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await co.call<T>(query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const read = async (id: string) =>
    (await ok<{ salesReturn: Record<string, unknown> & { lines: Record<string, unknown>[] } }>(RETURN, { id }))
      .salesReturn;
  const invoiceOf = (taxAsCharged: number | null, lines: Record<string, unknown>[]) =>
    co.create('invoice', {
      number: `INV-C${++numbers}`,
      customer,
      date: PAST,
      dueDate: PAST,
      taxAsCharged,
      lines,
    });
  const bottles = (quantity: number) => [{ description: 'Rye 750', quantity, unitPrice: 10 }];
  const returnOf = async (invoice: string | null, quantity: number) =>
    (
      await ok<{ salesReturnCreate: { id: string } }>(CREATE, {
        input: {
          number: `RET-C${++numbers}`,
          customer,
          invoice,
          date: PAST,
          status: 'Draft',
          lines: bottles(quantity),
        },
      })
    ).salesReturnCreate.id;

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    customer = await co.create('customer', { name: 'Tasting room' });
  });
  afterAll(() => api.close());

  it('gives back the whole tax of an invoice returned whole, its lines rounded to the cent as stored', async () => {
    const lines = Array.from({ length: 20 }, () => ({ description: 'Sample flight', quantity: 1.5, unitPrice: 3.33 }));
    const invoice = await invoiceOf(13, lines);
    const { salesReturnCreate } = await ok<{ salesReturnCreate: { id: string } }>(CREATE, {
      input: { number: 'RET-WHOLE', customer, invoice, date: PAST, status: 'Draft', lines },
    });
    const back = await read(salesReturnCreate.id);
    expect(back).toMatchObject({ taxAsCharged: 13, subtotal: 100, taxTotal: 13, total: 113 });
  });

  it('keeps the figure a history replay carries', async () => {
    const invoice = await invoiceOf(13, bottles(10));
    const id = await returnOf(invoice, 10);
    expect((await read(id)).taxAsCharged).toBe(13);
    // an import of past records replays what was given back then: the hook must not work it again
    const ctx: DomainContext = {
      db: api.database.db,
      actor: { userId: co.userId, companyId: co.companyId, permissions: EVERYTHING, features: {} },
      history: true,
    };
    await updateRecord(ctx, entityOf('salesReturn'), id, { taxAsCharged: 12.5 });
    expect((await read(id)).taxAsCharged).toBe(12.5);
  });

  it('drops the share once the return names no invoice, or one that states no tax as charged', async () => {
    const invoice = await invoiceOf(13, bottles(10));
    const off = await returnOf(invoice, 2);
    expect((await read(off)).taxAsCharged).toBe(2.6);
    await ok(UPDATE, { id: off, input: { invoice: null } });
    expect(await read(off)).toMatchObject({ taxAsCharged: null, subtotal: 20, taxTotal: 0, total: 20 });

    const cleared = await returnOf(invoice, 3);
    expect((await read(cleared)).taxAsCharged).toBe(3.9);
    await ok(`mutation($id: ID!, $input: InvoiceInput!) { invoiceUpdate(id: $id, input: $input) { id } }`, {
      id: invoice,
      input: { taxAsCharged: null },
    });
    // the form sends back the figure it loaded: it is still the invoice's, not the person's
    await ok(UPDATE, { id: cleared, input: { notes: 'Broken in transit', taxAsCharged: 3.9 } });
    expect(await read(cleared)).toMatchObject({ taxAsCharged: null, taxTotal: 0, total: 30 });

    // a return that never named an invoice keeps the tax as charged typed on it (a till's refunds)
    const typed = await ok<{ salesReturnCreate: { id: string } }>(CREATE, {
      input: { number: 'RET-TILL', customer, date: PAST, status: 'Draft', taxAsCharged: 1.3, lines: bottles(1) },
    });
    await ok(UPDATE, { id: typed.salesReturnCreate.id, input: { notes: 'Till refund' } });
    expect((await read(typed.salesReturnCreate.id)).taxAsCharged).toBe(1.3);
  });

  it('gives the tax out once when returns of one invoice are saved at the same time', async () => {
    const invoice = await invoiceOf(0.05, bottles(10));
    const ids = await Promise.all(Array.from({ length: 10 }, () => returnOf(invoice, 1)));
    const given = await Promise.all(ids.map(async (id) => Math.round(Number((await read(id)).taxAsCharged) * 100)));
    expect(given.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('tells the person what to do when a line of a return from such an invoice carries a tax', async () => {
    const invoice = await invoiceOf(13, bottles(10));
    const id = await returnOf(invoice, 1);
    const hst = await co.create('tax', { name: 'HST', code: 'HST', rate: 13 });
    const [line] = (await read(id)).lines;
    const r = await co.call(UPDATE, { id, input: { lines: [{ id: line.id, quantity: 1, unitPrice: 10, tax: hst }] } });
    expect(r.errors?.[0].extensions.info.fields).toEqual({
      taxAsCharged: `This return gives back its share of the tax charged on invoice INV-C${numbers - 1}, and that is its whole tax: remove the taxes from the return's lines`,
    });
  });
});
