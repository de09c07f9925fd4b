// A recurring transaction's new document: its template copied, numbered and dated, then saved
// through the generic records create path, so every hook of the document runs as if a person
// had saved it (totals and taxes, stock, the sales order's progress, the audit entry).
import { entityByName } from '../../../generated/entities';
import type { FieldMeta } from '../../../shared/meta';
import type { DomainContext } from '../records/actor';
import { AppError } from '../kernel/errors';
import { getRecord } from '../records/list';
import { createRecord } from '../records/write';
import { nextNumberLike } from '../records/numbering';
import type { ApiRecord } from '../records/hydrate';
import { addDays } from './nextRun';

export type ScheduleType = 'SalesOrder' | 'Invoice' | 'PurchaseOrder';
export type DocumentEntity = 'salesOrder' | 'invoice' | 'purchaseOrder';

/** The template field of each type, which is also the entity it creates. */
export const DOCUMENT_OF: Record<ScheduleType, DocumentEntity> = {
  SalesOrder: 'salesOrder',
  Invoice: 'invoice',
  PurchaseOrder: 'purchaseOrder',
};

/** The status a created document starts in: a sales order is open (it is the customer's
 * standing order); an invoice and a purchase order start as drafts, because nobody has looked
 * at them yet and a Sent one would count as sent to the customer or supplier. */
const STATUS_OF: Record<DocumentEntity, string> = { salesOrder: 'Open', invoice: 'Draft', purchaseOrder: 'Draft' };

/** Never copied: the copy's own number, date and status; what was paid; and the links saying
 * which earlier document the template came from (a copy did not come from that estimate,
 * order or shipment, and must not count towards its shipped or invoiced quantities). */
const NOT_COPIED: Record<DocumentEntity, string[]> = {
  salesOrder: ['number', 'date', 'status', 'estimate'],
  invoice: ['number', 'date', 'status', 'amountPaid', 'salesOrder', 'shipment'],
  purchaseOrder: ['number', 'date', 'status'],
};

const refIdOf = (v: unknown): string | null =>
  v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : v == null ? null : String(v);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The writable fields of a record or line as create input: refs as ids, readOnly and
 * internal fields (totals, line amounts, shipped quantities) left for the hooks to compute. */
function inputOf(fields: FieldMeta[], record: Record<string, unknown>, skip: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.readOnly || f.internal || skip.includes(f.name) || record[f.name] === undefined) continue;
    if (f.type === 'ref') input[f.name] = refIdOf(record[f.name]);
    else if (f.type === 'lines')
      input[f.name] = ((record[f.name] as Record<string, unknown>[] | null) ?? []).map((line) =>
        inputOf(f.lines!.fields, line, []),
      );
    else input[f.name] = record[f.name];
  }
  return input;
}

/** The template as the input of its copy dated `runDate`; other dates (due, required,
 * expected) keep their distance from the document's date: a template due 30 days after its
 * date makes copies due 30 days after theirs. */
export function copyInput(entity: DocumentEntity, template: ApiRecord, runDate: string, number: string) {
  const meta = entityByName[entity];
  const input = inputOf(meta.fields, template, NOT_COPIED[entity]);
  const templateDate = String(template.date);
  for (const f of meta.fields)
    if (f.type === 'date' && f.name !== 'date' && typeof input[f.name] === 'string')
      input[f.name] = addDays(runDate, daysBetween(templateDate, input[f.name] as string));
  return { ...input, number, date: runDate, status: STATUS_OF[entity] };
}

/** Creates the copy of template `templateId` dated `runDate`; answers its id and number. */
export async function createCopy(
  ctx: DomainContext,
  entity: DocumentEntity,
  templateId: string,
  runDate: string,
): Promise<{ id: string; number: string }> {
  const meta = entityByName[entity];
  const template = await getRecord(ctx, meta, templateId, { full: true });
  if (!template)
    throw new AppError('NOT_FOUND', `The template ${meta.label.en.toLowerCase()} no longer exists`, {
      id: templateId,
    });
  const number = await nextNumberLike(ctx, entity, String(template.number));
  const created = await createRecord(ctx, meta, copyInput(entity, template, runDate, number));
  return { id: created.id, number };
}
