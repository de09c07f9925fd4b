// The portal's texts in English and French. The language is the one chosen with the switch
// (kept on this browser), else the browser's first language when it is French, else English.
// Numbers, money and dates are formatted with Intl for the language shown (fr-CA / en-CA).

export type Language = 'en' | 'fr';
export const LANGUAGE_KEY = 'portal.language';

const en = {
  portal: 'Customer portal',
  loading: 'Loading…',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedOut: 'You are signed out.',
  signInFailed: 'Sign-in did not complete',
  noCompany:
    'Open the customer portal from the link in your invitation e-mail: it names the company whose portal this is.',
  noAccess: 'Your account is not linked to a customer in this portal.',
  portalOff: 'This company’s customer portal is not turned on. Ask the company to turn it on.',
  customerChoice: 'Customer',
  invitationAccepted: 'Invitation accepted: welcome.',
  invitationRefused: 'The invitation could not be accepted',
  language: 'Language',
  switchTo: 'Français',
  mainNav: 'Portal sections',
  tabOrder: 'Order',
  tabOrders: 'Orders',
  tabShipments: 'Shipments',
  tabInvoices: 'Invoices',
  tabStatement: 'Statement',
  retry: 'Try again',
  nothingShown: 'Your supplier shows nothing in this portal yet.',
  // order
  orderHeading: 'Place an order',
  noProducts: 'No products are offered in the portal yet.',
  product: 'Product',
  sku: 'SKU',
  price: 'Unit price',
  quantity: 'Quantity',
  quantityOf: 'Quantity of {name}',
  amount: 'Amount',
  noPrice: 'Price on request',
  estimatedTotal: 'Estimated total before taxes',
  customerPO: 'Your PO number',
  requiredDate: 'Required date',
  notes: 'Notes',
  placeOrder: 'Place order',
  placing: 'Placing the order…',
  needLine: 'Enter a quantity for at least one product.',
  badQuantity: 'Enter a number greater than 0, at most 3 decimals.',
  orderPlaced: 'Order {number} placed',
  orderPlacedText: 'The company will review it and confirm taxes and delivery.',
  orderFollow: 'You can follow it under Orders.',
  anotherOrder: 'Place another order',
  // lists
  ordersHeading: 'Your orders',
  shipmentsHeading: 'Your shipments',
  invoicesHeading: 'Your invoices',
  none: 'Nothing yet.',
  number: 'Number',
  date: 'Date',
  status: 'Status',
  total: 'Total',
  lines: 'Lines',
  salesOrder: 'Sales order',
  carrier: 'Carrier',
  tracking: 'Tracking number',
  dueDate: 'Due date',
  paid: 'Paid',
  balance: 'Balance',
  // statement
  statementHeading: 'Statement',
  from: 'From',
  to: 'To',
  show: 'Show',
  statementIn: 'Statement in {currency}, {from} to {to}',
  noStatement: 'No invoices in this period.',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  invoiced: 'Invoiced',
  credited: 'Credited',
  kind: 'Type',
  Invoice: 'Invoice',
  Payment: 'Payment',
  Credit: 'Credit',
};

export type TextKey = keyof typeof en;

const fr: Record<TextKey, string> = {
  portal: 'Portail client',
  loading: 'Chargement…',
  signIn: 'Se connecter',
  signOut: 'Se déconnecter',
  signedOut: 'Vous êtes déconnecté.',
  signInFailed: 'La connexion n’a pas abouti',
  noCompany:
    'Ouvrez le portail client depuis le lien de votre courriel d’invitation : il indique l’entreprise dont c’est le portail.',
  noAccess: 'Votre compte n’est lié à aucun client dans ce portail.',
  portalOff: 'Le portail client de cette entreprise n’est pas activé. Demandez à l’entreprise de l’activer.',
  customerChoice: 'Client',
  invitationAccepted: 'Invitation acceptée : bienvenue.',
  invitationRefused: 'L’invitation n’a pas pu être acceptée',
  language: 'Langue',
  switchTo: 'English',
  mainNav: 'Sections du portail',
  tabOrder: 'Commander',
  tabOrders: 'Commandes',
  tabShipments: 'Expéditions',
  tabInvoices: 'Factures',
  tabStatement: 'Relevé',
  retry: 'Réessayer',
  nothingShown: 'Votre fournisseur ne montre encore rien dans ce portail.',
  orderHeading: 'Passer une commande',
  noProducts: 'Aucun produit n’est encore offert dans le portail.',
  product: 'Produit',
  sku: 'UGS',
  price: 'Prix unitaire',
  quantity: 'Quantité',
  quantityOf: 'Quantité de {name}',
  amount: 'Montant',
  noPrice: 'Prix sur demande',
  estimatedTotal: 'Total estimé avant taxes',
  customerPO: 'Votre numéro de bon de commande',
  requiredDate: 'Date requise',
  notes: 'Remarques',
  placeOrder: 'Passer la commande',
  placing: 'Commande en cours…',
  needLine: 'Saisissez une quantité pour au moins un produit.',
  badQuantity: 'Saisissez un nombre supérieur à 0, avec au plus 3 décimales.',
  orderPlaced: 'Commande {number} passée',
  orderPlacedText: 'L’entreprise va l’examiner et confirmer les taxes et la livraison.',
  orderFollow: 'Vous pouvez la suivre sous Commandes.',
  anotherOrder: 'Passer une autre commande',
  ordersHeading: 'Vos commandes',
  shipmentsHeading: 'Vos expéditions',
  invoicesHeading: 'Vos factures',
  none: 'Rien pour l’instant.',
  number: 'Numéro',
  date: 'Date',
  status: 'Statut',
  total: 'Total',
  lines: 'Lignes',
  salesOrder: 'Commande client',
  carrier: 'Transporteur',
  tracking: 'Numéro de suivi',
  dueDate: 'Échéance',
  paid: 'Payé',
  balance: 'Solde',
  statementHeading: 'Relevé',
  from: 'Du',
  to: 'Au',
  show: 'Afficher',
  statementIn: 'Relevé en {currency}, du {from} au {to}',
  noStatement: 'Aucune facture dans cette période.',
  openingBalance: 'Solde d’ouverture',
  closingBalance: 'Solde de clôture',
  invoiced: 'Facturé',
  credited: 'Crédité',
  kind: 'Type',
  Invoice: 'Facture',
  Payment: 'Paiement',
  Credit: 'Crédit',
};

/** Document statuses as the company's app names them (schema/sales/*.json labels). */
const STATUS: Record<Language, Record<string, string>> = {
  en: { PartiallyShipped: 'Partially shipped', PartiallyPaid: 'Partially paid' },
  fr: {
    Open: 'Ouverte',
    PartiallyShipped: 'Expédiée en partie',
    Shipped: 'Expédiée',
    Invoiced: 'Facturée',
    Closed: 'Fermée',
    Cancelled: 'Annulée',
    Sent: 'Envoyée',
    PartiallyPaid: 'Payée en partie',
    Paid: 'Payée',
    Delivered: 'Livrée',
  },
};

export function chooseLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (stored === 'en' || stored === 'fr') return stored;
  return browserLanguages[0]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

export interface Texts {
  language: Language;
  t: (key: TextKey, values?: Record<string, string>) => string;
  status: (status: string) => string;
  money: (amount: string | null | undefined, currency: string) => string;
  number: (value: number | string) => string;
  date: (isoDate: string | null | undefined) => string;
}

export function textsFor(language: Language): Texts {
  const table = language === 'fr' ? fr : en;
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return {
    language,
    t: (key, values) => table[key].replace(/\{(\w+)\}/g, (_, name: string) => values?.[name] ?? ''),
    status: (status) => STATUS[language][status] ?? status,
    // Intl formats a decimal string exactly (no trip through a binary float)
    money: (amount, currency) =>
      amount == null
        ? ''
        : new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount as unknown as number),
    number: (value) => numberFormat.format(value as number),
    date: (isoDate) => {
      if (!isoDate) return '';
      const [y, m, d] = isoDate.split('-').map(Number);
      return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
    },
  };
}
