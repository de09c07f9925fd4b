// Registered when the page's chunk (or Apps', which links to it) loads: register.ts.
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
          taxes: 'Taxes',
          tax: 'Tax',
          taxCode: 'Tax code',
          noTax: 'Lines with no tax',
          statedTax: 'Tax as charged by a till',
          taxSaved: 'Tax code saved',
          inactive: 'no longer in use',
          taxUnread:
            "The accounting system's tax settings are read with its chart: connect it on Apps, or press Sync now there.",
          taxUnused:
            'The company in QuickBooks Online does not charge sales tax: documents are sent with their tax total only, no tax code is needed.',
          taxUsed:
            'Every line is sent with the tax code chosen here; a document with a tax that has none is not sent until one is chosen.',
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
          taxes: 'Taxes',
          tax: 'Taxe',
          taxCode: 'Code de taxe',
          noTax: 'Lignes sans taxe',
          statedTax: 'Taxe perçue par une caisse',
          taxSaved: 'Code de taxe enregistré',
          inactive: 'plus utilisée',
          taxUnread:
            'Les paramètres de taxe du système comptable sont lus avec son plan comptable : connectez-le dans Applications, ou appuyez sur Synchroniser.',
          taxUnused:
            'L’entreprise dans QuickBooks Online ne perçoit pas de taxe de vente : les documents sont envoyés avec leur total de taxes seulement, sans code de taxe.',
          taxUsed:
            'Chaque ligne est envoyée avec le code de taxe choisi ici ; un document dont une taxe n’en a pas n’est envoyé qu’une fois le code choisi.',
        },
      },
    },
  },
};
