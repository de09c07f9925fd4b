import type { Language } from './page-language';

export interface PageTexts {
  languageName: string;
  signInTitle: string;
  email: string;
  password: string;
  signIn: string;
  wrongCredentials: string;
  tooManyAttempts(minutes: number): string;
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

const minutes = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PAGE_TEXTS: Record<Language, PageTexts> = {
  en: {
    languageName: 'English',
    signInTitle: 'Sign in',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    wrongCredentials: 'Wrong e-mail or password',
    tooManyAttempts: (n) => `Too many sign-in attempts. Try again in ${minutes(n, 'minute', 'minutes')}.`,
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
    tooManyAttempts: (n) => `Trop de tentatives de connexion. Réessayez dans ${minutes(n, 'minute', 'minutes')}.`,
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
