export const userInfoMessages = {
  en: {
    app: {
      pages: {
        userinfo: {
          title: 'Personal information',
          name: 'Name',
          email: 'E-mail',
          locale: 'Language',
          locale_default: 'Browser language',
          saved: 'Personal information saved',
          load_failed: 'Your personal information could not be loaded',
          external: 'Your sign-in provider manages your name, e-mail and password.',
          open_account: 'Open its account page',
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        userinfo: {
          title: 'Renseignements personnels',
          name: 'Nom',
          email: 'Courriel',
          locale: 'Langue',
          locale_default: 'Langue du navigateur',
          saved: 'Renseignements personnels enregistrés',
          load_failed: 'Vos renseignements personnels n’ont pas pu être chargés',
          external: 'Votre fournisseur de connexion gère vos nom, courriel et mot de passe.',
          open_account: 'Ouvrir sa page de compte',
        },
      },
    },
  },
};
