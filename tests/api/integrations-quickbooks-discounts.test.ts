// QuickBooks Online: a discounted invoice line goes as QuickBooks takes it. QuickBooks refuses a
// sales line whose Qty × UnitPrice is not its Amount, to the cent (error 6070, kept by the
// stand-in, tests/standins/quickbooks.ts), so a line with a discount sends the price each unit
// came to. Worked by hand: 3 × 34.50 = 103.50 less 10 % = 93.15, each 31.05; 7 × 12.25 = 85.75
// less 15 % = 72.8875, 72.89 to the cent, each 72.89 ÷ 7 = 10.41286 (7 × 10.41286 = 72.89002,
// 72.89 to the cent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { type QuickBooksStandIn } from '../standins/quickbooks';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

describe.each(backends)('QuickBooks Online: discounted lines, on %s', (backend) => {
  let rig: QuickBooksRig;
  let api: TestApi;
  let qbo: QuickBooksStandIn;
  let co: Member;
  let customer = '';
  const qb = quickBooksCalls(() => api);

  beforeAll(async () => {
    ({ rig, api, qbo, co, customer } = await quickBooksCompany(backend, {
      customer: { name: 'Épicerie du Quai', email: 'achats@quai.example' },
    }));
  });
  afterAll(() => rig?.close());

  it('sends each discounted line at the price each unit came to, so QuickBooks takes the invoice', async () => {
    const invoice = await qb.issueInvoice(co, {
      number: 'DISC-1',
      customer,
      lines: [
        { description: 'Gin 750 mL', quantity: 3, unitPrice: 34.5, discountPercent: 10 },
        { description: 'Vodka 375 mL', quantity: 7, unitPrice: 12.25, discountPercent: 15 },
        { description: 'Rye 750 mL', quantity: 1, unitPrice: 54 },
      ],
    });
    await pushAllQueued(api.database.db);
    expect(await qb.syncLogOf(co, 'invoice', invoice.id, ['status', 'last_error'])).toEqual({
      status: 'succeeded',
      last_error: null,
    });
    const [sent] = qbo.records.Invoice.filter((i) => i.DocNumber === 'DISC-1');
    const lines = (sent.Line as { Amount: number; SalesItemLineDetail?: Record<string, unknown> }[])
      .filter((l) => l.SalesItemLineDetail)
      .map((l) => ({ Amount: l.Amount, Qty: l.SalesItemLineDetail!.Qty, UnitPrice: l.SalesItemLineDetail!.UnitPrice }));
    expect(lines).toEqual([
      { Amount: 93.15, Qty: 3, UnitPrice: 31.05 },
      { Amount: 72.89, Qty: 7, UnitPrice: 10.41286 },
      { Amount: 54, Qty: 1, UnitPrice: 54 },
    ]);
  });
});
