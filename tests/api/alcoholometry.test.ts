import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { densityOf, massFractionFromAbv } from '../../src/shared/alcoholometry/index.js';
import { EVERYTHING, makeMember, startApi, type TestApi } from './harness';

const BY_DENSITY = `query($temp: Float!, $density: Float!) { alcoholometricLookupByDensity(temp: $temp, density: $density) { temp density a b c } }`;
const BY_STRENGTH = `query($temp: Float!, $b: Float!) { alcoholometricLookupByStrength(temp: $temp, b: $b) { temp density a b c } }`;

describe('alcoholometric lookups over GraphQL', () => {
  let api: TestApi;
  let m: Awaited<ReturnType<typeof makeMember>>;
  beforeAll(async () => {
    api = await startApi();
    m = await makeMember(api, EVERYTHING);
  });
  afterAll(() => api.close());

  it('answers a row for a density and for a strength that agree with each other', async () => {
    const byStrength = await api.gql<{ alcoholometricLookupByStrength: Record<string, number> }>(
      m.companyId,
      BY_STRENGTH,
      { temp: 20, b: 40 },
      m.token,
    );
    const row = byStrength.body.data!.alcoholometricLookupByStrength;
    expect(row.density).toBeCloseTo(densityOf(massFractionFromAbv(40), 20), 9);
    expect(row.density).toBeCloseTo(948.05, 1);
    expect(row.b).toBe(40);
    expect(row.c).toBeCloseTo(1000 / row.density, 9);
    expect(row.a).toBeCloseTo((row.c * 40) / 100, 9);
    const byDensity = await api.gql<{ alcoholometricLookupByDensity: Record<string, number> }>(
      m.companyId,
      BY_DENSITY,
      { temp: 15.5, density: 951.2 },
      m.token,
    );
    const d = byDensity.body.data!.alcoholometricLookupByDensity;
    expect(d.temp).toBe(15.5);
    expect(d.density).toBe(951.2);
    expect(d.b).toBeGreaterThan(35);
    expect(d.b).toBeLessThan(40);
  });

  it('refuses values off the calculator grid or outside the tables with VALIDATION_ERROR', async () => {
    const grid = await api.gql(m.companyId, BY_DENSITY, { temp: 20.3, density: 900.1 }, m.token);
    expect(grid.body.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    expect(grid.body.errors?.[0].extensions.info.fields).toEqual({
      temp: 'Increments of 0.5',
      density: 'Increments of 0.2',
    });
    const range = await api.gql(m.companyId, BY_STRENGTH, { temp: 45, b: 101 }, m.token);
    expect(range.body.errors?.[0].extensions.info.fields).toEqual({ temp: 'Must be <= 40', b: 'Must be <= 100' });
    const outside = await api.gql(m.companyId, BY_DENSITY, { temp: 20, density: 780 }, m.token);
    expect(outside.body.errors?.[0].extensions.info.fields).toEqual({
      density: expect.stringMatching(/^Density 780 kg\/m3 is outside/),
    });
  });

  it('needs membership of the company', async () => {
    const other = await makeMember(api, []);
    const res = await api.gql(m.companyId, BY_STRENGTH, { temp: 20, b: 40 }, other.token);
    expect(res.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
