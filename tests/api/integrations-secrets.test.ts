// The integrations' sealing and OAuth state (no database): tokens sealed with AES-256-GCM open
// only for the company and app they were sealed for and only under the same key, a changed
// byte is refused, and a state is refused when forged, altered, expired or signed under
// another key.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationsKey, openSecrets, sealSecrets } from '../../src/server/domain/integrations/secrets';
import { createState, readState, STATE_LIFETIME_MS } from '../../src/server/domain/integrations/state';
import { centsOf, requestIdOf } from '../../src/server/domain/integrations/calls';

describe('integration secrets and state', () => {
  const saved = process.env.INTEGRATIONS_KEY;
  beforeAll(() => {
    process.env.INTEGRATIONS_KEY = randomBytes(32).toString('base64');
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.INTEGRATIONS_KEY;
    else process.env.INTEGRATIONS_KEY = saved;
  });

  const tokens = { accessToken: 'at-123', refreshToken: 'rt-456' };

  it('opens what it sealed, for the same company and app only', () => {
    const sealed = sealSecrets(tokens, '11', 'quickbooks');
    expect(sealed).not.toContain('at-123');
    expect(openSecrets(sealed, '11', 'quickbooks')).toEqual(tokens);
    // two seals of the same value differ (a fresh IV each time)
    expect(sealSecrets(tokens, '11', 'quickbooks')).not.toBe(sealed);
    expect(() => openSecrets(sealed, '12', 'quickbooks')).toThrow();
    expect(() => openSecrets(sealed, '11', 'xero')).toThrow();
    expect(() => openSecrets(sealed, '11', 'quickbooks', randomBytes(32))).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64');
    body[0] ^= 1;
    expect(() => openSecrets([...parts.slice(0, 3), body.toString('base64')].join('.'), '11', 'quickbooks')).toThrow();
  });

  it('refuses a key that is not 32 bytes, and a missing one, in words', () => {
    expect(() => integrationsKey({ INTEGRATIONS_KEY: randomBytes(16).toString('base64') })).toThrow(
      'INTEGRATIONS_KEY must be 32 bytes, base64 encoded',
    );
    expect(() => integrationsKey({})).toThrow(/INTEGRATIONS_KEY \(32 bytes, base64\) is missing/);
  });

  it('reads back a state it signed, and nothing forged, altered or expired', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const state = createState('11', '7', 'quickbooks', now);
    expect(readState(state, now + 1000)).toMatchObject({ companyId: '11', userId: '7', app: 'quickbooks' });
    expect(readState(state, now + STATE_LIFETIME_MS + 1)).toBeNull();
    const [body, signature] = state.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), companyId: '12' }),
    ).toString('base64url');
    expect(readState(`${altered}.${signature}`, now)).toBeNull();
    expect(readState(`${body}.${signature.slice(1)}`, now)).toBeNull();
    expect(readState(`${body}`, now)).toBeNull();
    process.env.INTEGRATIONS_KEY = randomBytes(32).toString('base64');
    expect(readState(state, now)).toBeNull();
  });

  it('turns stored decimals into cents without floats, and names a record by a stable request id', () => {
    // hand-worked: 0.005 rounds half away from zero to 1 cent; 36.745 to 36.75; -2.345 to -2.35
    expect([centsOf('69.000'), centsOf('0.005'), centsOf('36.745'), centsOf('-2.345'), centsOf('12')]).toEqual([
      6900, 1, 3675, -235, 1200,
    ]);
    expect(centsOf('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => centsOf('90071992547409.92')).toThrow(/too large/);
    const id = requestIdOf('11', 'quickbooks', 'invoice', '42');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(requestIdOf('11', 'quickbooks', 'invoice', '42')).toBe(id);
    expect(requestIdOf('12', 'quickbooks', 'invoice', '42')).not.toBe(id);
  });
});
