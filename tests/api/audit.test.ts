// The audit log: every generic create, update and delete (and membership and settings changes)
// writes one entry in its own transaction, with the changed fields before and after;
// auditEntries2 lists them newest first for users with `audit` in companies with allowAudit,
// and never another company's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable, userTable } from '../../src/generated/tables';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';
import { joinByInvitation, outbox } from './invite';

const ENTRIES = `query($first: Int, $after: String, $last: Int, $before: String, $filters: [Filter!], $reverse: Boolean) {
  auditEntries2(first: $first, after: $after, last: $last, before: $before, filters: $filters, reverse: $reverse) {
    totalCount
    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
    edges { cursor node { id at userId userName entity entityId event changes } }
  }
}`;

interface Entry {
  id: string;
  at: string;
  userId: string | null;
  userName: string | null;
  entity: string;
  entityId: string;
  event: string;
  changes: string;
}
interface Page {
  totalCount: number;
  pageInfo: { hasPreviousPage: boolean; hasNextPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { cursor: string; node: Entry }[];
}
type Err = { message: string; extensions: { code: string; info: Record<string, unknown> } };
type Member = Awaited<ReturnType<typeof makeMember>>;

const AUDITOR = [...EVERYTHING, 'audit'];

describe.each(backends)('audit log on %s', (backend) => {
  let api: TestApi;
  let m: Member;
  let other: Member;
  const box = outbox();
  const call = async <T = Record<string, unknown>>(
    who: Member,
    query: string,
    variables: Record<string, unknown> = {},
  ) => {
    const res = await api.gql<T>(who.companyId, query, variables, who.token);
    return res.body as { data?: T; errors?: Err[] };
  };
  const entries = async (who: Member, variables: Record<string, unknown>) => {
    const res = await call<{ auditEntries2: Page }>(who, ENTRIES, variables);
    expect(res.errors).toBeUndefined();
    return res.data!.auditEntries2;
  };
  const of = (entityId: string) => entries(m, { filters: [{ field: 'entityId', comparator: 'eq', value: entityId }] });
  const changes = (e: Entry) => JSON.parse(e.changes) as Record<string, [unknown, unknown]>;
  const createCustomer = async (who: Member, name: string) => {
    const res = await call<{ customerCreate: { id: string } }>(
      who,
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }`,
      { input: { name } },
    );
    expect(res.errors).toBeUndefined();
    return res.data!.customerCreate.id;
  };

  beforeAll(async () => {
    api = await startApi(backend, { mailer: box.mailer });
    m = await makeMember(api, AUDITOR, 'Audited Co');
    other = await makeMember(api, AUDITOR, 'Other Co');
  });
  afterAll(() => api.close());

  it('writes an entry per create, update and delete with the changed fields before and after', async () => {
    const created = await call<{ customerCreate: { id: string } }>(
      m,
      `mutation($input: CustomerInput!) { customerCreate(input: $input) { id } }`,
      { input: { name: 'Harbour Bistro', email: 'orders@harbour.example', creditLimit: 100 } },
    );
    const id = created.data!.customerCreate.id;
    const updated = await call(
      m,
      `mutation($id: ID!) { customerUpdate(id: $id, input: { email: "new@harbour.example" }) { id } }`,
      {
        id,
      },
    );
    expect(updated.errors).toBeUndefined();
    // an update that changes nothing leaves no entry
    await call(m, `mutation($id: ID!) { customerUpdate(id: $id, input: { email: "new@harbour.example" }) { id } }`, {
      id,
    });
    const deleted = await call<{ objectDelete: { error: string | null } }>(
      m,
      `mutation($id: ID!) { objectDelete(id: $id) { id error } }`,
      { id },
    );
    expect(deleted.data!.objectDelete.error).toBeNull();

    const page = await of(id);
    expect(page.totalCount).toBe(3);
    const [del, upd, cre] = page.edges.map((e) => e.node);
    expect([del.event, upd.event, cre.event]).toEqual(['deleted', 'updated', 'created']);
    for (const e of [del, upd, cre]) {
      expect(e).toMatchObject({ entity: 'customer', entityId: id, userId: m.userId, userName: 'Test user' });
      expect(e.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    expect(changes(cre)).toMatchObject({
      name: [null, 'Harbour Bistro'],
      email: [null, 'orders@harbour.example'],
      creditLimit: [null, 100],
    });
    expect(changes(cre).id).toBeUndefined();
    // only what changed
    expect(changes(upd)).toEqual({ email: ['orders@harbour.example', 'new@harbour.example'] });
    expect(changes(del)).toMatchObject({ name: ['Harbour Bistro', null], email: ['new@harbour.example', null] });
  });

  it('records lines with their ids, and nothing for a write that was refused', async () => {
    const res = await call<{ productCreate: { id: string; bom: { id: string }[] } }>(
      m,
      `mutation($input: ProductInput!) { productCreate(input: $input) { id bom { id } } }`,
      { input: { name: 'Audit Gin', sku: 'AUD-1', bom: [{ name: 'Bottle', quantity: 1, per: 'Bottle' }] } },
    );
    expect(res.errors).toBeUndefined();
    const { id, bom } = res.data!.productCreate;
    const refused = await call(
      m,
      `mutation($id: ID!) { productUpdate(id: $id, input: { bom: [{ name: "" }] }) { id } }`,
      {
        id,
      },
    );
    expect(refused.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    const page = await of(id);
    expect(page.edges.map((e) => e.node.event)).toEqual(['created']);
    const [, after] = changes(page.edges[0].node).bom as [unknown, { id: string; name: string }[]];
    expect(after).toEqual([expect.objectContaining({ id: bom[0].id, name: 'Bottle' })]);
  });

  it('records membership and settings changes', async () => {
    const outsider = await makeMember(api, ['selling.read'], 'Outsider Co');
    const [{ email }] = await api.database.db.select().from(userTable).where(eq(userTable.id, outsider.userId));
    // joining is by invitation: the acceptance creates the membership
    await joinByInvitation(api, box, m, outsider, email, ['selling.read']);
    const set = await call<{ companyMemberSet: { id: string } }>(
      m,
      `mutation($email: String!) { companyMemberSet(email: $email, permissions: ["selling.read", "values"]) { id } }`,
      { email },
    );
    expect(set.errors).toBeUndefined();
    const memberId = set.data!.companyMemberSet.id;
    await call(m, `mutation($id: ID!) { companyMemberRemove(id: $id) { id error } }`, { id: memberId });
    const membership = await of(memberId);
    expect(membership.edges.map((e) => [e.node.entity, e.node.event])).toEqual([
      ['membership', 'deleted'],
      ['membership', 'updated'],
      ['membership', 'created'],
    ]);
    expect(membership.edges[2].node.userId).toBe(String(outsider.userId));
    expect(changes(membership.edges[2].node)).toMatchObject({
      user: [null, email],
      permissions: [null, ['selling.read']],
    });
    expect(changes(membership.edges[1].node).permissions).toEqual([['selling.read'], ['selling.read', 'values']]);

    const settings = await call(m, `mutation { companySettingsSet(settings: { dateFormat: "dd/MM/yyyy" }) { id } }`);
    expect(settings.errors).toBeUndefined();
    const page = await entries(m, { filters: [{ field: 'entity', comparator: 'eq', value: 'companySettings' }] });
    expect(page.edges[0].node.event).toMatch(/^(created|updated)$/);
    expect(changes(page.edges[0].node).dateFormat[1]).toBe('dd/MM/yyyy');
  });

  it('pages newest first with keyset cursors, both ways, and filters on event, user and time', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push(await createCustomer(m, `Paged ${n}`));
    const filters = [
      { field: 'entity', comparator: 'eq', value: 'customer' },
      { field: 'event', comparator: 'eq', value: 'created' },
      { field: 'userId', comparator: 'eq', value: m.userId },
    ];
    const first = await entries(m, { first: 2, filters });
    expect(first.edges.map((e) => e.node.entityId)).toEqual([ids[4], ids[3]]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await entries(m, { first: 2, after: first.pageInfo.endCursor, filters });
    expect(second.edges.map((e) => e.node.entityId)).toEqual([ids[2], ids[1]]);
    const back = await entries(m, { last: 2, before: second.pageInfo.startCursor, filters });
    expect(back.edges.map((e) => e.node.entityId)).toEqual([ids[4], ids[3]]);
    const oldest = await entries(m, { first: 1, reverse: true, filters });
    expect(oldest.edges[0].node.entityId).not.toBe(ids[4]);

    const at = first.edges[0].node.at;
    const since = await entries(m, { filters: [...filters, { field: 'at', comparator: 'ge', value: at }] });
    expect(since.edges.map((e) => e.node.entityId)).toContain(ids[4]);
    const future = await entries(m, {
      filters: [...filters, { field: 'at', comparator: 'ge', value: '2999-01-01' }],
    });
    expect(future.totalCount).toBe(0);
    const past = await entries(m, { filters: [...filters, { field: 'at', comparator: 'le', value: '2000-01-01' }] });
    expect(past.totalCount).toBe(0);

    const bad = await call(m, ENTRIES, {
      filters: [
        { field: 'event', comparator: 'eq', value: 'exploded' },
        { field: 'entityId', comparator: 'eq', value: 'abc' },
        { field: 'colour', comparator: 'eq', value: 'red' },
      ],
    });
    expect(bad.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.errors![0].extensions.info.fields as object).sort()).toEqual([
      'filters.0.value',
      'filters.1.value',
      'filters.2.field',
    ]);
    const tooMany = await call(m, ENTRIES, { first: 1000 });
    expect(tooMany.errors![0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('refuses without the audit permission or without allowAudit (FORBIDDEN, no data)', async () => {
    const noAudit = await makeMember(api, EVERYTHING, 'No audit permission');
    const refused = await api.gql(noAudit.companyId, ENTRIES, { first: 5 }, noAudit.token);
    expect(refused.body.data).toBeNull();
    expect(refused.body.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const switchedOff = await makeMember(api, AUDITOR, 'Audit switched off');
    await api.database.db
      .update(companyTable)
      .set({ allowAudit: false })
      .where(eq(companyTable.id, switchedOff.companyId));
    const off = await api.gql(switchedOff.companyId, ENTRIES, { first: 5 }, switchedOff.token);
    expect(off.body.data).toBeNull();
    expect(off.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it("never lists another company's entries", async () => {
    const theirs = await createCustomer(other, 'Their secret customer');
    const mine = await entries(m, { first: 250 });
    expect(mine.edges.map((e) => e.node.entityId)).not.toContain(theirs);
    // m's own entries, and the acceptance of the person who joined m's company by invitation
    expect(mine.edges.some((e) => e.node.userId === other.userId)).toBe(false);
    expect(mine.edges.every((e) => e.node.userId === m.userId || e.node.entity === 'membership')).toBe(true);
    const byId = await of(theirs);
    expect(byId).toMatchObject({ totalCount: 0, edges: [] });
    // and another company's member cannot read this company's log
    const intruder = await api.gql(m.companyId, ENTRIES, { first: 5 }, other.token);
    expect(intruder.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const own = await entries(other, { first: 250 });
    expect(own.edges.map((e) => e.node.entityId)).toContain(theirs);
  });
});
