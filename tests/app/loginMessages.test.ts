import { describe, expect, it } from 'vitest';
import { shownSignInMessage, SIGN_IN_FAILED } from '../../src/app/auth/loginMessages';
import { loginAction } from '../../src/app/auth/tokens';
import { NO_COMPANY_MESSAGE_KEY } from '../../src/app/auth/authProvider';
import { appEnglish } from '../../src/app/i18n/en';

const shown = (search: string) => {
  const action = loginAction(search);
  return action.kind === 'error' ? shownSignInMessage(action.message) : null;
};

describe('/login shows only known messages', () => {
  it('keeps the app’s and the server’s own messages', () => {
    expect(shown(`?error_message=${encodeURIComponent(NO_COMPANY_MESSAGE_KEY)}`)).toBe(NO_COMPANY_MESSAGE_KEY);
    expect(shown('?error_message=app.auth.failed')).toBe('app.auth.failed');
    expect(shown('?error_message=app.auth.internal_error')).toBe('app.auth.internal_error');
    expect(shown('?error_message=Internal%20error')).toBe('app.auth.internal_error');
  });

  it('turns any other text into the generic sign-in failure', () => {
    for (const search of [
      '?error_message=Your%20account%20is%20suspended.%20Call%20%2B1%20555%200100',
      '?error_message=%3Cimg%20src%3Dx%3E',
      '?error=access_denied&error_description=Send%20your%20password%20to%20evil%40example.com',
      '?error=access_denied',
      '?error_message=constructor',
      '?error_message=__proto__',
      '?error_message=app.menu.sales',
    ]) {
      expect(shown(search)).toBe(SIGN_IN_FAILED);
    }
    expect(shownSignInMessage('')).toBe(SIGN_IN_FAILED);
  });

  it('every message it shows has an English text', () => {
    const auth = (appEnglish as unknown as { app: { auth: Record<string, string> } }).app.auth;
    expect(auth.failed).toBe('Sign-in failed');
    expect(auth.internal_error).toBe('Internal error');
  });
});
