// QuickBooks Online: an invoice sent and then deleted here is voided there (the books follow),
// and a void whose answer was lost is not sent again once QuickBooks has it void. Against the
// local stand-in (tests/standins/quickbooks.ts): ?operation=void zeroes the Invoice and puts
// "Voided" before its PrivateNote, and refuses to void it a second time. Figures by hand:
// 2 x 34.50 = 69.00 and 3 x 12.25 = 36.75, 105.75 in all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends } from './harness';
import { pushAllQueued } from '../../src/server/domain/integrations/pushers';
import { quickBooksCalls, quickBooksCompany, type Member, type QuickBooksRig } from './support/quickbooks';

describe.each(backends)('QuickBooks Online: invoices deleted after they were sent, on %s', (backend) => {
  let rig: QuickBooksRig;
  let co: Member;
  let customer = '';
  let seq = 0;
  const qb = quickBooksCalls(() => rig.api);
  const { call, ok, push } = qb;

  // 2 x 34.50 = 69.00 and 3 x 12.25 = 36.75: 105.75
  const issue = (status = 'Sent') =>
    qb.issueInvoice(co, {
      number: `DEL-${(seq += 1)}`,
      customer,
      status,
      lines: [
        { description: 'Gin 750 mL', quantity: 2, unitPrice: 34.5 },
        { description: 'Vodka 375 mL', quantity: 3, unitPrice: 12.25 },
      ],
    });
  const remove = async (id: string) =>
    ok(
      await call<{ objectDelete: { error: string | null } }>(
        co,
        `mutation($id: ID!) { objectDelete(id: $id) { error } }`,
        { id },
      ),
    ).objectDelete;
  const logOf = (id: string) => qb.syncLogOf(co, 'invoice', id, ['status', 'last_error']);
  const linkOf = (id: string) => qb.linkOf(co, 'invoice', id);
  const numbered = (number: string) => rig.qbo.records.Invoice.filter((i) => i.DocNumber === number);
  const voidsOf = (qboId: string) =>
    rig.qbo.changes.filter((c) => c.operation === 'void' && String(c.body.Id) === qboId);
  const sent = async () => {
    const invoice = await issue();
    await push(co);
    const [record] = numbered(invoice.number);
    expect(record).toMatchObject({ TotalAmt: 105.75, SyncToken: '0' });
    return { ...invoice, qboId: record.Id };
  };

  beforeAll(async () => {
    ({ rig, co, customer } = await quickBooksCompany(backend, {
      customer: { name: "Bar l'Alambic", email: 'bar@alambic.example' },
    }));
  });
  afterAll(() => rig?.close());

  it('an invoice deleted after it was sent is voided in QuickBooks, its sync log keeping the outcome', async () => {
    const invoice = await sent();
    expect(await remove(invoice.id)).toEqual({ error: null });
    // queued by the delete's own transaction, though the invoice is gone
    expect(await logOf(invoice.id)).toEqual({ status: 'queued', last_error: null });
    await push(co);
    expect(voidsOf(invoice.qboId)).toEqual([
      { entity: 'Invoice', operation: 'void', body: { Id: invoice.qboId, SyncToken: '0' } },
    ]);
    expect(numbered(invoice.number)).toHaveLength(1);
    expect(numbered(invoice.number)[0]).toMatchObject({
      TotalAmt: 0,
      Balance: 0,
      PrivateNote: 'Voided',
      SyncToken: '1',
    });
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    expect(await linkOf(invoice.id)).toEqual({ external_id: invoice.qboId, sent_hash: 'void' });
    // a Sync now afterwards sends nothing more
    const before = rig.qbo.requests.length;
    await push(co);
    expect(rig.qbo.requests.length).toBe(before);
  });

  it('an invoice voided, then deleted, is not voided twice; one never sent is never sent', async () => {
    const invoice = await sent();
    await qb.updateInvoice(co, invoice.id, { status: 'Void' });
    await push(co);
    expect(voidsOf(invoice.qboId)).toHaveLength(1);
    expect(await remove(invoice.id)).toEqual({ error: null });
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    const before = rig.qbo.requests.length;
    await push(co);
    expect(rig.qbo.requests.length).toBe(before);

    // issued and deleted before the job ran, and a draft deleted: nothing goes to QuickBooks
    const early = await issue();
    const draft = await issue('Draft');
    expect(await remove(early.id)).toEqual({ error: null });
    expect(await remove(draft.id)).toEqual({ error: null });
    await push(co);
    expect(rig.qbo.requests.length).toBe(before);
    expect(numbered(early.number)).toHaveLength(0);
    expect(await logOf(early.id)).toBeUndefined();
    expect(await logOf(draft.id)).toBeUndefined();
  });

  it('a void whose answer was lost is retried by reading the invoice: void there already, it is done', async () => {
    const invoice = await sent();
    expect(await remove(invoice.id)).toEqual({ error: null });
    rig.qbo.loseNextVoidAnswer('invoice');
    await expect(pushAllQueued(rig.api.database.db, { companyId: co.companyId })).rejects.toThrow(
      /QuickBooks Online failed \(500\)/,
    );
    // voided over there, the answer lost: still queued here
    expect(numbered(invoice.number)[0]).toMatchObject({ TotalAmt: 0, PrivateNote: 'Voided', SyncToken: '1' });
    expect(await logOf(invoice.id)).toMatchObject({ status: 'queued' });
    const before = rig.qbo.requests.length;
    await push(co);
    // a read, and no second void
    expect(rig.qbo.requests.slice(before).map((r) => [r.method, r.entity, r.id ?? null, r.status])).toEqual([
      ['GET', 'invoice', invoice.qboId, 200],
    ]);
    expect(voidsOf(invoice.qboId)).toHaveLength(1);
    expect(numbered(invoice.number)[0]).toMatchObject({ PrivateNote: 'Voided', SyncToken: '1' });
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    expect(await linkOf(invoice.id)).toEqual({ external_id: invoice.qboId, sent_hash: 'void' });
  });

  it('a void QuickBooks refuses because the invoice was voided there since the read is recorded as done', async () => {
    const invoice = await sent();
    await qb.updateInvoice(co, invoice.id, { status: 'Void' });
    // someone voids it in QuickBooks' own screens just after the job's read
    rig.qbo.editAfterNextRead('Invoice', invoice.qboId, { TotalAmt: 0, Balance: 0, PrivateNote: 'Voided' });
    await push(co);
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    expect(await linkOf(invoice.id)).toEqual({ external_id: invoice.qboId, sent_hash: 'void' });
    expect(numbered(invoice.number)[0]).toMatchObject({ PrivateNote: 'Voided', SyncToken: '1' });
  });

  const changesOf = (qboId: string) => rig.qbo.changes.filter((c) => String(c.body.Id) === qboId);

  it('a link kept before its hash named the fields sent is not sent again when nothing changed', async () => {
    const invoice = await sent();
    // as links were kept before the hash named the optional fields sent: the digest alone
    await rig.api.database.db.execute(sql`UPDATE integration_links SET sent_hash = split_part(sent_hash, ':', 1)
      WHERE company_id = ${co.companyId} AND entity_type IN ('invoice', 'customer')`);
    await rig.api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'queued'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    const changes = rig.qbo.changes.length;
    await push(co);
    // neither the invoice nor its customer updated: what they are is what was sent
    expect(rig.qbo.changes.slice(changes)).toEqual([]);
    expect(changesOf(invoice.qboId)).toHaveLength(0);
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('a create whose answer was lost, its retries run out, then edited, leaves QuickBooks with the edit', async () => {
    const invoice = await issue();
    rig.qbo.loseNextCreateAnswer('invoice');
    await expect(pushAllQueued(rig.api.database.db, { companyId: co.companyId })).rejects.toThrow(
      /QuickBooks Online failed \(500\)/,
    );
    expect(numbered(invoice.number)).toHaveLength(1);
    // the retries ran out (failed), and the edit's save queues it again, its error cleared
    await rig.api.database.db.execute(sql`UPDATE integration_sync_log SET status = 'failed'
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${invoice.id}`);
    // 4 x 34.50 = 138.00 + 3 x 12.25 = 36.75: 174.75
    await qb.updateInvoice(co, invoice.id, {
      lines: [
        { description: 'Gin 750 mL', quantity: 4, unitPrice: 34.5 },
        { description: 'Vodka 375 mL', quantity: 3, unitPrice: 12.25 },
      ],
    });
    expect(await logOf(invoice.id)).toEqual({ status: 'queued', last_error: null });
    await push(co);
    expect(numbered(invoice.number)).toHaveLength(1);
    expect(numbered(invoice.number)[0]).toMatchObject({ TotalAmt: 174.75 });
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
  });

  it('an invoice deleted in QuickBooks already, then deleted here, is done with no void', async () => {
    const invoice = await sent();
    const at = rig.qbo.records.Invoice.findIndex((i) => i.Id === invoice.qboId);
    rig.qbo.records.Invoice.splice(at, 1);
    expect(await remove(invoice.id)).toEqual({ error: null });
    await push(co);
    expect(voidsOf(invoice.qboId)).toHaveLength(0);
    expect(await logOf(invoice.id)).toEqual({ status: 'succeeded', last_error: null });
    expect(await linkOf(invoice.id)).toEqual({ external_id: invoice.qboId, sent_hash: 'void' });
  });

  it('an invoice being created over there is not deleted; one whose create did not finish is named under More info', async () => {
    const busy = await issue();
    await rig.api.database.db.execute(sql`UPDATE integration_sync_log SET claimed_at = now()
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${busy.id}`);
    const refused = await call(co, `mutation($id: ID!) { objectDelete(id: $id) { error } }`, { id: busy.id });
    expect(JSON.stringify(refused)).toMatch(/This invoice is being sent to QuickBooks Online right now/);
    expect(
      ok(
        await call<{ invoice: { id: string } | null }>(co, `query($id: ID!) { invoice(id: $id) { id } }`, {
          id: busy.id,
        }),
      ).invoice,
    ).toEqual({ id: busy.id });
    await rig.api.database.db.execute(sql`UPDATE integration_sync_log SET claimed_at = NULL
      WHERE company_id = ${co.companyId} AND entity_type = 'invoice' AND entity_id = ${busy.id}`);
    await push(co);

    const lost = await issue();
    rig.qbo.loseNextCreateAnswer('invoice');
    await expect(pushAllQueued(rig.api.database.db, { companyId: co.companyId })).rejects.toThrow(
      /QuickBooks Online failed \(500\)/,
    );
    expect(await remove(lost.id)).toEqual({ error: null });
    await push(co);
    const log = await logOf(lost.id);
    expect(log.status).toBe('failed');
    expect(log.last_error).toMatch(
      /This invoice was deleted here while its send to QuickBooks Online had not finished: if QuickBooks Online has it/,
    );
  });
});
