// Texts of the customer screen's summary panel, English and French (registered when the panel's
// chunk loads, ./register.ts).
import type { PageMessages } from '../registry';

const en = {
  customerSummary: {
    title: 'Orders, invoices and balance',
    loading: 'Loading the customer’s orders and invoices…',
    unavailable: 'The customer’s orders and invoices could not be loaded.',
    balance: 'Balance',
    balance_none: 'Nothing owing',
    balance_hidden: 'Amounts need the values permission.',
    open_orders: 'Open sales orders',
    open_invoices: 'Open invoices',
    none_orders: 'No open sales orders',
    none_invoices: 'No open invoices',
    number: 'Number',
    date: 'Date',
    required: 'Required',
    due: 'Due',
    status: 'Status',
    total: 'Total',
    owing: 'Balance',
  },
};

const fr: typeof en = {
  customerSummary: {
    title: 'Commandes, factures et solde',
    loading: 'Chargement des commandes et factures du client…',
    unavailable: 'Les commandes et factures du client n’ont pas pu être chargées.',
    balance: 'Solde',
    balance_none: 'Rien à payer',
    balance_hidden: 'Les montants demandent la permission de voir les valeurs.',
    open_orders: 'Commandes client ouvertes',
    open_invoices: 'Factures ouvertes',
    none_orders: 'Aucune commande ouverte',
    none_invoices: 'Aucune facture ouverte',
    number: 'Numéro',
    date: 'Date',
    required: 'Requise le',
    due: 'Échéance',
    status: 'Statut',
    total: 'Total',
    owing: 'Solde',
  },
};

export const customerMessages: PageMessages = { en, fr };
