// English and French texts of the product and item actions, their menu and the quantity on
// hand panel. Kept in the screens' chunks (not the i18n resources of the first page load):
// useStockText() picks the current locale's.
import { useLocaleState } from 'react-admin';

const en = {
  action: {
    movetodutypaid: 'Move to duty paid',
    movetoinbond: 'Move to in bond',
    transfersite: 'Transfer site',
    transferlot: 'Transfer lot',
    reduceinventory: 'Reduce inventory',
    adjustinventory: 'Adjust inventory',
    returntotank: 'Return to tank',
    unpack: 'Unpack',
    convert: 'Convert',
  },
  field: {
    product: 'Product',
    item: 'Item',
    date: 'Date',
    site: 'Site',
    lot: 'Lot',
    status: 'Status',
    quantity: 'Quantity',
    signedQuantity: 'Quantity (+ to add, − to take out)',
    toSite: 'To site',
    toLot: 'To lot',
    reason: 'Reason',
    value: 'Value',
    tank: 'Tank',
    alcoholType: 'The bottles hold',
    alcohol: 'Spirit or wine',
    tankLot: 'Tank lot',
    lines: 'Unpacks into',
    lineProduct: 'Product',
    lineQuantity: 'Units',
    toProduct: 'Converted to',
    toQuantity: 'Quantity of the new product',
    comments: 'Comments',
  },
  status: { InBond: 'In bond', DutyPaid: 'Duty paid' },
  reason: {
    Breakage: 'Breakage',
    Samples: 'Samples',
    DestroyedUnderSupervision: 'Destroyed under supervision',
    Theft: 'Theft',
    Spoilage: 'Spoilage',
    Other: 'Other',
  },
  alcoholType: { Spirit: 'Spirit', Wine: 'Wine', NonExcise: 'Non-excise alcohol' },
  help: {
    movetodutypaid: 'The duty point: in bond stock becomes duty paid, carrying its LAA.',
    unpack: 'The units of the lines must add up to the cases unpacked times the bottles per case.',
    convert: 'The new product carries the LAA and value of what is converted.',
    returntotank: 'The bottles leave stock; their litres and LAA are added to the tank.',
  },
  onHand: 'On hand',
  none: 'Nothing on hand',
  laa: 'LAA',
  actions: 'Actions',
  transactions: 'Transactions',
  saved: '%{action} saved',
  deleted: 'Transaction deleted',
  delete: 'Delete',
  deleteTitle: 'Delete %{action} of %{date}?',
  deleteContent: 'Its inventory rows are reversed.',
  inactive: 'This transaction was deleted: its rows are reversed.',
  notFound: 'No such transaction',
  otherErrors: 'Could not save:',
  noSite: 'No site',
};

type Texts = typeof en;

const fr: Texts = {
  action: {
    movetodutypaid: 'Passer à acquitté',
    movetoinbond: 'Remettre en entrepôt',
    transfersite: 'Transférer de site',
    transferlot: 'Changer de lot',
    reduceinventory: 'Réduire l’inventaire',
    adjustinventory: 'Ajuster l’inventaire',
    returntotank: 'Remettre en cuve',
    unpack: 'Déballer',
    convert: 'Convertir',
  },
  field: {
    product: 'Produit',
    item: 'Article',
    date: 'Date',
    site: 'Site',
    lot: 'Lot',
    status: 'Statut',
    quantity: 'Quantité',
    signedQuantity: 'Quantité (+ pour ajouter, − pour retirer)',
    toSite: 'Vers le site',
    toLot: 'Vers le lot',
    reason: 'Motif',
    value: 'Valeur',
    tank: 'Cuve',
    alcoholType: 'Les bouteilles contiennent',
    alcohol: 'Spiritueux ou vin',
    tankLot: 'Lot de la cuve',
    lines: 'Se déballe en',
    lineProduct: 'Produit',
    lineQuantity: 'Unités',
    toProduct: 'Converti en',
    toQuantity: 'Quantité du nouveau produit',
    comments: 'Commentaires',
  },
  status: { InBond: 'En entrepôt', DutyPaid: 'Acquitté' },
  reason: {
    Breakage: 'Casse',
    Samples: 'Échantillons',
    DestroyedUnderSupervision: 'Détruit sous surveillance',
    Theft: 'Vol',
    Spoilage: 'Altération',
    Other: 'Autre',
  },
  alcoholType: { Spirit: 'Spiritueux', Wine: 'Vin', NonExcise: 'Alcool non assujetti' },
  help: {
    movetodutypaid: 'Le point d’acquittement : le stock en entrepôt devient acquitté avec ses LAA.',
    unpack: 'Les unités des lignes doivent égaler les caisses déballées fois les bouteilles par caisse.',
    convert: 'Le nouveau produit reprend les LAA et la valeur de ce qui est converti.',
    returntotank: 'Les bouteilles sortent du stock ; leurs litres et LAA sont ajoutés à la cuve.',
  },
  onHand: 'En stock',
  none: 'Rien en stock',
  laa: 'LAA',
  actions: 'Actions',
  transactions: 'Transactions',
  saved: '%{action} enregistré',
  deleted: 'Transaction supprimée',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer %{action} du %{date} ?',
  deleteContent: 'Ses lignes d’inventaire sont contrepassées.',
  inactive: 'Cette transaction a été supprimée : ses lignes sont contrepassées.',
  notFound: 'Transaction introuvable',
  otherErrors: 'Enregistrement impossible :',
  noSite: 'Aucun site',
};

export const STOCK_TEXTS = { en, fr };
export type StockTexts = Texts;

/** The texts of the current locale. */
export function useStockText(): StockTexts {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : en;
}

/** '%{action} saved' with its arguments filled. */
export const fill = (text: string, args: Record<string, string | number>) =>
  text.replace(/%\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));
