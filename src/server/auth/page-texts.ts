import type { Language } from './page-language';

export interface PageTexts {
  languageName: string;
  signInTitle: string;
  email: string;
  password: string;
  signIn: string;
  wrongCredentials: string;
  /** the wait, in seconds */
  tooManyAttempts(seconds: number): string;
  expiredTitle: string;
  expired: string;
  backToApp: string;
  errorTitle: string;
  error: string;
  signOutTitle: string;
  signOutQuestion: string;
  signOut: string;
  staySignedIn: string;
  signedOut: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** a wait in seconds under a minute, else in whole minutes (rounded up) */
const wait = (seconds: number, s: [string, string], m: [string, string]) =>
  seconds < 60 ? count(seconds, ...s) : count(Math.ceil(seconds / 60), ...m);

export const PAGE_TEXTS: Record<Language, PageTexts> = {
  en: {
    languageName: 'English',
    signInTitle: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    wrongCredentials: 'Wrong e-mail or password',
    tooManyAttempts: (n) =>
      `Too many failed sign-ins. Wait ${wait(n, ['second', 'seconds'], ['minute', 'minutes'])}, then try again.`,
    expiredTitle: 'Sign-in expired',
    expired: 'This sign-in page has expired. Go back to the application and sign in again.',
    backToApp: 'Back to the application',
    errorTitle: 'Something went wrong',
    error: 'The sign-in request could not be completed.',
    signOutTitle: 'Sign out',
    signOutQuestion: 'Do you want to sign out?',
    signOut: 'Sign out',
    staySignedIn: 'Stay signed in',
    signedOut: 'You are signed out.',
  },
  fr: {
    languageName: 'Français',
    signInTitle: 'Connexion',
    email: 'Courriel',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    wrongCredentials: 'Courriel ou mot de passe incorrect',
    tooManyAttempts: (n) =>
      `Trop de connexions échouées. Attendez ${wait(n, ['seconde', 'secondes'], ['minute', 'minutes'])}, puis réessayez.`,
    expiredTitle: 'Connexion expirée',
    expired: 'Cette page de connexion a expiré. Retournez à l’application et connectez-vous de nouveau.',
    backToApp: 'Retour à l’application',
    errorTitle: 'Une erreur est survenue',
    error: 'La demande de connexion n’a pas pu aboutir.',
    signOutTitle: 'Déconnexion',
    signOutQuestion: 'Voulez-vous vous déconnecter?',
    signOut: 'Se déconnecter',
    staySignedIn: 'Rester connecté',
    signedOut: 'Vous êtes déconnecté.',
  },
};
