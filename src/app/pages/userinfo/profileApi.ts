// The signed-in user's profile at the authorization server (spec 7): GET and POST
// `${issuer}/users/{sub}` with the bearer token. A 400 answers
// { message, code: 'VALIDATION_ERROR', info: { fields } }.

export interface Profile {
  id: string;
  name: string | null;
  email: string;
  locale: string | null;
}

export class ProfileError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ProfileError';
  }
}

export const profileUrl = (issuer: string, sub: string) =>
  `${issuer.replace(/\/+$/, '')}/users/${encodeURIComponent(sub)}`;

async function answer(response: Response): Promise<Profile> {
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // no JSON body
  }
  if (!response.ok) {
    const info = body.info as { fields?: Record<string, string> } | undefined;
    throw new ProfileError(
      typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
      response.status,
      typeof body.code === 'string' ? body.code : undefined,
      info?.fields ?? {},
    );
  }
  return body as unknown as Profile;
}

export async function loadProfile(fetchImpl: typeof fetch, url: string, token: string): Promise<Profile> {
  return answer(await fetchImpl(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }));
}

export async function saveProfile(
  fetchImpl: typeof fetch,
  url: string,
  token: string,
  changes: Partial<Pick<Profile, 'name' | 'email' | 'locale'>>,
): Promise<Profile> {
  return answer(
    await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(changes),
    }),
  );
}
