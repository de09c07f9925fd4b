// Loaded with the shell (registry.ts): kept short, the first-load bundle is at its budget.
export const accountingSetupMessages = {
  en: {
    app: {
      pages: {
        accountingSetup: {
          title: 'Accounting setup',
          intro: 'Choose the accounts each product and item books to.',
          products: 'Products',
          items: 'Items',
          income: 'Income account',
          asset: 'Inventory account',
          cogs: 'Cost of goods sold account',
          none: 'Nothing to show.',
          saved: 'Accounts saved',
        },
      },
    },
  },
  fr: {
    app: {
      pages: {
        accountingSetup: {
          title: 'Configuration comptable',
          intro: 'Choisissez les comptes de chaque produit et article.',
          products: 'Produits',
          items: 'Articles',
          income: 'Compte de produits',
          asset: 'Compte de stocks',
          cogs: 'Compte du coût des marchandises vendues',
          none: 'Rien à afficher.',
          saved: 'Comptes enregistrés',
        },
      },
    },
  },
};
