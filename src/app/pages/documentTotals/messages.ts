// Texts of the document totals under a sales or purchasing document's lines, English and French
// (registered when the panel's chunk loads, ./register.ts).
import type { PageMessages } from '../registry';

const en = {
  documentTotals: {
    title: 'Totals',
    subtotal: 'Subtotal',
    charges: 'Shipping, freight and fees',
    tax_as_charged: 'Tax as charged',
    total: 'Total',
    taxes_unavailable: 'The taxes could not be loaded: the totals leave them out.',
    saved_note: 'Worked out as you type; the saved document keeps the same figures.',
  },
};

const fr: typeof en = {
  documentTotals: {
    title: 'Totaux',
    subtotal: 'Sous-total',
    charges: 'Livraison, transport et frais',
    tax_as_charged: 'Taxe telle que perçue',
    total: 'Total',
    taxes_unavailable: 'Les taxes n’ont pas pu être chargées : les totaux ne les comptent pas.',
    saved_note: 'Calculés pendant la saisie ; le document enregistré garde les mêmes montants.',
  },
};

export const documentTotalsMessages: PageMessages = { en, fr };
