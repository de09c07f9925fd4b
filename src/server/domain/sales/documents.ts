// The seven money documents this module totals (src/shared/money/documents.ts, shared with the
// edit screen's live totals), typed as the records layer's entity names.
import { MONEY_DOCUMENTS as SHARED, type MoneyDocument as SharedDocument } from '../../../shared/money/documents';
import type { EntityName } from '../records/hooks';

export type MoneyDocument = SharedDocument & { entity: EntityName };
export const MONEY_DOCUMENTS: MoneyDocument[] = SHARED;
export { chargeText } from '../../../shared/money/documents';
