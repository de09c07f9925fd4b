// Sign-up texts, English and French. The server's answers are in English; the page shows its
// own words for the ones it knows (serverText), the server's text otherwise.
export const signupMessages = {
  en: {
    app: {
      pages: {
        signup: {
          title: 'Create your company',
          intro:
            'Your company and your account, as its administrator with every permission. We mail you a link to confirm your address.',
          name: 'Your name',
          email: 'E-mail',
          password: 'Password',
          password_help: 'At least %{min} characters',
          company_name: 'Company name',
          province: 'Province',
          submit: 'Sign up',
          sending: 'Sending…',
          have_account: 'Already have an account? Sign in',
          sent_title: 'Check your e-mail',
          sent: 'We sent a message to %{email}. Open its link to finish creating your account. The link works for 24 hours.',
          confirm_title: 'Confirming your account',
          confirming: 'Creating your company…',
          confirmed: 'Your account is ready: sign in with %{email} and the password you chose.',
          sign_in: 'Sign in',
          failed_title: 'This link could not be used',
          sign_up_again: 'Sign up again',
          errors: {
            invalid_link:
              'This link cannot be used: it has expired or was already used. Sign up again, or sign in if your account exists.',
            too_many: 'Too many sign-up requests: try again in %{minutes} minute(s).',
            required: 'Required',
            max_length: 'At most %{n} characters',
            min_length: 'At least %{n} characters',
            invalid_email: 'Invalid e-mail',
            invalid_characters: 'Line breaks and control characters are not allowed',
            unavailable: 'Sign-up is not available here: accounts are managed by your organisation’s sign-in service.',
          },
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        signup: {
          title: 'Créer votre entreprise',
          intro:
            'Votre entreprise et votre compte, comme administrateur avec toutes les permissions. Nous vous envoyons un lien pour confirmer votre adresse.',
          name: 'Votre nom',
          email: 'Courriel',
          password: 'Mot de passe',
          password_help: 'Au moins %{min} caractères',
          company_name: 'Nom de l’entreprise',
          province: 'Province',
          submit: 'S’inscrire',
          sending: 'Envoi…',
          have_account: 'Vous avez déjà un compte? Connectez-vous',
          sent_title: 'Consultez vos courriels',
          sent: 'Nous avons envoyé un message à %{email}. Ouvrez son lien pour terminer la création de votre compte. Le lien est valide 24 heures.',
          confirm_title: 'Confirmation de votre compte',
          confirming: 'Création de votre entreprise…',
          confirmed: 'Votre compte est prêt : connectez-vous avec %{email} et le mot de passe choisi.',
          sign_in: 'Se connecter',
          failed_title: 'Ce lien n’a pas pu être utilisé',
          sign_up_again: 'S’inscrire de nouveau',
          errors: {
            invalid_link:
              'Ce lien ne peut pas être utilisé : il a expiré ou a déjà servi. Inscrivez-vous de nouveau, ou connectez-vous si votre compte existe.',
            too_many: 'Trop de demandes d’inscription : réessayez dans %{minutes} minute(s).',
            required: 'Obligatoire',
            max_length: 'Au plus %{n} caractères',
            min_length: 'Au moins %{n} caractères',
            invalid_email: 'Courriel invalide',
            invalid_characters: 'Les sauts de ligne et caractères de contrôle ne sont pas permis',
            unavailable:
              'L’inscription n’est pas offerte ici : les comptes sont gérés par le service de connexion de votre organisation.',
          },
        },
      },
    },
  },
};

const E = 'app.pages.signup.errors';

/** The page's key (and arguments) for a message the server sends, or null for an unknown one. */
export function serverText(message: string): { key: string; args?: Record<string, unknown> } | null {
  if (message === 'Required') return { key: `${E}.required` };
  if (message === 'Invalid e-mail') return { key: `${E}.invalid_email` };
  if (message === 'Invalid characters') return { key: `${E}.invalid_characters` };
  const max = /^Max length (\d+)$/.exec(message);
  if (max) return { key: `${E}.max_length`, args: { n: Number(max[1]) } };
  const min = /^Min length (\d+)$/.exec(message);
  if (min) return { key: `${E}.min_length`, args: { n: Number(min[1]) } };
  if (message.startsWith('This link cannot be used')) return { key: `${E}.invalid_link` };
  const wait = /^Too many sign-up requests: try again in (\d+)/.exec(message);
  if (wait) return { key: `${E}.too_many`, args: { minutes: Number(wait[1]) } };
  if (message.startsWith('Sign-up is not available')) return { key: `${E}.unavailable` };
  return null;
}
