import type { PageMessages } from '../registry';

export const appsMessages: PageMessages = {
  en: {
    apps: {
      title: 'Apps',
      intro: 'Integrations this distillery can use, and whether they need attention.',
      enabled: 'Enabled',
      disabled: 'Not enabled for this company',
      connected: 'Connected',
      notConnected: 'Not connected',
      attention: 'Needs attention',
      names: {
        accounting: 'Accounting system',
        ecommerce: 'E-commerce platform',
        pointOfSale: 'Point-of-sale service',
        customerPortal: 'Customer portal',
      },
    },
  },
  fr: {
    apps: {
      title: 'Applications',
      intro: 'Les intégrations que cette distillerie peut utiliser, et celles qui demandent votre attention.',
      enabled: 'Activée',
      disabled: 'Non activée pour cette entreprise',
      connected: 'Connectée',
      notConnected: 'Non connectée',
      attention: 'Demande votre attention',
      names: {
        accounting: 'Système comptable',
        ecommerce: 'Plateforme de commerce électronique',
        pointOfSale: 'Service de point de vente',
        customerPortal: 'Portail client',
      },
    },
  },
};
