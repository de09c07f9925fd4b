// The error catalogue (spec 8) watches every staff service's endpoint (spec 7: one endpoint per
// service): an error from the e-commerce or point-of-sale endpoint shows its message on the
// banner as main's does; the portal's endpoint is not the staff app's; other paths only sign out
// on 401.
import { describe, expect, it, vi } from 'vitest';
import { observeApi } from '../../src/app/shell/apiObserver';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const conflict = {
  data: null,
  errors: [{ message: 'Connect Square on the Apps page first', extensions: { code: 'CONFLICT', info: {} } }],
};

function observed(response: () => Response) {
  const deps = { onSignOut: vi.fn(), onError: vi.fn(), report: vi.fn() };
  const fetch = observeApi(async () => response(), deps);
  return { fetch, deps };
}

describe('the API observer on the services’ endpoints', () => {
  for (const url of ['/graphql/7', '/ecommerce/graphql/7', '/pointofsale/graphql/7'])
    it(`shows the server's message of an error from ${url}`, async () => {
      const { fetch, deps } = observed(() => answer(200, conflict));
      await fetch(url, { method: 'POST', body: JSON.stringify({ query: 'query SquareLocations { x }' }) });
      expect(deps.onError).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'error', message: 'Connect Square on the Apps page first', code: 'CONFLICT' }),
      );
      expect(deps.onSignOut).not.toHaveBeenCalled();
    });

  it("leaves the portal's endpoint and other paths alone but for a 401", async () => {
    const portal = observed(() => answer(200, conflict));
    await portal.fetch('/portal/graphql/7', { method: 'POST', body: '{}' });
    expect(portal.deps.onError).not.toHaveBeenCalled();
    const other = observed(() => answer(401, {}));
    await other.fetch('/api/config');
    expect(other.deps.onSignOut).toHaveBeenCalledOnce();
  });
});
