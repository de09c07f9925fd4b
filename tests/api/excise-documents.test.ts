// A record that posts: saving posts under its id, editing reverses and re-posts, deleting
// reverses, in the record's transaction; a reversal the ledger refuses refuses the delete.
// The document here is a test module on customers (a stand-in for a distillation): each
// customer puts `creditLimit` litres of rye at 40 % into one tank.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainModules } from '../../src/server/domain';
import type { DomainModule } from '../../src/server/domain/kernel/module';
import { postingHooks } from '../../src/server/domain/excise/documents';
import { kgOf } from '../../src/server/domain/excise/actions';
import { laaOf, milliOf } from '../../src/server/domain/excise/quantities';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

let target = { tank: '', spirit: '' };

const testModule: DomainModule = {
  name: 'documents-test',
  hooks: {
    customer: postingHooks('customer', async (_ctx, record) => ({
      vessels: [{ id: target.tank, field: 'tank', types: ['Tank'] }],
      postings: (vessels) => {
        const volume = milliOf(Number(record.creditLimit));
        return [
          {
            date: '2026-04-01',
            excise: 'SpiritsAdditionProduced',
            alcoholType: 'Spirit',
            alcoholId: target.spirit,
            lot: null,
            vessel: vessels.get(target.tank)!,
            volume,
            laa: laaOf(volume, 4000),
            kg: kgOf(volume, 4000),
            value: 0,
            description: `Produced for ${String(record.name)}`,
          },
        ];
      },
    })),
  },
};

describe.each(backends)('documents that post on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  beforeAll(async () => {
    domainModules.push(testModule);
    api = await startApi(backend);
    co = await exciseCompany(api);
    target = { tank: await co.tank('Receiver'), spirit: co.rye };
  });
  afterAll(async () => {
    domainModules.splice(domainModules.indexOf(testModule), 1);
    await api.close();
  });

  it('posts on create, re-posts on update, reverses on delete', async () => {
    const created = await co.call<{ customerCreate: { id: string } }>(
      `mutation { customerCreate(input: { name: "Batch 1", creditLimit: 100 }) { id } }`,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.customerCreate.id;
    expect(await co.contents('tank', target.tank)).toMatchObject({ volume: 100, laa: 40 });
    const updated = await co.call(
      `mutation($id: ID!) { customerUpdate(id: $id, input: { creditLimit: 150 }) { id } }`,
      { id },
    );
    expect(updated.errors).toBeUndefined();
    expect(await co.contents('tank', target.tank)).toMatchObject({ volume: 150, laa: 60 });
    const deleted = await co.call<{ objectDelete: { error: string | null } }>(
      `mutation($id: ID!) { objectDelete(id: $id) { id error } }`,
      { id },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await co.contents('tank', target.tank)).toBeNull();
  });

  it('refuses to delete a record whose alcohol has moved on, and keeps it', async () => {
    const created = await co.call<{ customerCreate: { id: string } }>(
      `mutation { customerCreate(input: { name: "Batch 2", creditLimit: 100 }) { id } }`,
    );
    const id = created.data!.customerCreate.id;
    const other = await co.tank('Onward');
    const moved = await co.act('exciseTransferToTank', {
      vesselId: target.tank,
      toVesselId: other,
      date: '2026-04-02',
      volume: 60,
    });
    expect(moved.errors).toBeUndefined();
    const r = await co.call<{ objectsDelete: { id: string; error: string | null }[] }>(
      `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`,
      { ids: [id] },
    );
    expect(r.data!.objectsDelete[0].error).toBe(
      'This cannot be undone: Tank Receiver holds 40.000 L; the transaction takes 100.000 L out of it',
    );
    expect(await co.contents('tank', target.tank)).toMatchObject({ volume: 40, laa: 16 });
    const still = await co.call<{ customer: { id: string } | null }>(`query($id: ID!) { customer(id: $id) { id } }`, {
      id,
    });
    expect(still.data!.customer?.id).toBe(id);
  });

  it("leaves a record's rows to the record: the transaction list's delete refuses them", async () => {
    const created = await co.call<{ customerCreate: { id: string } }>(
      `mutation { customerCreate(input: { name: "Batch 3", creditLimit: 10 }) { id } }`,
    );
    const id = created.data!.customerCreate.id;
    const r = await co.call(`mutation($refId: ID!) { exciseTransactionDelete(refId: $refId) { refId } }`, {
      refId: id,
    });
    expect(r.errors?.[0]).toMatchObject({
      message: `Transaction ${id} was posted by a customer record: edit or delete that record instead`,
      extensions: { code: 'CONFLICT' },
    });
    // nothing reversed: the 10 L are still in the tank with the 40 L left before
    expect(await co.contents('tank', target.tank)).toMatchObject({ volume: 50 });
  });
});
