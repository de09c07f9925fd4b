// Credit notes: a sales return marked Credited is what the customer is owed back, which the
// accounting system books as a Credit Memo (the push is in ../sync.ts, beside the invoice's,
// whose customer and lines it shares). Queued by the return's own save (inside its transaction)
// and by Sync now; linked once (integration_links 'creditNote').
import { queueDocumentWhen } from './queueDocument';

export const CREDIT_NOTE_ENTITY = 'creditNote';
export const CREDITED = 'Credited';

const credited = queueDocumentWhen({ entityType: CREDIT_NOTE_ENTITY, table: 'sales_returns', status: CREDITED });

/** Sync now: the credited returns not over there yet, and the failed ones again. */
export const queueCreditNotes = credited.queue;

export const salesReturnHooks = credited.hooks;
