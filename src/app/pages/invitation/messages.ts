export const invitationMessages = {
  en: {
    app: {
      pages: {
        invitation: {
          title: 'Invitation',
          accepting: 'Accepting the invitation…',
          signing_in: 'Sign in with the e-mail address the invitation was sent to…',
          failed_title: 'This invitation could not be accepted',
          open_app: 'Open the app',
          sign_out: 'Sign in with another account',
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        invitation: {
          title: 'Invitation',
          accepting: 'Acceptation de l’invitation…',
          signing_in: 'Connectez-vous avec l’adresse courriel à laquelle l’invitation a été envoyée…',
          failed_title: 'Cette invitation n’a pas pu être acceptée',
          open_app: 'Ouvrir l’application',
          sign_out: 'Se connecter avec un autre compte',
        },
      },
    },
  },
};
