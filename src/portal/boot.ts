// From page load to what the portal shows: finish a sign-in coming back from the issuer, keep
// the company and invitation of the mailed link, sign in when needed, accept the invitation,
// then list the customers the person is linked to and read the one this tab acts for.
import { PortalError, portalCaller, type PortalCall } from './api';
import { forgetInvitation, isSignInReturn, linkFromQuery, rememberLink } from './link';
import { ACCEPT_INVITATION, CUSTOMER, CUSTOMERS, type Customer, type PortalSection } from './queries';
import { chosenCustomer, keepChoice, type LinkedCustomer } from './customerChoice';
import { PortalSession } from './session';
import type { Texts } from './i18n';

type Notice = { severity: 'success' | 'error'; text: string };

export interface Ready {
  kind: 'ready';
  session: PortalSession;
  /** the endpoint as the chosen customer */
  call: PortalCall;
  customer: Customer;
  /** the sections the company shows (the server refuses the others) */
  sections: PortalSection[];
  /** every customer the person acts for here, by name (a choice only when more than one) */
  customers: LinkedCustomer[];
  /** the portal as another of the person's customers (kept for this tab) */
  choose: (customerId: string) => Promise<Ready>;
  notice?: Notice;
}

export type Phase =
  | { kind: 'loading' }
  | { kind: 'noCompany' }
  | { kind: 'signedOut'; session: PortalSession }
  | { kind: 'failed'; title: string; message: string; session?: PortalSession }
  | Ready;

/** The sign-in service and the product version this portal was loaded as. */
async function configOf(): Promise<{ issuer: string; version: string }> {
  const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
  const config = (await response.json()) as { issuer?: string; version?: unknown };
  if (!response.ok || !config.issuer) throw new Error(`GET /api/config answered ${response.status}`);
  return { issuer: config.issuer, version: typeof config.version === 'string' ? config.version : '' };
}

export async function boot(texts: Texts): Promise<Phase> {
  const config = await configOf();
  const session = new PortalSession(config.issuer);
  const search = window.location.search;
  const returning = isSignInReturn(search);
  if (returning) {
    try {
      await session.completeSignIn(window.location.href);
    } catch (error) {
      window.history.replaceState(null, '', '/portal/');
      return { kind: 'failed', title: texts.t('signInFailed'), message: (error as Error).message, session };
    }
  }
  const link = rememberLink(linkFromQuery(returning ? '' : search), localStorage, sessionStorage);
  // the address bar keeps no code nor invitation token
  if (search) window.history.replaceState(null, '', '/portal/');
  const companyId = link.companyId;
  if (!companyId) return { kind: 'noCompany' };

  if (!(await session.getUser())) {
    if (session.justSignedOut()) return { kind: 'signedOut', session };
    await session.signIn();
    return { kind: 'loading' };
  }
  // once the portal shows, a token the server refuses sends the person to sign in again; while
  // booting, the refusal is shown instead (right after a sign-in it would loop via the issuer)
  let shown = false;
  const caller = (customerId?: string) =>
    portalCaller(
      companyId,
      () => session.accessToken(),
      () => {
        if (shown) void session.manager.removeUser().then(() => session.signIn());
      },
      { customerId, clientVersion: config.version },
    );
  const call = caller();

  let notice: Notice | undefined;
  if (link.invitation) {
    try {
      await call(ACCEPT_INVITATION, { token: link.invitation });
      notice = { severity: 'success', text: texts.t('invitationAccepted') };
    } catch (error) {
      notice = { severity: 'error', text: `${texts.t('invitationRefused')}: ${(error as Error).message}` };
    } finally {
      forgetInvitation(sessionStorage);
    }
  }
  try {
    const { portalCustomers } = await call<{ portalCustomers: LinkedCustomer[] }>(CUSTOMERS);
    const actAs = async (customerId: string, shownNotice?: Notice): Promise<Ready> => {
      const scoped = caller(customerId);
      const { portalCustomer, portalSections } = await scoped<{
        portalCustomer: Customer;
        portalSections: PortalSection[];
      }>(CUSTOMER);
      keepChoice(companyId, customerId, sessionStorage);
      return {
        kind: 'ready',
        session,
        call: scoped,
        customer: portalCustomer,
        sections: portalSections,
        customers: portalCustomers,
        choose: (id) => actAs(id),
        notice: shownNotice,
      };
    };
    const ready = await actAs(chosenCustomer(companyId, portalCustomers, sessionStorage).id, notice);
    shown = true;
    return ready;
  } catch (error) {
    const e = error as PortalError;
    // a stored token the server no longer takes: sign in again (not right after a sign-in,
    // which would loop through the issuer)
    if (e.code === 'UNAUTHENTICATED' && !returning) {
      await session.manager.removeUser();
      await session.signIn();
      return { kind: 'loading' };
    }
    // the company's add-on is off: nothing the person did, nor can do, opens it
    const message =
      e.code !== 'FORBIDDEN'
        ? e.message
        : e.info?.addOn
          ? texts.t('portalOff')
          : `${texts.t('noAccess')} (${e.message})`;
    return {
      kind: 'failed',
      title: notice?.severity === 'error' ? notice.text : texts.t('portal'),
      message,
      session,
    };
  }
}
