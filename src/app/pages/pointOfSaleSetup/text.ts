// The point-of-sale screen's words, kept in its lazy chunk (not the app's eager message tree:
// the first-load bundle is at its budget). Picked by the app's current locale.
const en = {
  title: 'Point-of-sale setup (Square)',
  intro:
    "Each day's completed sales at the Square location become one invoice to the tasting-room customer, taking duty-paid stock from the retail site. Products (name, SKU, price) and their duty-paid stock at that site are sent to Square.",
  site: 'Retail site',
  location: 'Square location',
  customer: 'Tasting-room customer',
  save: 'Save',
  saved: 'Point-of-sale setup saved',
  notConnected: 'Connect Square on the Apps page first to choose its location.',
  pulledThrough: 'Sales pulled through %{day}',
};
const fr: typeof en = {
  title: 'Configuration du point de vente (Square)',
  intro:
    'Les ventes conclues de chaque jour à l’emplacement Square deviennent une facture au client de la salle de dégustation, qui sort le stock acquitté du site de vente au détail. Les produits (nom, UGS, prix) et leur stock acquitté à ce site sont envoyés à Square.',
  site: 'Site de vente au détail',
  location: 'Emplacement Square',
  customer: 'Client de la salle de dégustation',
  save: 'Enregistrer',
  saved: 'Configuration du point de vente enregistrée',
  notConnected: 'Connectez d’abord Square dans la page Applications pour choisir son emplacement.',
  pulledThrough: 'Ventes lues jusqu’au %{day}',
};

export type PointOfSaleText = typeof en;
export const pointOfSaleText = (locale: string): PointOfSaleText => (locale.startsWith('fr') ? fr : en);
