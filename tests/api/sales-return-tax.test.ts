// A return made from an invoice whose tax was charged elsewhere (a till's day: taxAsCharged)
// gives back the share of that tax its own lines hand back, on every save, through the update
// a person makes in the return's form (issue 18).
//
// Worked by hand: the invoice is 10 bottles at $10.00 = $100.00 with $13.00 of tax as charged.
//   The draft return made from it takes back all 10: 13.00 x 100 / 100 = $13.00.
//   Cut to 1 bottle and credited: 13.00 x 10 / 100 = $1.30 (total $11.30), not $13.00.
//   A second return of the 9 left: all returns together hand back 100 of 100, so 13.00 less
//   the 1.30 already given back = $11.70; the two give back the invoice's $13.00 to the cent.
//   The first saved again (a note) stays at 1.30: 13.00 x (90 + 10) / 100 - 11.70.
//   Cancelled, the first gives back its tax no more: the second, saved again, gives back
//   13.00 x 90 / 100 = $11.70 - nothing from others = $11.70.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

type Co = Awaited<ReturnType<typeof exciseCompany>>;
const PAST = '2025-01-06';
const RETURN = `query($id: ID!) { salesReturn(id: $id) { taxAsCharged subtotal taxTotal total
  lines { id product { id } quantity unitPrice } } }`;

describe.each(backends)('tax as charged given back by a return on %s', (backend) => {
  let api: TestApi;
  let co: Co;
  let rye = '';
  let invoice = '';

  const ok = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await co.call<T>(query, variables);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const fromInvoice = async () =>
    (
      await ok<{ salesReturnFromInvoice: string }>(`mutation($id: ID!) { salesReturnFromInvoice(invoiceId: $id) }`, {
        id: invoice,
      })
    ).salesReturnFromInvoice;
  const read = async (id: string) =>
    (await ok<{ salesReturn: Record<string, unknown> & { lines: Record<string, unknown>[] } }>(RETURN, { id }))
      .salesReturn;
  const save = (id: string, input: Record<string, unknown>) =>
    ok(`mutation($id: ID!, $input: SalesReturnInput!) { salesReturnUpdate(id: $id, input: $input) { id } }`, {
      id,
      input,
    });
  const money = (r: Record<string, unknown>) => ({
    taxAsCharged: r.taxAsCharged,
    subtotal: r.subtotal,
    taxTotal: r.taxTotal,
    total: r.total,
  });

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    rye = await co.create('product', { name: 'Rye 750', strength: 40, containerSize: 0.75, caseSize: 12 });
    await ok(`mutation($input: ProductAdjustInput!) { productAdjustInventory(input: $input) { refId } }`, {
      input: { date: PAST, siteId: co.site, productId: rye, lot: 'L1', status: 'DutyPaid', quantity: 20 },
    });
    const customer = await co.create('customer', { name: 'Tasting room' });
    invoice = await co.create('invoice', {
      number: 'INV-T1',
      customer,
      date: PAST,
      dueDate: PAST,
      site: co.site,
      taxAsCharged: 13,
      lines: [{ product: rye, description: 'Rye 750', quantity: 10, unitPrice: 10 }],
    });
  });
  afterAll(() => api.close());

  it("follows the return's own lines on every save", async () => {
    const first = await fromInvoice();
    const draft = await read(first);
    expect(money(draft)).toEqual({ taxAsCharged: 13, subtotal: 100, taxTotal: 13, total: 113 });
    // the person cuts the line to 1 bottle and credits it, as the form sends it
    const [line] = draft.lines;
    await save(first, {
      status: 'Credited',
      lines: [{ id: line.id, product: rye, quantity: 1, unitPrice: 10 }],
    });
    expect(money(await read(first))).toEqual({ taxAsCharged: 1.3, subtotal: 10, taxTotal: 1.3, total: 11.3 });

    const second = await fromInvoice();
    expect(money(await read(second))).toEqual({ taxAsCharged: 11.7, subtotal: 90, taxTotal: 11.7, total: 101.7 });

    await save(first, { notes: 'Corked bottle' });
    expect((await read(first)).taxAsCharged).toBe(1.3);

    await save(first, { status: 'Cancelled' });
    await save(second, { notes: 'The rest of the case' });
    expect((await read(second)).taxAsCharged).toBe(11.7);
  });
});
