// fetch for every API call: adds the bearer token (refreshed on demand) and the version of this
// client, remembers the product version the server answers in `x-version` (localStorage
// `version`), and reports a 401 so the user is cleared and sign-in restarts. Without a token the
// server is not called: the caller gets a 401 answer at once.

import { VERSION_HEADER } from '../../shared/services';

export { VERSION_HEADER };

export interface AuthFetchDeps {
  getAccessToken: () => Promise<string | null>;
  onUnauthorized: () => void;
  onVersion: (version: string) => void;
  /** the product version this client was loaded as, sent with every call ('' sends none) */
  clientVersion?: string;
  fetchImpl?: typeof fetch;
}

export function unauthorizedResponse(): Response {
  return new Response(JSON.stringify({ errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });
}

export function createAuthFetch(deps: AuthFetchDeps): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const token = await deps.getAccessToken();
    if (!token) {
      deps.onUnauthorized();
      return unauthorizedResponse();
    }
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    if (deps.clientVersion) headers.set(VERSION_HEADER, deps.clientVersion);
    const response = await (deps.fetchImpl ?? fetch)(input, { ...init, headers });
    const version = response.headers.get(VERSION_HEADER);
    if (version) deps.onVersion(version);
    if (response.status === 401) deps.onUnauthorized();
    return response;
  };
}
