// Texts of the sales flow buttons and of the sales order's progress panel, English and French.
import type { PageMessages } from '../registry';

export const salesFlowMessages: PageMessages = {
  en: {
    salesFlow: {
      toSalesOrder: 'Convert to sales order',
      createShipment: 'Create shipment',
      createInvoice: 'Create invoice',
      createReturn: 'Create return',
      progress: {
        title: 'Shipped and invoiced',
        line: 'Line',
        ordered: 'Ordered',
        shipped: 'Shipped',
        undelivered: 'Undelivered',
        invoiced: 'Invoiced',
      },
    },
  },
  fr: {
    salesFlow: {
      toSalesOrder: 'Convertir en commande client',
      createShipment: 'Créer une expédition',
      createInvoice: 'Créer une facture',
      createReturn: 'Créer un retour',
      progress: {
        title: 'Expédié et facturé',
        line: 'Ligne',
        ordered: 'Commandé',
        shipped: 'Expédié',
        undelivered: 'Reste à livrer',
        invoiced: 'Facturé',
      },
    },
  },
};
