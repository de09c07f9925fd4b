// An invoice's own screen says how it stands with QuickBooks Online (recordSyncs): waiting to be
// sent once issued, sent (with QuickBooks' id) after the job ran, refused with QuickBooks' own
// words; only for people who may read invoices, and only the company's own records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, makeMember } from './harness';
import { membershipTable } from '../../src/generated/tables';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

const SYNCS = `query($entity: String!, $id: ID!) {
  recordSyncs(entity: $entity, id: $id) { app provider entityType status error externalId at }
}`;

describe.each(backends)('a record’s sync status on %s', (backend) => {
  let rig: QuickBooksRig;
  let co: Member;
  let customer: string;
  const qb = quickBooksCalls(() => rig.api);
  const syncsOf = (id: string, who: Member = co, entity = 'invoice') =>
    qb.call<{ recordSyncs: Record<string, unknown>[] }>(who, SYNCS, { entity, id });

  beforeAll(async () => {
    ({ rig, co, customer } = await quickBooksCompany(backend, { customer: { name: 'Bar du Quai' } }));
  });
  afterAll(() => rig?.close());

  it('shows an issued invoice waiting, then sent with its QuickBooks id', async () => {
    const invoice = await qb.issueInvoice(co, { number: 'RS-1', customer });
    const waiting = (await syncsOf(invoice.id)).body.data!.recordSyncs;
    expect(waiting).toEqual([
      {
        app: 'quickbooks',
        provider: 'QuickBooks Online',
        entityType: 'invoice',
        status: 'queued',
        error: null,
        externalId: null,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      },
    ]);
    await qb.push(co);
    const made = rig.qbo.records.Invoice.find((i) => i.DocNumber === 'RS-1')!;
    expect((await syncsOf(invoice.id)).body.data!.recordSyncs).toEqual([
      expect.objectContaining({ entityType: 'invoice', status: 'succeeded', error: null, externalId: made.Id }),
    ]);
  });

  it('shows the refusal in QuickBooks’ words', async () => {
    const invoice = await qb.issueInvoice(co, { number: 'RS-2', customer });
    // Intuit refuses it (a ValidationFault, 400)
    rig.qbo.inject({ kind: '400', detail: 'Invalid Number : DocNumber' });
    await qb.push(co);
    const [line] = (await syncsOf(invoice.id)).body.data!.recordSyncs;
    expect(line).toMatchObject({ entityType: 'invoice', status: 'failed', externalId: null });
    expect(String(line.error)).toMatch(/Invalid Number/);
    // a seller reads the invoice and that it was not sent; QuickBooks' words, as on /apps' More
    // info, are for those who set the integrations up (config)
    const seller = await makeMember(rig.api, ['selling.read']);
    await rig.api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: seller.userId, permissions: ['selling.read'] });
    const [seen] = (await syncsOf(invoice.id, { ...seller, companyId: co.companyId })).body.data!.recordSyncs;
    expect(seen).toMatchObject({ entityType: 'invoice', status: 'failed', error: null });
  });

  it('shows a customer sent with its first invoice as sent, though it never had a row of its own', async () => {
    const made = rig.qbo.records.Customer.find((c) => c.DisplayName === 'Bar du Quai')!;
    expect((await syncsOf(customer, co, 'customer')).body.data!.recordSyncs).toEqual([
      expect.objectContaining({ entityType: 'customer', status: 'succeeded', error: null, externalId: made.Id }),
    ]);
  });

  it('is for people who may read the record, of their own company', async () => {
    const invoice = await qb.issueInvoice(co, { number: 'RS-3', customer });
    // a member of another company asks about this invoice's id in their own company: nothing
    const theirs = await makeMember(rig.api, ['selling.read']);
    expect((await syncsOf(invoice.id, theirs)).body.data!.recordSyncs).toEqual([]);
    // a member of this company who may not read invoices
    const buyer = await makeMember(rig.api, ['buying.read']);
    await rig.api.database.db
      .insert(membershipTable)
      .values({ companyId: co.companyId, user: buyer.userId, permissions: ['buying.read'] });
    const refused = await syncsOf(invoice.id, { ...buyer, companyId: co.companyId });
    expect(refused.body.errors?.[0]).toMatchObject({
      message: "You don't have permission to view invoices",
      extensions: { code: 'FORBIDDEN' },
    });
    for (const entity of ['vessel', 'constructor', 'toString']) {
      const unknown = await syncsOf(invoice.id, co, entity);
      expect(unknown.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    }
  });
});
