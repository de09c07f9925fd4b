// The public sign-up endpoints (src/server/domain/company/signupRoutes.ts): plain fetch, no
// token, since the person has no account yet.

export interface SignupForm {
  name: string;
  email: string;
  password: string;
  companyName: string;
  province: string;
  locale: string;
}

/** The server's refusal: a message and, for bad input, one message per field. */
export class SignupError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    info?: { fields?: Record<string, string> };
  };
  if (!response.ok) throw new SignupError(answer.message ?? `HTTP ${response.status}`, answer.info?.fields ?? {});
  return answer as Record<string, unknown>;
}

/** Asks for the confirmation link; answers the message to show (the same for every address). */
export const requestSignup = async (form: SignupForm) => String((await post('/api/signup', form)).message ?? '');

/** Opens a mailed link; answers the e-mail the new account signs in with. */
export const confirmSignup = async (token: string) =>
  String((await post('/api/signup/confirm', { token })).email ?? '');
