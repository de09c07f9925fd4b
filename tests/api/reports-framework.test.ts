// The reports framework (issue 15; spec 6): who may run a report (`reports`, then the report's
// own permissions, then its company feature), how bad parameters are answered (VALIDATION_ERROR
// naming the field, never an internal error), value columns blanked without `values`, and the
// CSV export needing allowCSVExport. Runs real reports of the catalogue (SalesByCustomer,
// SalesUndelivered, WinesPeriodSummary) on a company with no documents: what is checked here
// is the framework, the figures are each report's own tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyTable } from '../../src/generated/tables';
import { reportMeta } from '../../src/shared/reports/catalogue';
import { backends, makeMember, startApi, type TestApi } from './harness';

const RUN = `query($name: String!, $parameters: ReportParameters) {
  report(name: $name, parameters: $parameters) { name from to asOf rows totals charts { key } truncated } }`;
const EXPORT = `query($name: String!, $parameters: ReportParameters) { reportExportCSV(name: $name, parameters: $parameters) }`;

interface Run {
  name: string;
  from: string | null;
  to: string | null;
  asOf: string | null;
  rows: string[][];
  totals: string[] | null;
  truncated: boolean;
}

describe.each(backends)('the reports framework on %s', (backend) => {
  let api: TestApi;
  const codes = (r: { errors?: { extensions: { code: string } }[] }) => r.errors?.map((e) => e.extensions.code);

  beforeAll(async () => {
    api = await startApi(backend);
  });
  afterAll(() => api.close());

  const run = async (m: { companyId: string; token: string }, name: string, parameters?: Record<string, unknown>) =>
    (await api.gql<{ report: Run }>(m.companyId, RUN, { name, parameters }, m.token)).body;

  it('refuses a user without `reports`, even with the report’s own permission', async () => {
    const m = await makeMember(api, ['selling', 'values']);
    const r = await run(m, 'SalesByCustomer');
    expect(codes(r)).toEqual(['FORBIDDEN']);
    const csv = (await api.gql(m.companyId, EXPORT, { name: 'SalesByCustomer' }, m.token)).body;
    expect(codes(csv)).toEqual(['FORBIDDEN']);
  });

  it('refuses a report whose own permissions the user lacks', async () => {
    // reports, but no selling: the sales reports are not theirs
    const m = await makeMember(api, ['reports', 'production']);
    const r = await run(m, 'SalesByCustomer');
    expect(codes(r)).toEqual(['FORBIDDEN']);
    expect(r.errors?.[0].message).toContain('Sales by customer');
  });

  it('runs a report the user may run, defaulting to the last 30 days ending today', async () => {
    const m = await makeMember(api, ['reports', 'selling', 'values']);
    const r = await run(m, 'SalesByCustomer');
    expect(r.errors).toBeUndefined();
    const answer = r.data!.report;
    expect(answer.name).toBe('SalesByCustomer');
    // the screen's 'Last 30 days' (the lists' preset): from = today - 30 days, to = today
    const days = (Date.parse(answer.to!) - Date.parse(answer.from!)) / 86_400_000;
    expect(days).toBe(30);
    expect(answer.asOf).toBeNull();
    expect(answer.truncated).toBe(false);
    expect(answer.rows).toEqual([]);
  });

  it('answers the range asked for', async () => {
    const m = await makeMember(api, ['reports', 'selling']);
    const r = await run(m, 'SalesByCustomer', { from: '2025-01-01', to: '2025-12-31' });
    expect(r.errors).toBeUndefined();
    expect(r.data!.report).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('blanks value columns for a user without `values`', async () => {
    const meta = reportMeta('SalesByCustomer')!;
    const valueAt = meta.columns.flatMap((c, i) => (c.values ? [i] : []));
    expect(valueAt.length).toBeGreaterThan(0);
    const plain = await makeMember(api, ['reports', 'selling']);
    const r = await run(plain, 'SalesByCustomer', { from: '2025-01-01', to: '2025-12-31' });
    expect(r.errors).toBeUndefined();
    // no documents: the totals row is still there, its sums zero ('0.00' in dollars) for a user
    // with `values`, blank for one without
    const rich = await makeMember(api, ['reports', 'selling', 'values']);
    const full = await run(rich, 'SalesByCustomer', { from: '2025-01-01', to: '2025-12-31' });
    for (const i of valueAt) expect(full.data!.report.totals![i]).toBe('0.00');
    const cells = [...r.data!.report.rows, r.data!.report.totals!];
    for (const row of cells) for (const i of valueAt) expect(row[i]).toBe('');
    // the CSV leaves the value columns out altogether
    const csv = (
      await api.gql<{ reportExportCSV: string }>(plain.companyId, EXPORT, { name: 'SalesByCustomer' }, plain.token)
    ).body;
    expect(csv.errors).toBeUndefined();
    const res = await api.app.inject({
      method: 'GET',
      url: csv.data!.reportExportCSV,
      headers: { authorization: `Bearer ${plain.token}` },
    });
    expect(res.statusCode).toBe(200);
    const header = res.body.split('\r\n')[0];
    const shown = meta.columns.filter((c) => !c.values).map((c) => (c.unit ? `${c.label.en} (${c.unit})` : c.label.en));
    expect(header).toBe(shown.join(','));
  });

  it('writes the CSV with every column for a user with `values`', async () => {
    const m = await makeMember(api, ['reports', 'selling', 'values']);
    const csv = (await api.gql<{ reportExportCSV: string }>(m.companyId, EXPORT, { name: 'SalesByCustomer' }, m.token))
      .body;
    expect(csv.errors).toBeUndefined();
    const res = await api.app.inject({
      method: 'GET',
      url: csv.data!.reportExportCSV,
      headers: { authorization: `Bearer ${m.token}` },
    });
    // the header as the catalogue words it: 'Customer,Invoices,Quantity,Sales (invoice subtotals),…'
    const labels = reportMeta('SalesByCustomer')!.columns.map((c) => c.label.en);
    const header = res.body.split('\r\n')[0].split(',');
    expect(header[0]).toBe('Customer');
    expect(header).toHaveLength(labels.length);
  });

  it('needs allowCSVExport for the CSV export, not for the screen', async () => {
    const m = await makeMember(api, ['reports', 'selling']);
    await api.database.db.update(companyTable).set({ allowCSVExport: false }).where(eq(companyTable.id, m.companyId));
    const csv = (await api.gql(m.companyId, EXPORT, { name: 'SalesByCustomer' }, m.token)).body;
    expect(codes(csv)).toEqual(['FORBIDDEN']);
    expect(csv.errors?.[0].extensions.info).toEqual({ feature: 'allowCSVExport' });
    expect((await run(m, 'SalesByCustomer')).errors).toBeUndefined();
  });

  it('needs the report’s company feature (WinesPeriodSummary: allowWine)', async () => {
    const m = await makeMember(api, ['reports', 'inventory']);
    const off = await run(m, 'WinesPeriodSummary');
    expect(codes(off)).toEqual(['FORBIDDEN']);
    expect(off.errors?.[0].extensions.info).toEqual({ feature: 'allowWine' });
    await api.database.db.update(companyTable).set({ allowWine: true }).where(eq(companyTable.id, m.companyId));
    expect((await run(m, 'WinesPeriodSummary')).errors).toBeUndefined();
  });

  it('answers VALIDATION_ERROR naming the field for bad dates, ranges, ids and choices', async () => {
    const m = await makeMember(api, ['reports', 'selling']);
    const field = async (parameters: Record<string, unknown>, name = 'SalesByCustomer') => {
      const r = await run(m, name, parameters);
      expect(codes(r)).toEqual(['VALIDATION_ERROR']);
      return r.errors![0].extensions.info.fields as Record<string, string>;
    };
    // the shared messages (src/shared/messages.ts invalidDate), as every other date field answers
    expect(await field({ from: '2025-02-30' })).toEqual({ from: 'Must be a date (yyyy-MM-dd)' });
    expect(await field({ to: '2025-13-01' })).toEqual({ to: 'Must be a date (yyyy-MM-dd)' });
    expect(await field({ from: '2025-03-02', to: '2025-03-01' })).toEqual({
      from: 'The start date must be on or before the end date',
    });
    // 2010-01-01 to 2025-01-01 is 15 years: more than the 10 a report may span
    expect(await field({ from: '2010-01-01', to: '2025-01-01' })).toEqual({
      from: 'The range may be at most 10 years',
    });
    expect(await field({ customerId: 'abc' })).toEqual({ customerId: 'Must be an id' });
    // 19 digits may pass the bigint maximum (9223372036854775807): refused, not an internal error
    expect(await field({ siteId: '9999999999999999999' })).toEqual({ siteId: 'Must be an id' });
    expect(await field({ by: 'colour' }, 'SalesUndelivered')).toEqual({ by: 'Must be one of customer, postalCode' });
  });

  it('answers VALIDATION_ERROR for a name that is not a report (and for the lot trace, its own query)', async () => {
    const m = await makeMember(api, ['reports', 'selling', 'production']);
    for (const name of ['NoSuchReport', 'Lot']) {
      const r = await run(m, name);
      expect(codes(r)).toEqual(['VALIDATION_ERROR']);
      expect(r.errors?.[0].extensions.info).toEqual({ fields: { name: `No report is named ${name}` } });
    }
  });

  it('reads only the actor’s company: an id of another company matches nothing', async () => {
    const a = await makeMember(api, ['reports', 'selling', 'values']);
    const b = await makeMember(api, ['reports', 'selling', 'values']);
    // a member of A asking B's company answers FORBIDDEN (not a member), never B's rows
    const r = (await api.gql(b.companyId, RUN, { name: 'SalesByCustomer' }, a.token)).body;
    expect(codes(r)).toEqual(['FORBIDDEN']);
  });
});
