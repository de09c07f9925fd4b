// What every step of the sales flow shares: reading a document of the company (another
// company's id is simply not found), the next number in a document's series, today's date in
// the company's time zone, quantities as exact thousandths, and creating the next document
// through the generic records create path so every entity hook (totals, this flow) runs.
import { entityByName } from '../../../../generated/entities';
import { toScaled } from '../../../../shared/money/decimal';
import { lendingValues, type DomainContext } from '../../records/actor';
import { AppError } from '../../kernel/errors';
import { assertFound, getRecord } from '../../records/list';
import { createRecord } from '../../records/write';
import { nextNumberOf } from '../../records/numbering';
import type { ApiRecord } from '../../records/hydrate';
import { dayIn, timeZoneOf } from '../../company/timeZone';

export type SalesDocument = 'estimate' | 'salesOrder' | 'shipment' | 'invoice' | 'salesReturn';

/** A ref as records carry it: `{ id, name? }` or null. */
export type RefValue = { id: string; name?: string } | null | undefined;
export const refId = (ref: unknown): string | null =>
  ref && typeof ref === 'object' && 'id' in ref && (ref as { id: unknown }).id != null
    ? String((ref as { id: unknown }).id)
    : null;

/** One line of any sales document, as the records layer hands it. */
export interface DocLine {
  id: string;
  product?: RefValue;
  item?: RefValue;
  /** a bundle sold as one line (its components move: stockLines.ts) */
  bundle?: RefValue;
  description?: string | null;
  lot?: string | null;
  quantity: number;
  unitPrice?: number | null;
  discountPercent?: number | null;
  tax?: RefValue;
  shippedQuantity?: number | null;
  invoicedQuantity?: number | null;
}

export const linesOf = (record: ApiRecord): DocLine[] => (record.lines as DocLine[] | null) ?? [];

/** The person's words for a document: "Sales order", "shipment". */
export const labelOf = (entity: SalesDocument) => entityByName[entity].label.en;
export const lowerLabelOf = (entity: SalesDocument) => labelOf(entity).toLowerCase();
/** "Sales order SO-1001" */
export const titleOf = (entity: SalesDocument, record: { number?: unknown; id: string }) =>
  `${labelOf(entity)} ${String(record.number ?? record.id)}`;

/** The document with every field, or NOT_FOUND (ids of other companies are not found). */
export async function readDocument(ctx: DomainContext, entity: SalesDocument, id: string): Promise<ApiRecord> {
  const meta = entityByName[entity];
  return assertFound(await getRecord(ctx, meta, id, { full: true }), meta, id);
}

/** Quantities (precision 3) as exact thousandths. */
export const milli = (q: number | string | null | undefined): bigint => toScaled(q ?? 0, 3);
export const fromMilli = (m: bigint): number => Number(m) / 1000;

/** Where a new document's number starts when the company has none of that kind yet (the demo's series). */
const FIRST_NUMBER: Record<SalesDocument, string> = {
  estimate: 'EST-2001',
  salesOrder: 'SO-1001',
  shipment: 'SH-3001',
  invoice: 'INV-4001',
  salesReturn: 'RMA-5001',
};

/** The number after the series the company last used for this kind (its prefix and width). */
export const nextNumber = (ctx: DomainContext, entity: SalesDocument) =>
  nextNumberOf(ctx, entity, FIRST_NUMBER[entity]);

/** Today in the company's time zone. */
export const todayOf = async (ctx: DomainContext) => dayIn(await timeZoneOf(ctx), new Date());

/** Creates the next document through the generic create path (validation, references, hooks,
 * audit) inside the caller's transaction. The values permission is lent for the copy: the
 * prices and charges come from the document before, not from the person, and the answer is
 * only the new id (what they may read of it is still gated when they open it). */
export async function createDocument(
  ctx: DomainContext,
  entity: SalesDocument,
  input: Record<string, unknown>,
): Promise<string> {
  const created = await createRecord({ ...ctx, actor: lendingValues(ctx.actor) }, entityByName[entity], input);
  return String(created.id);
}

/** A copy of a line for the next document: what it sells and at what price, not its id. */
export const copyLine = (line: DocLine, quantity: number, extra: Record<string, unknown> = {}) => ({
  product: refId(line.product),
  item: refId(line.item),
  bundle: refId(line.bundle),
  description: line.description ?? null,
  quantity,
  unitPrice: line.unitPrice ?? null,
  discountPercent: line.discountPercent ?? null,
  tax: refId(line.tax),
  ...extra,
});

export const conflict = (message: string, info: Record<string, unknown> = {}) =>
  new AppError('CONFLICT', message, info);
