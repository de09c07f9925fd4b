// Stores a document's readOnly money fields on every create and update, inside the record's
// transaction: each line's `amount` and `taxAmount`, and `subtotal`, `taxTotal`, `total`,
// computed by the shared documentTotals (src/shared/money, the same code the edit screen shows
// live). The record the mutation answers is the `after` the records layer hands the hooks, so
// it is updated in place too.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { documentTotals, withStatedTax, type DocumentTotals, type TaxInput } from '../../../shared/money';
import type { DomainContext } from '../records/actor';
import { entityOf, tableOf } from '../records/fields';
import type { ApiRecord } from '../records/hydrate';
import { chargeText, type MoneyDocument } from './documents';
import { validationError } from '../kernel/errors';
import type { Db } from '../../db/connect';

type Line = Record<string, unknown> & { id: string; tax?: { id: string } | null };

/** The taxes (with their components, in order) the lines name, read in the company only. */
export const taxesByIds = (ctx: DomainContext, ids: string[]) => taxesOf(ctx.db, ctx.actor.companyId, ids);

/** The same, outside a request (the accounting push reads a document's taxes). */
export async function taxesOf(db: Db, company: string, ids: string[]): Promise<Map<string, TaxInput>> {
  const taxes = new Map<string, TaxInput>();
  if (!ids.length) return taxes;
  const { table, lines } = tableOf(entityOf('tax'));
  const rows = (await db
    .select({ id: table.id, name: table.name, code: table.code, rate: table.rate })
    .from(table)
    .where(and(eq(table.companyId, company), inArray(table.id, ids)))) as {
    id: string;
    name: string;
    code: string | null;
    rate: string;
  }[];
  const parts = (await db
    .select()
    .from(lines.components)
    .where(and(eq(lines.components.companyId, company), inArray(lines.components.parentId, ids)))
    .orderBy(lines.components.parentId, lines.components.position)) as {
    parentId: string;
    name: string;
    rate: string;
    compound: boolean;
  }[];
  for (const r of rows)
    taxes.set(String(r.id), { id: String(r.id), name: r.name, code: r.code, rate: r.rate, components: [] });
  for (const p of parts)
    taxes.get(String(p.parentId))?.components?.push({ name: p.name, rate: p.rate, compound: p.compound });
  return taxes;
}

/** The totals of a record as it stands (every field, read inside the transaction). */
export async function totalsOf(ctx: DomainContext, doc: MoneyDocument, record: ApiRecord): Promise<DocumentTotals> {
  const lines = (record.lines as Line[] | undefined) ?? [];
  // a till's tax as charged is the document's whole tax: a line taxed by our rates as well would
  // have its own tax dropped into the stated amount (a line added later with HST, say)
  const stated = record.taxAsCharged;
  if (stated !== null && stated !== undefined && stated !== '' && lines.some((l) => l.tax)) {
    // a return's tax as charged is set from its invoice on every save (returnTax.ts): "clear it"
    // would not help there, the person can only take the taxes off the lines
    const invoice = doc.entity === 'salesReturn' ? (record.invoice as { number?: string | null } | null) : null;
    throw validationError({
      taxAsCharged: invoice
        ? `This return gives back its share of the tax charged on ${invoice.number ? `invoice ${invoice.number}` : 'its invoice'}, and that is its whole tax: remove the taxes from the return's lines`
        : 'A tax as charged is the whole tax of the document: clear it, or remove the taxes from the lines',
    });
  }
  const taxes = await taxesByIds(ctx, [...new Set(lines.map((l) => l.tax?.id).filter((id): id is string => !!id))]);
  const computed = documentTotals({
    currency: record.currency as string,
    lines: lines.map((l) => ({
      quantity: l.quantity as number | null,
      unitPrice: l.unitPrice as number | null,
      discountPercent: l.discountPercent as number | null,
      tax: l.tax ? (taxes.get(l.tax.id) ?? null) : null,
    })),
    charges: doc.charges.map((c) => chargeText(record[c.field], c.sign)),
  });
  return withStatedTax(
    computed,
    record.taxAsCharged,
    lines.map((l) => !!l.tax),
  );
}

const same = (stored: unknown, computed: string) =>
  stored !== null && stored !== undefined && Number(stored) === Number(computed);

/** Computes and stores the totals of a record, and shows them on `record`. Lines whose stored
 * figures are already right are not written again (an edit of the notes writes no line). */
export async function storeTotals(ctx: DomainContext, doc: MoneyDocument, record: ApiRecord): Promise<DocumentTotals> {
  const totals = await totalsOf(ctx, doc, record);
  const entity = entityOf(doc.entity);
  const { table, lines: lineTables } = tableOf(entity);
  const company = ctx.actor.companyId;
  const lines = (record.lines as Line[] | undefined) ?? [];
  const changed = lines
    .map((line, i) => ({ line, ...totals.lines[i] }))
    .filter(({ line, amount, taxAmount }) => !same(line.amount, amount) || !same(line.taxAmount, taxAmount));
  if (changed.length) {
    // one statement for every changed line (an invoice of 50 lines is one round trip)
    const rows = sql.join(
      changed.map((c) => sql`(${c.line.id}::bigint, ${c.amount}::numeric, ${c.taxAmount}::numeric)`),
      sql`, `,
    );
    await ctx.db.execute(sql`
      UPDATE ${lineTables.lines} AS l SET amount = v.amount, tax_amount = v.tax_amount
      FROM (VALUES ${rows}) AS v(id, amount, tax_amount)
      WHERE l.company_id = ${company} AND l.id = v.id`);
    for (const c of changed) {
      c.line.amount = Number(c.amount);
      c.line.taxAmount = Number(c.taxAmount);
    }
  }
  if (
    !same(record.subtotal, totals.subtotal) ||
    !same(record.taxTotal, totals.taxTotal) ||
    !same(record.total, totals.total)
  ) {
    await ctx.db
      .update(table)
      .set({ subtotal: totals.subtotal, taxTotal: totals.taxTotal, total: totals.total })
      .where(and(eq(table.companyId, company), eq(table.id, record.id)));
    record.subtotal = Number(totals.subtotal);
    record.taxTotal = Number(totals.taxTotal);
    record.total = Number(totals.total);
  }
  return totals;
}
