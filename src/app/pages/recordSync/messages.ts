// Texts of the sync panel of a record's screen, English and French (registered when the panel's
// chunk loads, ./register.ts).
import type { PageMessages } from '../registry';

const en = {
  recordSync: {
    title: 'Sync with other systems',
    invoice: 'Invoice',
    payment: 'Payment',
    creditNote: 'Credit note',
    bill: 'Bill',
    customer: 'Customer',
    supplier: 'Supplier',
    product: 'Product',
    squareItem: 'Catalogue item',
    item: 'Item',
    succeeded: 'Sent',
    queued: 'Waiting to be sent',
    failed: 'Not sent: %{error}',
    failed_no_reason: 'Not sent',
  },
};

const fr: typeof en = {
  recordSync: {
    title: 'Synchronisation avec les autres systèmes',
    invoice: 'Facture',
    payment: 'Paiement',
    creditNote: 'Note de crédit',
    bill: 'Facture fournisseur',
    customer: 'Client',
    supplier: 'Fournisseur',
    product: 'Produit',
    squareItem: 'Article du catalogue',
    item: 'Article',
    succeeded: 'Envoyé',
    queued: 'En attente d’envoi',
    failed: 'Non envoyé : %{error}',
    failed_no_reason: 'Non envoyé',
  },
};

export const recordSyncMessages: PageMessages = { en, fr };
