// react-admin authProvider over the OIDC session and the company list.
//   checkAuth  no user -> reject; react-admin then goes to /login, which starts the sign-in.
//              With a user, the companies are loaded (once); none -> /login with a message.
//   checkError a 401 clears the user and restarts sign-in; other errors are shown.
//   logout     `{ signOut: true }` (the Sign out menu item) revokes the tokens and signs out
//              at the issuer; react-admin's own calls (failed checks) only forget the user.
import type { AuthProvider } from 'ra-core';
import type { OidcSession } from './oidc';
import type { CompanyStore } from '../company/companies';

export interface LogoutParams {
  signOut?: boolean;
}

/** an i18n key: /login translates its error_message when it is one */
export const NO_COMPANY_MESSAGE_KEY = 'app.company.none';

const statusOf = (error: unknown): number | undefined => {
  const e = error as { status?: unknown; body?: { code?: unknown } } | undefined;
  if (e?.body?.code === 'UNAUTHENTICATED') return 401;
  return typeof e?.status === 'number' ? e.status : undefined;
};

export function createAuthProvider(session: OidcSession, companies: CompanyStore): AuthProvider {
  // a failed check's destination; react-admin's LogoutOnMount (requireAuth) drops `redirectTo`
  // but follows what logout() answers
  let redirectAfterLogout: string | undefined;
  return {
    async login() {
      await session.signIn(window.location.pathname + window.location.search);
    },

    async checkAuth() {
      const token = await session.getAccessToken();
      if (!token) throw { message: false };
      const state = await companies.ensureLoaded().catch((error: unknown) => {
        if (statusOf(error) === 401) throw { message: false };
        throw error;
      });
      if (!state.current) {
        redirectAfterLogout = `/login?error_message=${encodeURIComponent(NO_COMPANY_MESSAGE_KEY)}`;
        throw { message: false, redirectTo: redirectAfterLogout };
      }
    },

    async checkError(error: unknown) {
      if (statusOf(error) === 401) {
        await session.clearUser();
        companies.reset();
        throw { message: false };
      }
    },

    async logout(params?: LogoutParams) {
      companies.reset();
      if (params?.signOut) {
        await session.signOut();
        // the browser is leaving for the issuer's end-session endpoint
        return false;
      }
      await session.clearUser();
      const redirect = redirectAfterLogout;
      redirectAfterLogout = undefined;
      return redirect;
    },

    async getIdentity() {
      const user = await session.getUser();
      if (!user) throw { message: false };
      const profile = user.profile;
      return {
        id: profile.sub,
        fullName: profile.name || profile.preferred_username || profile.email || profile.sub,
        email: profile.email,
      };
    },

    async getPermissions() {
      // signed out (a page outside the shell: /signup, /invitation): no permissions, and no
      // call without a token, which would end on the sign-in page
      if (!(await session.getAccessToken())) return [];
      const state = await companies.ensureLoaded().catch(() => null);
      return state?.current?.permissions ?? [];
    },
  };
}
