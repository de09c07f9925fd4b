// Issue 10, point 19: a company's date format, time format and time zone are choices the
// server checks (the schema keeps them free strings), and a refused save writes nothing. A
// company made by sign-up starts with the defaults, which are among the choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const SET = `mutation($settings: CompanySettingsInput!) {
  companySettingsSet(settings: $settings) { dateFormat timeFormat timeZone } }`;
const READ = `{ companies { id settings { dateFormat timeFormat timeZone } } }`;

type Err = { message: string; extensions: { code: string; info: { fields?: Record<string, string> } } };

describe.each(backends)('date and time settings on %s', (backend) => {
  let api: TestApi;
  let admin: Awaited<ReturnType<typeof makeMember>>;
  const set = async (settings: Record<string, unknown>) =>
    (await api.gql<{ companySettingsSet: Record<string, string> }>(admin.companyId, SET, { settings }, admin.token))
      .body as { data?: { companySettingsSet: Record<string, string> }; errors?: Err[] };
  const stored = async () => {
    const res = await api.gql<{ companies: { id: string; settings: Record<string, string> }[] }>(
      'none',
      READ,
      {},
      admin.token,
    );
    return res.body.data!.companies.find((c) => String(c.id) === String(admin.companyId))!.settings;
  };

  beforeAll(async () => {
    api = await startApi(backend);
    admin = await makeMember(api, [...EVERYTHING, 'config.read', 'config.write']);
  });
  afterAll(() => api?.close());

  it('saves a choice of format and a real zone', async () => {
    const ok = await set({ dateFormat: 'd MMM yyyy', timeFormat: 'HH:mm', timeZone: 'America/Vancouver' });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.companySettingsSet).toEqual({
      dateFormat: 'd MMM yyyy',
      timeFormat: 'HH:mm',
      timeZone: 'America/Vancouver',
    });
    expect(await stored()).toEqual({ dateFormat: 'd MMM yyyy', timeFormat: 'HH:mm', timeZone: 'America/Vancouver' });
  });

  it('refuses free text with a message per field and keeps what was saved', async () => {
    const before = await stored();
    const bad = await set({ dateFormat: 'yyyy/MM/dd', timeFormat: 'hh:mm:ss', timeZone: 'Mars/Olympus' });
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0].extensions.info.fields).toEqual({
      dateFormat: 'Must be one of yyyy-MM-dd, dd/MM/yyyy, MM/dd/yyyy, d MMM yyyy',
      timeFormat: 'Must be one of hh:mm a, h:mm a, HH:mm',
      timeZone: 'Unknown time zone (use a name such as America/Toronto)',
    });
    // one bad field refuses the whole save
    const partly = await set({ dateFormat: 'dd/MM/yyyy', timeZone: 'Toronto' });
    expect(partly.errors?.[0].extensions.info.fields).toEqual({
      timeZone: 'Unknown time zone (use a name such as America/Toronto)',
    });
    expect(await stored()).toEqual(before);
  });
});
