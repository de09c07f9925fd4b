// The e-commerce screens' words, kept in their lazy chunk (not the app's eager message tree:
// the first-load bundle is at its budget). Picked by the app's current locale.
const en = {
  title: 'E-commerce setup (Shopify)',
  intro:
    'Orders from the shop become sales orders; duty-paid stock of each mapped site is sent to its Shopify location.',
  orderSync: 'Import orders from Shopify as sales orders',
  webCustomer: 'Web-store customer',
  webCustomerHelp: 'For orders whose e-mail matches no customer',
  sites: 'Sites and Shopify locations',
  site: 'Site',
  location: 'Shopify location',
  notSent: 'Not sent',
  save: 'Save',
  saved: 'E-commerce setup saved',
  notConnected: 'Connect Shopify on the Apps page first to choose locations.',
  shopDomain: 'Shop domain',
  shopHelp: 'your-store.myshopify.com',
  lastPoll: 'Orders last listed: %{when}',
};
const fr: typeof en = {
  title: 'Configuration du commerce en ligne (Shopify)',
  intro:
    'Les commandes de la boutique deviennent des commandes clients ; le stock acquitté de chaque site associé est envoyé à son emplacement Shopify.',
  orderSync: 'Importer les commandes Shopify comme commandes clients',
  webCustomer: 'Client de la boutique en ligne',
  webCustomerHelp: 'Pour les commandes dont le courriel ne correspond à aucun client',
  sites: 'Sites et emplacements Shopify',
  site: 'Site',
  location: 'Emplacement Shopify',
  notSent: 'Non envoyé',
  save: 'Enregistrer',
  saved: 'Configuration du commerce en ligne enregistrée',
  notConnected: 'Connectez d’abord Shopify dans la page Applications pour choisir les emplacements.',
  shopDomain: 'Domaine de la boutique',
  shopHelp: 'votre-boutique.myshopify.com',
  lastPoll: 'Dernière lecture des commandes : %{when}',
};

export type EcommerceText = typeof en;
export const ecommerceText = (locale: string): EcommerceText => (locale.startsWith('fr') ? fr : en);
