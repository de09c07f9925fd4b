// Lifecycle hooks: a domain module's hooks for an entity run inside the mutation's transaction
// (ctx.db is the transaction), in order; a hook that refuses rolls everything back, and a
// refused delete becomes that id's error in objectsDelete while the others go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customerTable, objectsTable } from '../../src/generated/tables';
import { domainModules } from '../../src/server/domain';
import { AppError } from '../../src/server/domain/kernel/errors';
import type { DomainModule } from '../../src/server/domain/kernel/module';
import { hooksOf } from '../../src/server/domain/records/hooks';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const CREATE = `mutation($input: CustomerInput!) { customerCreate(input: $input) { id name } }`;
const UPDATE = `mutation($id: ID!, $input: CustomerInput!) { customerUpdate(id: $id, input: $input) { id name } }`;
const DELETE_MANY = `mutation($ids: [ID!]!) { objectsDelete(ids: $ids) { id error } }`;

type Err = { message: string; extensions: { code: string } };

const calls: string[] = [];

/** sees the customer row through ctx.db: only the transaction can before it commits */
const testModule: DomainModule = {
  name: 'hooks-test',
  hooks: {
    customer: hooksOf('customer', {
      async beforeWrite(_ctx, change) {
        calls.push(`beforeWrite ${change.mode} ${change.before?.name ?? '-'} -> ${change.input.name ?? '-'}`);
        if (change.input.name === 'Refused') throw new AppError('CONFLICT', 'Refused by a hook');
      },
      async afterWrite(ctx, { after }) {
        const [row] = await ctx.db
          .select({ name: customerTable.name })
          .from(customerTable)
          .where(and(eq(customerTable.companyId, ctx.actor.companyId), eq(customerTable.id, after.id)));
        calls.push(`afterWrite ${after.name} (row ${row?.name ?? 'unseen'})`);
        if (after.name === 'Explodes') throw new AppError('CONFLICT', 'Exploded after the write');
      },
      async post(_ctx, record) {
        calls.push(`post ${record.name}`);
      },
      async unpost(_ctx, record) {
        calls.push(`unpost ${record.name}`);
      },
      async beforeDelete(_ctx, record) {
        calls.push(`beforeDelete ${record.name}`);
        if (record.name === 'Filed') throw new AppError('CONFLICT', 'The excise period is filed');
      },
    }),
  },
};

describe.each(backends)('entity hooks on %s', (backend) => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  const call = async <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>) =>
    (await api.gql<T>(m.companyId, query, variables, m.token)).body as { data?: T; errors?: Err[] };
  const create = async (name: string) => {
    const res = await call<{ customerCreate: { id: string } }>(CREATE, { input: { name } });
    expect(res.errors).toBeUndefined();
    return res.data!.customerCreate.id;
  };
  const exists = async (id: string) =>
    (await api.database.db.select().from(customerTable).where(eq(customerTable.id, id))).length === 1;

  beforeAll(async () => {
    domainModules.push(testModule);
    api = await startApi(backend);
    m = await makeMember(api, EVERYTHING);
  });
  afterAll(async () => {
    domainModules.splice(domainModules.indexOf(testModule), 1);
    await api.close();
  });

  it('calls beforeWrite, afterWrite and post on create; unpost before and post after on update', async () => {
    calls.length = 0;
    const id = await create('Harbour Bistro');
    expect(calls).toEqual([
      'beforeWrite create - -> Harbour Bistro',
      'afterWrite Harbour Bistro (row Harbour Bistro)',
      'post Harbour Bistro',
    ]);
    calls.length = 0;
    const res = await call(UPDATE, { id, input: { name: 'Harbour Grill' } });
    expect(res.errors).toBeUndefined();
    expect(calls).toEqual([
      'beforeWrite update Harbour Bistro -> Harbour Grill',
      'unpost Harbour Bistro',
      'afterWrite Harbour Grill (row Harbour Grill)',
      'post Harbour Grill',
    ]);
  });

  it('rolls the write back when a hook refuses, before or after the write', async () => {
    const refused = await call(CREATE, { input: { name: 'Refused' } });
    expect(refused.errors![0]).toMatchObject({ message: 'Refused by a hook', extensions: { code: 'CONFLICT' } });
    const exploded = await call(CREATE, { input: { name: 'Explodes' } });
    expect(exploded.errors![0]).toMatchObject({
      message: 'Exploded after the write',
      extensions: { code: 'CONFLICT' },
    });
    const rows = await api.database.db.select().from(customerTable).where(eq(customerTable.companyId, m.companyId));
    expect(rows.map((r) => r.name)).not.toContain('Explodes');
    const id = await create('Will explode');
    const update = await call(UPDATE, { id, input: { name: 'Explodes' } });
    expect(update.errors![0].extensions.code).toBe('CONFLICT');
    const [row] = await api.database.db.select().from(customerTable).where(eq(customerTable.id, id));
    expect(row.name).toBe('Will explode');
  });

  it("calls beforeDelete then unpost; a refusal is that id's error and the others are deleted", async () => {
    const filed = await create('Filed');
    const open = await create('Open');
    calls.length = 0;
    const res = await call<{ objectsDelete: { id: string; error: string | null }[] }>(DELETE_MANY, {
      ids: [filed, open],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.objectsDelete).toEqual([
      { id: filed, error: 'The excise period is filed' },
      { id: open, error: null },
    ]);
    expect(calls).toEqual(['beforeDelete Filed', 'beforeDelete Open', 'unpost Open']);
    expect(await exists(filed)).toBe(true);
    expect(await exists(open)).toBe(false);
    const objects = await api.database.db.select().from(objectsTable).where(eq(objectsTable.id, filed));
    expect(objects).toHaveLength(1);
    const single = await call<{ objectDelete: unknown }>(`mutation($id: ID!) { objectDelete(id: $id) { id error } }`, {
      id: filed,
    });
    expect(single.errors![0]).toMatchObject({
      message: 'The excise period is filed',
      extensions: { code: 'CONFLICT' },
    });
  });
});
