// Texts of the settings screens (English and French), merged into the app's messages.
export const settingsMessages = {
  en: {
    app: {
      pages: {
        settings: {
          title: 'Settings',
          tabs: {
            company: 'Distillery information',
            users: 'Users',
            sites: 'Sites and excise licences',
          },
          company_section: 'Distillery',
          settings_section: 'Preferences',
          excise_section: 'Excise duty',
          excise_account_not_synced:
            'This account is not in the accounting system yet: Sync now on Apps, then choose it again',
          saved: 'Settings saved',
          users_intro: 'Who can use this distillery, and what each person may do.',
          users_manage: 'Manage users',
          users_count: '1 user |||| %{smart_count} users',
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        settings: {
          title: 'Paramètres',
          tabs: {
            company: 'Renseignements sur la distillerie',
            users: 'Utilisateurs',
            sites: 'Sites et licences d’accise',
          },
          company_section: 'Distillerie',
          settings_section: 'Préférences',
          excise_section: 'Droits d’accise',
          excise_account_not_synced:
            'Ce compte n’est pas encore dans le système comptable : synchronisez dans Applications, puis choisissez-le de nouveau',
          saved: 'Paramètres enregistrés',
          users_intro: 'Qui peut utiliser cette distillerie, et ce que chacun peut faire.',
          users_manage: 'Gérer les utilisateurs',
          users_count: '%{smart_count} utilisateur |||| %{smart_count} utilisateurs',
        },
      },
    },
  },
};
