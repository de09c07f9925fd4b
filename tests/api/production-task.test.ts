// Issue 11 / spec 2.4 and 4: a production record opened from a task (?activityId=) completes the
// task in the record's own transaction. A refused save leaves the task outstanding; a task of
// another company, or an id that is no task, is refused and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { rowsOf } from '../../src/server/db/connect';
import { backends, startApi, type TestApi } from './harness';
import { exciseCompany } from './exciseKit';

describe.each(backends)('production records completing their task on %s', (backend) => {
  let api: TestApi;
  let co: Awaited<ReturnType<typeof exciseCompany>>;
  let other: Awaited<ReturnType<typeof exciseCompany>>;

  const task = async (company: typeof co, description: string) => {
    await api.database.db
      .update(companyTable)
      .set({ allowPlanning: true })
      .where(eq(companyTable.id, company.companyId));
    const r = await company.call<{ activityCreate: { id: string } }>(
      `mutation($d: String!) { activityCreate(input: { description: $d, primitiveType: "Process", startDate: "2001-01-01" }) { id } }`,
      { d: description },
    );
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!.activityCreate.id;
  };
  const state = async (id: string) =>
    rowsOf<{ completed: boolean; completed_at: string | null }>(
      await api.database.db.execute(sql`SELECT completed, completed_at::text FROM activities WHERE id = ${id}`),
    )[0];
  const distillations = async (companyId: string) =>
    rowsOf<{ n: number }>(
      await api.database.db.execute(sql`SELECT count(*)::int AS n FROM distillations WHERE company_id = ${companyId}`),
    )[0].n;
  const distil = (lot: string, activityId?: string | null) =>
    co.call<{ distillationCreate: { id: string } }>(
      `mutation($input: DistillationInput!, $activityId: ID) { distillationCreate(input: $input, activityId: $activityId) { id } }`,
      { input: { lot, date: '2026-05-02T09:00:00.000Z', inputs: [], outputs: [] }, activityId },
    );

  beforeAll(async () => {
    api = await startApi(backend);
    co = await exciseCompany(api);
    other = await exciseCompany(api);
  });
  afterAll(() => api.close());

  it('saving with the task id completes the task, once', async () => {
    const id = await task(co, 'Distil rye');
    expect((await state(id)).completed).toBe(false);
    const saved = await distil('D-100', id);
    expect(saved.errors).toBeUndefined();
    const done = await state(id);
    expect(done.completed).toBe(true);
    expect(done.completed_at).not.toBeNull();
    // the task list no longer shows it
    const open = await co.call<{ activitiesForUser: { id: string }[] }>(`{ activitiesForUser { id } }`);
    expect(open.data!.activitiesForUser.map((a) => a.id)).not.toContain(id);
    // a second record from the same task keeps the first completion time
    expect((await distil('D-101', id)).errors).toBeUndefined();
    expect((await state(id)).completed_at).toBe(done.completed_at);
  });

  it('a refused save leaves the task outstanding', async () => {
    const id = await task(co, 'Distil gin');
    expect((await distil('D-200')).errors).toBeUndefined();
    const before = await distillations(co.companyId);
    // the lot is taken: the save is refused, the task stays open
    const refused = await distil('D-200', id);
    expect(refused.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect((await state(id)).completed).toBe(false);
    expect(await distillations(co.companyId)).toBe(before);
  });

  it("another company's task, or no task, is refused and nothing is written", async () => {
    const theirs = await task(other, 'Their task');
    const before = await distillations(co.companyId);
    for (const activityId of [theirs, '999999999', 'abc', '1'.repeat(40)]) {
      const r = await distil(`D-X-${activityId.length}`, activityId);
      expect(r.errors?.[0].extensions.code, activityId).toBe('VALIDATION_ERROR');
      expect(r.errors?.[0].extensions.info, activityId).toEqual({
        fields: { activityId: 'No such task in this company' },
      });
    }
    expect(await distillations(co.companyId)).toBe(before);
    expect((await state(theirs)).completed).toBe(false);
  });

  it('only the records a task can open take activityId', async () => {
    const r = await co.call(`mutation { spiritCreate(input: { name: "X" }, activityId: "1") { id } }`);
    expect(r.errors?.[0].message).toMatch(/Unknown argument "activityId"/);
  });
});
