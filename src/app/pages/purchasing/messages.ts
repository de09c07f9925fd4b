// Texts of the purchasing screens' additions (the purchase order's Receive button), English and
// French; registered when the button's chunk loads (./register.ts), not in the first page load.
import type { PageMessages } from '../registry';

export const purchasingMessages: PageMessages = {
  en: {
    purchasing: {
      receive: 'Receive',
      receive_hint: 'Create an inventory receipt for what this order has not yet received, and open it',
      received: 'Receipt %{number} created',
    },
  },
  fr: {
    purchasing: {
      receive: 'Recevoir',
      receive_hint: 'Créer une réception de marchandises pour ce qui reste à recevoir de cette commande, et l’ouvrir',
      received: 'Réception %{number} créée',
    },
  },
};
