import { describe, expect, it, vi } from 'vitest';
import {
  isExpired,
  loginAction,
  refreshDelayMs,
  REFRESH_LEAD_SECONDS,
  safeReturnPath,
} from '../../src/app/auth/tokens';
import { createAuthFetch, VERSION_HEADER } from '../../src/app/data/authFetch';

describe('token timing', () => {
  it('refreshes 60 seconds before expiry', () => {
    expect(REFRESH_LEAD_SECONDS).toBe(60);
    const now = 1_000_000_000;
    expect(refreshDelayMs(now / 1000 + 3600, now)).toBe((3600 - 60) * 1000);
    expect(refreshDelayMs(now / 1000 + 30, now)).toBe(0);
    expect(refreshDelayMs(undefined, now)).toBeNull();
    expect(refreshDelayMs(now / 1000 + 365 * 86400, now)).toBe(2 ** 31 - 1);
  });
  it('treats a token about to expire as expired', () => {
    const now = 1_000_000_000;
    expect(isExpired(now / 1000 + 2, now)).toBe(true);
    expect(isExpired(now / 1000 + 60, now)).toBe(false);
    expect(isExpired(undefined, now)).toBe(false);
  });
});

describe('/login', () => {
  it('reads what to do from the query string', () => {
    expect(loginAction('?code=abc&state=xyz')).toEqual({ kind: 'callback' });
    expect(loginAction('?error_message=Internal%20error')).toEqual({ kind: 'error', message: 'Internal error' });
    expect(loginAction('?error=access_denied&error_description=No%20thanks&state=s')).toEqual({
      kind: 'error',
      message: 'No thanks',
    });
    expect(loginAction('?error=access_denied')).toEqual({ kind: 'error', message: 'access_denied' });
    expect(loginAction('')).toEqual({ kind: 'start' });
  });
  it('returns only to same-origin app paths', () => {
    expect(safeReturnPath('/sales/customers?page=2')).toBe('/sales/customers?page=2');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('/login?code=1')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});

describe('authFetch', () => {
  const setup = (token: string | null, status = 200, headers: Record<string, string> = {}) => {
    const fetchImpl = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status, headers }),
    );
    const onUnauthorized = vi.fn();
    const onVersion = vi.fn();
    const f = createAuthFetch({
      getAccessToken: async () => token,
      onUnauthorized,
      onVersion,
      fetchImpl,
      clientVersion: '1.3.2',
    });
    return { f, fetchImpl, onUnauthorized, onVersion };
  };
  it("sends the bearer token and the client's version, and saves the server's version header", async () => {
    const { f, fetchImpl, onVersion } = setup('tok', 200, { [VERSION_HEADER]: '1.4.0' });
    await f('/graphql/1', { method: 'POST', headers: { 'content-type': 'application/json' } });
    const init = fetchImpl.mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    // spec 7: "with bearer token and a product version header"
    expect(new Headers(init.headers).get('x-version')).toBe('1.3.2');
    expect(onVersion).toHaveBeenCalledWith('1.4.0');
  });
  it('reports a 401', async () => {
    const { f, onUnauthorized } = setup('tok', 401);
    expect((await f('/graphql/1')).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalled();
  });
  it('does not call the server without a token', async () => {
    const { f, fetchImpl, onUnauthorized } = setup(null);
    const response = await f('/graphql/1');
    expect(response.status).toBe(401);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalled();
  });
});
