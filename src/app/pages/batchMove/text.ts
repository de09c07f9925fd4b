// English and French texts of the batch move screens, kept in their chunk: useBatchText()
// picks the current locale's.
import { useLocaleState } from 'react-admin';

const en = {
  title: { Products: 'Batch move of products', Items: 'Batch move of items' },
  newMove: 'New batch move',
  move: { TransferSite: 'To another site', MoveToDutyPaid: 'To duty paid' },
  scan: 'Scan or type a UPC or SKU, then Enter',
  add: 'Add a product or item',
  notFoundCode: 'No product or item has the code {code}',
  save: 'Post the move',
  delete: 'Delete',
  deleteConfirm: 'Delete this batch move? Every transaction it posted is reversed.',
  back: 'Back to the list',
  saved: 'Batch move posted: {n} line(s)',
  deleted: 'Batch move deleted: its transactions are reversed',
  deletedBanner: 'This batch move was deleted; its transactions are reversed.',
  notFound: 'No such batch move',
  noMoves: 'No batch move yet',
  noLines: 'Scan or add the lines to move',
  transactions: 'Transactions',
  readOnly: 'You can view batch moves; posting them needs inventory.write.',
  field: {
    move: 'Move',
    date: 'Date',
    site: 'From site',
    toSite: 'To site',
    status: 'Status',
    comments: 'Comments',
    name: 'Name',
    lot: 'Lot',
    quantity: 'Quantity',
    lines: 'Lines',
    total: 'Total',
    user: 'By',
    description: 'Description',
    laa: 'LAA',
    value: 'Value',
    none: 'None',
  },
  status: { InBond: 'In bond', DutyPaid: 'Duty paid' },
  remove: 'Remove line',
};

type Texts = typeof en;

const fr: Texts = {
  title: { Products: 'Déplacement groupé de produits', Items: "Déplacement groupé d'articles" },
  newMove: 'Nouveau déplacement groupé',
  move: { TransferSite: 'Vers un autre site', MoveToDutyPaid: 'Vers droits acquittés' },
  scan: 'Balayez ou tapez un CUP ou une UGS, puis Entrée',
  add: 'Ajouter un produit ou un article',
  notFoundCode: "Aucun produit ni article n'a le code {code}",
  save: 'Enregistrer le déplacement',
  delete: 'Supprimer',
  deleteConfirm: 'Supprimer ce déplacement groupé? Toutes ses transactions sont contrepassées.',
  back: 'Retour à la liste',
  saved: 'Déplacement groupé enregistré : {n} ligne(s)',
  deleted: 'Déplacement groupé supprimé : ses transactions sont contrepassées',
  deletedBanner: 'Ce déplacement groupé a été supprimé; ses transactions sont contrepassées.',
  notFound: 'Déplacement groupé introuvable',
  noMoves: 'Aucun déplacement groupé',
  noLines: 'Balayez ou ajoutez les lignes à déplacer',
  transactions: 'Transactions',
  readOnly: 'Vous pouvez consulter les déplacements; les enregistrer exige inventory.write.',
  field: {
    move: 'Déplacement',
    date: 'Date',
    site: 'Du site',
    toSite: 'Vers le site',
    status: 'Statut',
    comments: 'Commentaires',
    name: 'Nom',
    lot: 'Lot',
    quantity: 'Quantité',
    lines: 'Lignes',
    total: 'Total',
    user: 'Par',
    description: 'Description',
    laa: 'LAA',
    value: 'Valeur',
    none: 'Aucun',
  },
  status: { InBond: 'En entrepôt', DutyPaid: 'Droits acquittés' },
  remove: 'Retirer la ligne',
};

export type BatchTexts = Texts;

export function useBatchText(): BatchTexts {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : en;
}

export const fill = (text: string, args: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(args[k] ?? ''));
