// English texts of the app shell (react-admin's own come from ra-language-english; entity
// labels from src/generated/i18n.ts). Polyglot syntax (%{name}, ' |||| ' plurals), converted
// for i18next by ra-i18n-i18next. Spec texts are word for word (sections 5 and 8).

export const appEnglish = {
  app: {
    name: 'Distillery',
    menu: {
      dashboard: 'Dashboard',
      navigation: 'Main menu',
    },
    area: {
      sales: 'Sales',
      purchasing: 'Purchasing',
      production: 'Production',
      equipment: 'Equipment',
      inventory: 'Inventory',
      alcohol: 'Alcohol records',
      planning: 'Planning',
      reports: 'Reports',
      accounting: 'Accounting',
      settings: 'Settings',
    },
    dashboard: {
      title: 'Dashboard',
      intro: 'Open a list to get started.',
      empty: 'There is nothing you can open in this distillery yet.',
    },
    company: {
      label: 'Distillery',
      switch: 'Switch distillery',
      none: "You don't have access to any distillery.",
      inactive: 'Distillery is inactive',
    },
    auth: {
      signing_in: 'Signing you in…',
      redirecting: 'Redirecting to sign-in…',
      failed: 'Sign-in failed',
      sign_in_again: 'Sign in again',
      sign_out: 'Sign out',
      internal_error: 'Internal error',
    },
    language: {
      label: 'Language',
      en: 'English',
      fr: 'Français',
    },
    list: {
      search: 'Search',
      from: '%{field} from',
      to: '%{field} to',
      lines: '1 line |||| %{smart_count} lines',
      export_csv: 'Export CSV',
      export_failed: 'The export could not be downloaded',
    },
    confirm: {
      delete_title: 'Are you sure you want to delete %{name}?',
      delete_content: 'This action cannot be undone.',
      bulk_delete_title: 'Are you sure you want to delete %{name}?',
    },
    delete: {
      success: 'Delete successful',
      result: 'Deleted %{n} of %{total}',
      errors: '(%{k} error(s))',
      selected: '1 selected item |||| %{smart_count} selected items',
    },
    permission: {
      denied: "You don't have permission to %{action}",
      view: 'view %{name}',
      edit: 'edit %{name}',
      open: 'open this page',
    },
    validation: {
      required: 'Required',
      max_length: 'Max length %{n}',
      email: 'Invalid e-mail',
      min: 'Must be >= %{min}',
      max: 'Must be <= %{max}',
      out_of_range: 'Out of range',
      number: 'Must be a number',
      integer: 'Must be a whole number',
    },
    error: {
      invalid_form: 'One or more fields is missing or invalid',
      internal_validation:
        'It looks like something went wrong internally. We logged the problem and will look into it ASAP.',
      internal:
        "Oops. It looks like something went wrong internally. This is our fault and we'll look into it immediately.",
      config: 'The application could not start: its configuration could not be loaded.',
      retry: 'Try again',
    },
  },
  // react-admin texts the spec words differently
  ra: {
    message: {
      invalid_form: 'One or more fields is missing or invalid',
      unsaved_changes: 'You have unsaved changes that will be lost. Are you sure you want to leave?',
    },
    auth: {
      logout: 'Sign out',
    },
  },
};
