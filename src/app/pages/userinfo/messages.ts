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
        },
      },
    },
  },
};
