// The add-ons of /apps a company switches itself (addOnSet): config.write only, known names
// only, kept on the company (Company.addOns), audited, and idempotent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLogTable } from '../../src/server/domain/audit/table';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

describe.each(backends)('add-ons on %s', (backend) => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  beforeAll(async () => {
    api = await startApi(backend);
    m = await makeMember(api, EVERYTHING);
  });
  afterAll(() => api.close());
  const call = (query: string, variables: Record<string, unknown> = {}, who = m) =>
    api.gql<any>(who.companyId, query, variables, who.token);
  const SET = `mutation($a: String!, $on: Boolean!) { addOnSet(addOn: $a, enabled: $on) }`;
  const listed = async () => {
    const companies = (await call(`{ companies { id addOns } }`)).body.data.companies as {
      id: string;
      addOns: string[];
    }[];
    return companies.find((c) => String(c.id) === m.companyId)!.addOns;
  };

  it('switches e-commerce and point of sale on and off, once each', async () => {
    expect((await call(SET, { a: 'ecommerce', on: true })).body.data.addOnSet).toEqual(['ecommerce']);
    expect((await call(SET, { a: 'pointOfSale', on: true })).body.data.addOnSet).toEqual(['ecommerce', 'pointOfSale']);
    // a second switch-on changes nothing
    expect((await call(SET, { a: 'ecommerce', on: true })).body.data.addOnSet).toEqual(['ecommerce', 'pointOfSale']);
    expect(await listed()).toEqual(['ecommerce', 'pointOfSale']);
    expect((await call(SET, { a: 'ecommerce', on: false })).body.data.addOnSet).toEqual(['pointOfSale']);
    expect(await listed()).toEqual(['pointOfSale']);
    const audited = await api.database.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.companyId, m.companyId), eq(auditLogTable.entity, 'company')));
    // three changes, not four: the repeated switch-on wrote nothing
    expect(audited).toHaveLength(3);
  });

  it('refuses accounting (the plan gives it) and unknown names, and people without config.write', async () => {
    const accounting = await call(SET, { a: 'accounting', on: true });
    expect(accounting.body.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    expect((accounting.body.errors![0].extensions.info as any).fields.addOn).toBe(
      'Must be one of ecommerce, pointOfSale, customerPortal',
    );
    const unknown = await call(SET, { a: 'x'.repeat(5000), on: true });
    expect(unknown.body.errors![0].extensions.code).toBe('VALIDATION_ERROR');
    const seller = await makeMember(api, ['selling.read', 'selling.write']);
    const denied = await call(SET, { a: 'ecommerce', on: true }, seller);
    expect(denied.body.errors![0].extensions.code).toBe('FORBIDDEN');
  });
});
