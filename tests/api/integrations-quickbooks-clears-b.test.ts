// QuickBooks Online: a sparse update changes only the fields it sends, so a due date, email or
// phone removed here after it was sent must be sent empty to be cleared there; one this app
// never sent is left out, and QuickBooks keeps the accountant's own. Against the local stand-in
// (tests/standins/quickbooks.ts): a sparse update's field sent empty ('' or {"Address": ""}) is
// cleared. An invoice keeps a due date in QuickBooks, so one removed here becomes its own date
// (due on its date). Figures by hand: 2 x 34.50 = 69.00; after the edit 3 x 34.50 = 103.50.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './harness';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

describe.each(backends)('QuickBooks Online: fields removed after they were sent, on %s', (backend) => {
  let rig: QuickBooksRig;
  let co: Member;
  let seq = 0;
  const qb = quickBooksCalls(() => rig.api);
  const { push } = qb;

  const newCustomer = (input: Record<string, unknown>) => qb.newCustomer(co, input);
  const updateCustomer = (id: string, input: Record<string, unknown>) => qb.updateCustomer(co, id, input);
  const issue = (customer: string, input: Record<string, unknown> = {}) =>
    qb.issueInvoice(co, { number: `CLR-${(seq += 1)}`, customer, ...input });
  const updateInvoice = (id: string, input: Record<string, unknown>) => qb.updateInvoice(co, id, input);
  const changesOf = (entity: string, id: string) =>
    rig.qbo.changes.filter((c) => c.entity === entity && String(c.body.Id) === id);
  const qboCustomer = (name: string) => rig.qbo.records.Customer.find((c) => c.DisplayName === name)!;
  const qboInvoice = (number: string) => rig.qbo.records.Invoice.find((i) => i.DocNumber === number)!;

  beforeAll(async () => {
    ({ rig, co } = await quickBooksCompany(backend));
  });
  afterAll(() => rig?.close());

  it('an email and phone removed after they were sent are cleared in QuickBooks', async () => {
    const customer = await newCustomer({
      name: 'Cave Saint-Roch',
      email: 'cave@stroch.example',
      phone: '418-555-0101',
    });
    await issue(customer);
    await push(co);
    const made = qboCustomer('Cave Saint-Roch');
    expect(made).toMatchObject({
      PrimaryEmailAddr: { Address: 'cave@stroch.example' },
      PrimaryPhone: { FreeFormNumber: '418-555-0101' },
    });
    await updateCustomer(customer, { email: null, phone: null });
    await push(co);
    expect(changesOf('Customer', made.Id)).toEqual([
      {
        entity: 'Customer',
        operation: 'update',
        body: expect.objectContaining({
          sparse: true,
          DisplayName: 'Cave Saint-Roch',
          PrimaryEmailAddr: { Address: '' },
          PrimaryPhone: { FreeFormNumber: '' },
        }),
      },
    ]);
    expect(made.PrimaryEmailAddr).toBeUndefined();
    expect(made.PrimaryPhone).toBeUndefined();
    // nothing new since: nothing sent again
    await updateCustomer(customer, { name: 'Cave Saint-Roch' });
    await push(co);
    expect(changesOf('Customer', made.Id)).toHaveLength(1);
  });

  it('an email this app never sent is left to QuickBooks when the customer changes here', async () => {
    const customer = await newCustomer({ name: 'Bar du Quai' });
    await issue(customer);
    await push(co);
    const made = qboCustomer('Bar du Quai');
    // the accountant adds one in QuickBooks' own screens
    rig.qbo.changeRecord('Customer', made.Id, { PrimaryEmailAddr: { Address: 'compta@quai.example' } });
    await updateCustomer(customer, { name: 'Bar du Quai inc.' });
    await push(co);
    const [update] = changesOf('Customer', made.Id);
    expect(update.body).toMatchObject({ DisplayName: 'Bar du Quai inc.', sparse: true });
    expect(update.body).not.toHaveProperty('PrimaryEmailAddr');
    expect(update.body).not.toHaveProperty('PrimaryPhone');
    expect(made).toMatchObject({
      DisplayName: 'Bar du Quai inc.',
      PrimaryEmailAddr: { Address: 'compta@quai.example' },
    });
  });

  it('a due date removed after it was sent is cleared there (due on the invoice date); one never sent is left', async () => {
    const customer = await newCustomer({ name: 'Épicerie Fine Laval' });
    const dated = await issue(customer, { dueDate: '2026-12-02' });
    const undated = await issue(customer);
    await push(co);
    expect(qboInvoice(dated.number)).toMatchObject({ DueDate: '2026-12-02', TotalAmt: 69 });
    expect(qboInvoice(undated.number)).not.toHaveProperty('DueDate');

    await updateInvoice(dated.id, { dueDate: null });
    // the accountant gives the other one terms of their own in QuickBooks
    rig.qbo.changeRecord('Invoice', qboInvoice(undated.number).Id, { DueDate: '2026-12-31' });
    await updateInvoice(undated.id, { lines: [{ description: 'Gin 750 mL', quantity: 3, unitPrice: 34.5 }] });
    await push(co);

    const [cleared] = changesOf('Invoice', qboInvoice(dated.number).Id);
    expect(cleared.body).toMatchObject({ sparse: true, TxnDate: '2026-11-02', DueDate: '2026-11-02' });
    expect(qboInvoice(dated.number)).toMatchObject({ DueDate: '2026-11-02', TotalAmt: 69 });
    const [edited] = changesOf('Invoice', qboInvoice(undated.number).Id);
    expect(edited.body).not.toHaveProperty('DueDate');
    expect(qboInvoice(undated.number)).toMatchObject({ DueDate: '2026-12-31', TotalAmt: 103.5 });
  });

  it('a customer found in QuickBooks by name keeps its own email when the one here is removed', async () => {
    // the accountant made this customer in QuickBooks before it was sent from here
    rig.qbo.records.Customer.push({
      Id: '9100',
      SyncToken: '0',
      DisplayName: 'Taverne Boréale',
      PrimaryEmailAddr: { Address: 'compta@boreale.example' },
    });
    const customer = await newCustomer({ name: 'Taverne Boréale', email: 'ventes@boreale.example' });
    await issue(customer);
    await push(co);
    // linked to that one, nothing created, its email left as the accountant keeps it
    expect(rig.qbo.records.Customer.filter((c) => c.DisplayName === 'Taverne Boréale')).toHaveLength(1);
    expect(changesOf('Customer', '9100')).toEqual([]);
    await updateCustomer(customer, { email: null });
    await push(co);
    // the email here was never sent: removing it leaves QuickBooks' own
    for (const change of changesOf('Customer', '9100')) expect(change.body).not.toHaveProperty('PrimaryEmailAddr');
    expect(qboCustomer('Taverne Boréale')).toMatchObject({ PrimaryEmailAddr: { Address: 'compta@boreale.example' } });
  });

  it('a customer whose create answer was lost is found again by name, and the email it sent is still cleared', async () => {
    const customer = await newCustomer({ name: 'Cave du Vieux-Port', email: 'vp@vieuxport.example' });
    await issue(customer);
    // QuickBooks makes the customer, but its answer is lost: the run fails and is tried again
    rig.qbo.loseNextCreateAnswer('customer');
    await expect(pushAllQueued(rig.api.database.db, { companyId: co.companyId })).rejects.toThrow(
      /QuickBooks Online failed \(500\)/,
    );
    await push(co);
    const made = rig.qbo.records.Customer.filter((c) => c.DisplayName === 'Cave du Vieux-Port');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ PrimaryEmailAddr: { Address: 'vp@vieuxport.example' } });
    // the email there is the one this app sent: removed here, it is cleared there
    await updateCustomer(customer, { email: null });
    await push(co);
    expect(changesOf('Customer', made[0].Id)).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ PrimaryEmailAddr: { Address: '' } }) }),
    ]);
    expect(made[0].PrimaryEmailAddr).toBeUndefined();
  });
});
