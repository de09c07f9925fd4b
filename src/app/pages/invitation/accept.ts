// The acceptance of an invitation link (/invitation/:token), apart from the screen so it can be
// tested: one call per link however often the screen mounts (React StrictMode runs effects
// twice, and a link works only once), sent to /graphql (the person may have no company yet)
// and kept off the error banner: the screen shows the server's one message itself. The call is
// written out here rather than through settings/api, so this chunk shares only what the first
// page already loads (the first page's size budget).
import { SILENT_HEADER } from '../../shell/apiObserver';
import { ApiProblem, type ErrorCode } from '../../data/errors';

export const ACCEPT_INVITATION =
  'mutation CompanyInvitationAccept($token: String!) { companyInvitationAccept(token: $token) }';

const pending = new Map<string, Promise<string>>();

interface Answer {
  data?: { companyInvitationAccept?: string | number } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function call(authFetch: typeof fetch, token: string): Promise<string> {
  const response = await authFetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', [SILENT_HEADER]: '1' },
    body: JSON.stringify({ query: ACCEPT_INVITATION, variables: { token } }),
  });
  const answer = (await response.json().catch(() => ({}))) as Answer;
  const error = answer.errors?.[0];
  if (error) throw new ApiProblem((error.extensions?.code ?? 'BAD_REQUEST') as ErrorCode, error.message);
  const id = answer.data?.companyInvitationAccept;
  if (!response.ok || id == null) throw new Error(`HTTP ${response.status}`);
  return String(id);
}

/** Accepts the invitation once; answers the id of the company joined. */
export function acceptInvitation(authFetch: typeof fetch, token: string): Promise<string> {
  let accepted = pending.get(token);
  if (!accepted) {
    accepted = call(authFetch, token);
    // a failed call may be tried again (after signing in with another address)
    accepted.catch(() => pending.delete(token));
    pending.set(token, accepted);
  }
  return accepted;
}

/** Where the sign-in brings the person back to: this same link. */
export const invitationPath = (token: string) => `/invitation/${encodeURIComponent(token)}`;
