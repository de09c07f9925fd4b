import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompanyStore, isFeatureOn, pickCompanyId, type Company } from '../../src/app/company/companies';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const company = (id: string, extra: Partial<Company> = {}): Company => ({
  id,
  name: `Co ${id}`,
  permissions: [],
  ...extra,
});

describe('companies', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps the stored company when still a member, else takes the first', () => {
    expect(pickCompanyId([company('a'), company('b')], 'b')).toBe('b');
    expect(pickCompanyId([company('a'), company('b')], 'z')).toBe('a');
    expect(pickCompanyId([], 'z')).toBeNull();
  });

  it('feature flags gate only entities that name one', () => {
    expect(isFeatureOn(company('a'), undefined)).toBe(true);
    expect(isFeatureOn(company('a'), 'allowWine')).toBe(false);
    expect(isFeatureOn(company('a', { allowWine: true }), 'allowWine')).toBe(true);
  });

  it('loads once, stores companyId, switches and notifies', async () => {
    localStorage.setItem('companyId', 'gone');
    let calls = 0;
    const store = new CompanyStore(async () => {
      calls++;
      return [company('a'), company('b', { permissions: ['selling.read'] })];
    });
    let notified = 0;
    store.subscribe(() => notified++);
    const [s1] = await Promise.all([store.ensureLoaded(), store.ensureLoaded()]);
    expect(calls).toBe(1);
    expect(s1.current?.id).toBe('a');
    expect(localStorage.getItem('companyId')).toBe('a');
    store.select('b');
    expect(localStorage.getItem('companyId')).toBe('b');
    expect(store.permissions()).toEqual(['selling.read']);
    expect(notified).toBe(2);
    store.select('nope');
    expect(store.getState().current?.id).toBe('b');
  });
});
