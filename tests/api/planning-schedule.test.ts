// Scheduling from a template (issue 17) through the API, on PGlite and PostgreSQL: one task per
// step (start = start date + day offset, end = start + duration), quantities scaled, the step's
// role and kind, the recipe chosen for its kind; the calendar's read by days, site and role;
// the tasks list and completing one; what is refused.
//
// Template "Rye batch" scheduled from 2027-03-29 at scale 1.5:
//   Mash (MashBill, Cellar hand, day 0, 0 days, 2000)   -> 2027-03-29..2027-03-29, 3000.000
//   Check gravity (AdHoc, Cellar hand, day 2)           -> 2027-03-31..2027-03-31, no quantity
//   Distil (Process, Head distiller, day 5, 1 day, 333.333) -> 2027-04-03..2027-04-04, 500.000 (499.9995 up)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { backends, makeMember, startApi, type TestApi } from './harness';

type Errors = { message: string; extensions: { code: string; info: Record<string, unknown> } }[] | undefined;
const TASK = `{ id description primitiveType primitiveId startDate endDate quantity completed completedAt
  roleName siteId siteName role { id } template { id } }`;
const SCHEDULE = `mutation($input: ScheduleFromTemplateInput!) { activitiesScheduleFromTemplate(input: $input) ${TASK} }`;
const BETWEEN = `query($from: String!, $to: String!, $siteId: ID, $roleId: ID) {
  activitiesBetween(from: $from, to: $to, siteId: $siteId, roleId: $roleId) { description startDate } }`;

describe.each(backends)('planning schedule on %s', (backend) => {
  let api: TestApi;
  let co: { companyId: string; token: string };
  let other: { companyId: string; token: string };
  let template = '';
  let cellar = '';
  let distiller = '';
  let site = '';
  let mashBill = '';
  let otherMashBill = '';

  const call = async <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, who = co) => {
    const r = await api.gql<T>(who.companyId, query, variables, who.token);
    return { data: r.body.data as T | undefined, errors: r.body.errors as Errors };
  };
  const ok = async <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, who = co) => {
    const r = await call<T>(query, variables, who);
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return r.data!;
  };
  const create = async (entity: string, input: Record<string, unknown>, who = co) => {
    const type = entity.charAt(0).toUpperCase() + entity.slice(1);
    const d = await ok<Record<string, { id: string }>>(
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
      who,
    );
    return d[`${entity}Create`].id;
  };
  const count = async () =>
    (await ok<{ activities2: { totalCount: number } }>(`{ activities2 { totalCount } }`)).activities2.totalCount;

  beforeAll(async () => {
    api = await startApi(backend);
    const perms = ['production.write', 'config.write', 'scheduling.write', 'forecasting.write'];
    co = await makeMember(api, perms);
    other = await makeMember(api, perms);
    for (const c of [co, other])
      await api.database.db.update(companyTable).set({ allowPlanning: true }).where(eq(companyTable.id, c.companyId));
    cellar = await create('planningRole', { name: 'Cellar hand' });
    distiller = await create('planningRole', { name: 'Head distiller' });
    site = await create('site', { name: 'Collingwood' });
    mashBill = await create('mashBill', { name: 'Rye 90/10', volume: 2000 });
    otherMashBill = await create('mashBill', { name: 'Theirs', volume: 100 }, other);
    template = await create('planningTemplate', {
      name: 'Rye batch',
      steps: [
        { description: 'Mash', primitiveType: 'MashBill', role: cellar, dayOffset: 0, durationDays: 0, quantity: 2000 },
        { description: 'Check gravity', primitiveType: 'AdHoc', role: cellar, dayOffset: 2 },
        {
          description: 'Distil',
          primitiveType: 'Process',
          role: distiller,
          dayOffset: 5,
          durationDays: 1,
          quantity: 333.333,
        },
      ],
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('makes one task per step with dates, roles, recipe and scaled quantities', async () => {
    const d = await ok<{ activitiesScheduleFromTemplate: Record<string, unknown>[] }>(SCHEDULE, {
      input: {
        templateId: template,
        startDate: '2027-03-29',
        siteId: site,
        scale: 1.5,
        recipes: [{ primitiveType: 'MashBill', primitiveId: mashBill }],
      },
    });
    const tasks = d.activitiesScheduleFromTemplate;
    expect(
      tasks.map((t) => [t.description, t.primitiveType, t.primitiveId, t.startDate, t.endDate, t.quantity, t.roleName]),
    ).toEqual([
      ['Mash', 'MashBill', mashBill, '2027-03-29', '2027-03-29', 3000, 'Cellar hand'],
      ['Check gravity', 'AdHoc', null, '2027-03-31', '2027-03-31', null, 'Cellar hand'],
      ['Distil', 'Process', null, '2027-04-03', '2027-04-04', 500, 'Head distiller'],
    ]);
    for (const t of tasks) {
      expect(t).toMatchObject({ siteId: site, siteName: 'Collingwood', completed: false, template: { id: template } });
    }
  });

  it('shows tasks on the calendar by overlapping days, site and role', async () => {
    const days = async (vars: Record<string, unknown>) =>
      (await ok<{ activitiesBetween: { description: string }[] }>(BETWEEN, vars)).activitiesBetween.map(
        (t) => t.description,
      );
    expect(await days({ from: '2027-03-01', to: '2027-03-31' })).toEqual(['Mash', 'Check gravity']);
    // the distillation runs 3 to 4 April: a calendar starting on the 4th still shows it
    expect(await days({ from: '2027-04-04', to: '2027-04-30' })).toEqual(['Distil']);
    expect(await days({ from: '2027-03-01', to: '2027-04-30', roleId: distiller })).toEqual(['Distil']);
    expect(await days({ from: '2027-03-01', to: '2027-04-30', siteId: '999999' })).toEqual([]);
    const tooLong = await call(BETWEEN, { from: '2027-01-01', to: '2027-12-31' });
    expect(tooLong.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const backwards = await call(BETWEEN, { from: '2027-03-02', to: '2027-03-01' });
    expect(backwards.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('lists a task due today among the outstanding ones and completes it', async () => {
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const [mash] = (
      await ok<{ activitiesScheduleFromTemplate: { id: string }[] }>(SCHEDULE, {
        input: { templateId: template, startDate: today },
      })
    ).activitiesScheduleFromTemplate;
    const before = await ok<{ activitiesOutstandingForUser: number; activitiesForUser: { id: string }[] }>(
      `{ activitiesOutstandingForUser activitiesForUser(waiting: false) { id } }`,
    );
    // only the step of day 0 is due: day 2 and day 5 are still ahead
    expect(before.activitiesOutstandingForUser).toBe(1);
    expect(before.activitiesForUser.map((t) => t.id)).toEqual([mash.id]);
    const done = await ok<{ activityComplete: { completed: boolean } }>(
      `mutation($id: ID!, $date: String!) { activityComplete(id: $id, date: $date) { completed } }`,
      { id: mash.id, date: `${today}T15:30:00.000Z` },
    );
    expect(done.activityComplete.completed).toBe(true);
    const after = await ok<{ activitiesOutstandingForUser: number }>(`{ activitiesOutstandingForUser }`);
    expect(after.activitiesOutstandingForUser).toBe(0);
  });

  it('refuses bad input and makes nothing', async () => {
    const before = await count();
    const bad = async (input: Record<string, unknown>, code = 'VALIDATION_ERROR') => {
      const r = await call(SCHEDULE, { input: { templateId: template, startDate: '2027-05-03', ...input } });
      expect(r.errors?.[0].extensions.code, JSON.stringify(input)).toBe(code);
    };
    await bad({ startDate: '2027-02-30' });
    await bad({ startDate: "2027-05-03'; drop table activities; --" });
    await bad({ scale: 0 });
    await bad({ scale: -2 });
    await bad({ scale: 1e9 });
    await bad({ templateId: 'x' });
    await bad({ recipes: [{ primitiveType: 'Spaceship', primitiveId: mashBill }] });
    await bad({
      recipes: [
        { primitiveType: 'MashBill', primitiveId: mashBill },
        { primitiveType: 'MashBill', primitiveId: mashBill },
      ],
    });
    // another company's mash bill, site or template is not found here
    await bad({ recipes: [{ primitiveType: 'MashBill', primitiveId: otherMashBill }] });
    const otherSite = await create('site', { name: 'Theirs' }, other);
    await bad({ siteId: otherSite });
    await bad({ templateId: '999999999' }, 'NOT_FOUND');
    expect(await count()).toBe(before);
  });

  it('needs scheduling.write and allowPlanning', async () => {
    const reader = await makeMember(api, ['production.read', 'forecasting.write']);
    await api.database.db
      .update(companyTable)
      .set({ allowPlanning: true })
      .where(eq(companyTable.id, reader.companyId));
    const r = await call(SCHEDULE, { input: { templateId: template, startDate: '2027-05-03' } }, reader);
    expect(r.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
