// Bills: an inventory receipt marked Billed is the supplier's bill, which the accounting system
// books as a Bill from the supplier (a Vendor there) with one expense line per receipt line: to
// the inventory (asset) account of its item or product on the accounting setup page, else to the
// supplier's default expense account; freight to the supplier's account. A line with neither is
// refused with the words to fix it. The push is in ../sync.ts; linked once ('bill').
import { queueDocumentWhen } from './queueDocument';

export const BILL_ENTITY = 'bill';
export const BILLED = 'Billed';

const billed = queueDocumentWhen({ entityType: BILL_ENTITY, table: 'inventory_receipts', status: BILLED });

/** Sync now: the billed receipts not over there yet, and the failed ones again. */
export const queueBills = billed.queue;

export const inventoryReceiptHooks = billed.hooks;
