// Where the portal is and which invitation to accept: the mailed link is
// /portal/?company=<companyId>&invitation=<token> (src/server/domain/portal/index.ts). Both must
// survive the sign-in round trip through the issuer, which comes back to /portal/ with only
// code and state; the company is also remembered on this browser so a later visit to /portal/
// opens the same company's portal. Pure functions over a Storage so they can be tested.

export const COMPANY_KEY = 'portal.companyId';
export const INVITATION_KEY = 'portal.invitation';

/** Ids are bigint strings on the server; tokens are 43 base64url characters. */
const COMPANY_ID = /^\d{1,18}$/;
const INVITATION = /^[A-Za-z0-9_-]{43}$/;

export interface PortalLink {
  companyId: string | null;
  invitation: string | null;
}

/** The company and invitation a query string carries; anything malformed is ignored. */
export function linkFromQuery(search: string): PortalLink {
  const params = new URLSearchParams(search);
  const company = params.get('company');
  const invitation = params.get('invitation');
  return {
    companyId: company && COMPANY_ID.test(company) ? company : null,
    invitation: invitation && INVITATION.test(invitation) ? invitation : null,
  };
}

/** True when the query is the issuer's answer to a sign-in (a code, or an error). */
export function isSignInReturn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * Remembers what the query brings (company in `remembered`, a localStorage; the invitation in
 * `pending`, a sessionStorage: it is for this tab's sign-in only) and answers the link to use:
 * the query's values first, then what was kept.
 */
export function rememberLink(query: PortalLink, remembered: Storage, pending: Storage): PortalLink {
  if (query.companyId) remembered.setItem(COMPANY_KEY, query.companyId);
  if (query.invitation) pending.setItem(INVITATION_KEY, query.invitation);
  const companyId = remembered.getItem(COMPANY_KEY);
  const invitation = pending.getItem(INVITATION_KEY);
  return {
    companyId: companyId && COMPANY_ID.test(companyId) ? companyId : null,
    invitation: invitation && INVITATION.test(invitation) ? invitation : null,
  };
}

/** The invitation was answered (accepted or refused): it is not tried again. */
export function forgetInvitation(pending: Storage): void {
  pending.removeItem(INVITATION_KEY);
}
