// /login?error_message=… (and ?error=…&error_description=…) come from a URL anyone can write:
// only the messages this app and its server send are shown as they are; any other text becomes
// the generic sign-in failure, so a crafted link cannot put its own words on the sign-in page.
import { NO_COMPANY_MESSAGE_KEY } from './authProvider';

export const SIGN_IN_FAILED = 'app.auth.failed';

const KNOWN = new Set<string>([NO_COMPANY_MESSAGE_KEY, SIGN_IN_FAILED, 'app.auth.internal_error']);
/** the server's own texts, shown as the i18n key that says the same ('Internal error' in English) */
const SERVER_TEXTS: Record<string, string> = { 'Internal error': 'app.auth.internal_error' };

/** The i18n key /login shows for `raw`: a known message as itself, anything else as the generic failure. */
export function shownSignInMessage(raw: string | null | undefined): string {
  if (!raw) return SIGN_IN_FAILED;
  if (KNOWN.has(raw)) return raw;
  return Object.hasOwn(SERVER_TEXTS, raw) ? SERVER_TEXTS[raw] : SIGN_IN_FAILED;
}
