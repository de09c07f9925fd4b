// The activity of a ledger row as a person reads it. The spirits and wine activity reports answer
// the excise ledger's refType as stored (a vessel action such as 'TransferToTank', or the entity
// of the production record or document that posted it, 'Distillation', 'bottling', 'shipment'),
// the same code the transaction lists show; the screen names it in the reader's language: the
// transaction lists' action labels, else the entity's own label (schema/*.json).
import { entityByName } from '../../../generated/clientEntities';
import { transactionsMessages } from '../exciseTransactions/messages';

/** Report columns whose cells are refType codes. */
export const REF_TYPE_COLUMNS: ReadonlySet<string> = new Set(['activity']);

type Lang = 'en' | 'fr';

const actionLabels = (lang: Lang): Record<string, string> => {
  const tx = transactionsMessages[lang].transactions as { ref_types?: Record<string, string> } | undefined;
  return tx?.ref_types ?? {};
};

/** 'Distillation' -> 'Distillation' (en) or its French label; an unknown code spaced out. */
export function refTypeLabel(refType: string, locale: string): string {
  if (!refType) return refType;
  const lang: Lang = locale === 'fr' ? 'fr' : 'en';
  const action = actionLabels(lang)[refType];
  if (action) return action;
  const entity = entityByName[refType.charAt(0).toLowerCase() + refType.slice(1)];
  if (entity) return entity.label[lang];
  return refType.replace(/([a-z])([A-Z])/g, '$1 $2');
}
