// Issue 4: the pure parts of the settings screens.
import { describe, expect, it } from 'vitest';
import { levelOf, toggle, withLevel, withValues, holdsValues } from '../../src/app/pages/useredit/permissionGrid';
import { tabOf } from '../../src/app/pages/settings/tabs';
import { splitValues } from '../../src/app/pages/settings/companyValues';
import { profileUrl, saveProfile, ProfileError } from '../../src/app/pages/userinfo/profileApi';
import { callGraphQL } from '../../src/app/pages/settings/api';
import { describeApiError } from '../../src/app/data/errors';
import { customPages, overriddenPaths } from '../../src/app/pages/registry';

describe('permission grid', () => {
  const demo = ['selling.read', 'selling.write', 'buying.read', 'values'];
  it('reads the level of each base', () => {
    expect(levelOf(demo, 'selling')).toBe('write');
    expect(levelOf(demo, 'buying')).toBe('read');
    expect(levelOf(demo, 'config')).toBe('none');
    expect(levelOf(['config'], 'config')).toBe('none'); // a bare string gives no read or write
  });
  it('write implies read; unticking read clears write', () => {
    expect(toggle([], 'config', 'write', true)).toEqual(['config.read', 'config.write']);
    expect(toggle(['config.read', 'config.write'], 'config', 'write', false)).toEqual(['config.read']);
    expect(toggle(['config.read', 'config.write'], 'config', 'read', false)).toEqual([]);
    expect(toggle(['config.read'], 'config', 'read', true)).toEqual(['config.read']);
  });
  it('keeps other strings, and the base untouched when its level does not change', () => {
    expect(withLevel(['x', 'selling', 'buying.write'], 'buying', 'write')).toEqual(['x', 'selling', 'buying.write']);
    expect(withLevel(['x', 'selling', 'buying.write'], 'selling', 'read')).toEqual([
      'x',
      'buying.write',
      'selling.read',
    ]);
  });
  it('values on and off', () => {
    expect(holdsValues(demo)).toBe(true);
    expect(withValues(demo, false)).toEqual(['selling.read', 'selling.write', 'buying.read']);
    expect(withValues([], true)).toEqual(['values']);
  });
});

describe('settings tabs', () => {
  it('opens tab 0, 1 or 4; anything else is tab 0', () => {
    expect(tabOf(undefined)).toBe(0);
    expect(tabOf('4')).toBe(4);
    expect(tabOf('1')).toBe(1);
    expect(tabOf('2')).toBe(0);
    expect(tabOf('x')).toBe(0);
  });
  it('the settings page replaces the generated site list at /settings/4; the site form stays', () => {
    expect(overriddenPaths.has('/settings/4')).toBe(true);
    expect(overriddenPaths.has('/siteedit')).toBe(false);
    expect(overriddenPaths.has('/siteedit/:siteId')).toBe(false);
    const settings = customPages.find((p) => p.paths.includes('/settings/:initialTab?'));
    expect(settings?.permissions).toEqual(['config']);
    const useredit = customPages.find((p) => p.paths.includes('/useredit'));
    expect(useredit?.permissions).toEqual(['config.write']);
    expect(customPages.find((p) => p.paths.includes('/userinfo'))?.permissions ?? []).toEqual([]);
  });
  it('splits the form into companyUpdate and companySettingsSet inputs', () => {
    const { company, settings } = splitValues({
      id: '1',
      name: 'Northern Lights',
      address: '  ',
      phone: '705',
      province: 'ON',
      fiscalYearMonth: 4,
      dateFormat: 'yyyy-MM-dd',
      trackKg: true,
      doneSetup: true,
    });
    expect(company).toEqual({
      name: 'Northern Lights',
      address: null,
      phone: '705',
      businessNumber: null,
      province: 'ON',
      fiscalYearMonth: 4,
    });
    expect(settings).toEqual({ dateFormat: 'yyyy-MM-dd', trackKg: true });
  });
});

describe('profile calls', () => {
  it('posts to {issuer}/users/{sub} with the bearer token and reads field errors', async () => {
    expect(profileUrl('http://h/oidc/', 'a b')).toBe('http://h/oidc/users/a%20b');
    let seen: RequestInit | undefined;
    const fetchImpl = (async (_url: string, init?: RequestInit) => {
      seen = init;
      return new Response(
        JSON.stringify({ message: 'bad', code: 'VALIDATION_ERROR', info: { fields: { email: 'Invalid e-mail' } } }),
        { status: 400 },
      );
    }) as typeof fetch;
    const error = await saveProfile(fetchImpl, 'http://h/oidc/users/1', 'tok', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileError);
    expect((error as ProfileError).fields).toEqual({ email: 'Invalid e-mail' });
    expect(new Headers(seen?.headers).get('authorization')).toBe('Bearer tok');
  });
});

describe('settings GraphQL calls', () => {
  it('a VALIDATION_ERROR becomes per-field errors', async () => {
    const fetchImpl = (async () =>
      new Response(
        JSON.stringify({
          errors: [
            {
              message: 'invalid',
              extensions: { code: 'VALIDATION_ERROR', info: { fields: { email: 'No user with this e-mail' } } },
            },
          ],
        }),
        { status: 200 },
      )) as unknown as typeof fetch;
    const error = await callGraphQL(fetchImpl, '1', 'mutation { x }').catch((e: unknown) => e);
    expect(describeApiError(error).body.errors).toEqual({ email: 'No user with this e-mail' });
  });
});
