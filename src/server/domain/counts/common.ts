// What reconciliations and batch moves share: reading their input (one Fields per line, the
// problems named lines.<i>.<field>), the document row lock, and the rows a document posted.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import { Fields, type Raw } from '../excise/inputs';
import { transactionsByIds } from '../excise/transactions';
import { stockTransactionsByIds } from '../inventory/transactions';
import { MICRO, MAX_MICRO, quantityText, type Micro, type StockStatus } from '../inventory/stock';

export { ID, LOT_MAX } from '../kernel/ids';
export const COMMENTS_MAX = 1000;
/** lines of one document: a count sheet of every product of a large cellar fits */
export const MAX_LINES = 5000;

/** Field rules of documents: the excise ones plus quantities in units and statuses. */
export class DocFields extends Fields {
  /** a number of units >= 0 (> 0 unless zero allowed), whole for products, at most 6 decimals */
  units(field: string, whole: boolean, allowZero: boolean): Micro | null {
    const v = this.raw[field];
    if (v === null || v === undefined || v === '') {
      this.refuse(field, 'Required');
      return null;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.refuse(field, 'Must be a number');
      return null;
    }
    if (whole && !Number.isInteger(v)) {
      this.refuse(field, 'Must be a whole number');
      return null;
    }
    const m = Math.round(v * MICRO);
    if (Math.abs(v * MICRO - m) > 1e-3 * Math.max(1, Math.abs(v))) {
      this.refuse(field, 'At most 6 decimals');
      return null;
    }
    if (allowZero ? m < 0 : m <= 0) {
      this.refuse(field, allowZero ? 'Must be 0 or more' : 'Must be > 0');
      return null;
    }
    if (m > MAX_MICRO) {
      this.refuse(field, `Must be <= ${quantityText(MAX_MICRO)}`);
      return null;
    }
    return m;
  }

  status(field: string, fallback: StockStatus): StockStatus {
    const v = this.raw[field];
    if (v === null || v === undefined || v === '') return fallback;
    if (v !== 'InBond' && v !== 'DutyPaid') {
      this.refuse(field, 'Must be one of InBond, DutyPaid');
      return fallback;
    }
    return v;
  }

  oneOf<T extends string>(field: string, values: readonly T[]): T | null {
    const v = this.raw[field];
    if (!values.includes(v as T)) {
      this.refuse(field, v === null || v === undefined ? 'Required' : `Must be one of ${values.join(', ')}`);
      return null;
    }
    return v as T;
  }

  /** each line read by `read` with its own Fields; problems come back as lines.<i>.<field> */
  lines<T>(field: string, read: (f: DocFields, i: number) => T | null): T[] {
    const v = this.raw[field];
    if (!Array.isArray(v) || !v.length) {
      this.refuse(field, 'Add at least one line');
      return [];
    }
    if (v.length > MAX_LINES) {
      this.refuse(field, `At most ${MAX_LINES} lines`);
      return [];
    }
    const out: T[] = [];
    v.forEach((line: unknown, i) => {
      const f = new DocFields((line && typeof line === 'object' ? line : {}) as Raw);
      const read1 = read(f, i);
      for (const [k, m] of Object.entries(f.problems)) this.refuse(`${field}.${i}.${k}`, m);
      if (read1 !== null) out.push(read1);
    });
    return out;
  }
}

export const refuseFields = (fields: Record<string, string>) => {
  if (Object.keys(fields).length) throw validationError(fields);
};

/** The document row, locked for the rest of the transaction; null when it is not the company's. */
export async function lockDocument(
  ctx: DomainContext,
  table: 'reconciliations' | 'batch_moves',
  id: string,
): Promise<{ id: string; kind: string; active: boolean; vessel_type?: string | null } | null> {
  if (!ID.test(id)) return null;
  const [row] = rowsOf<{ id: string; kind: string; active: boolean; vessel_type?: string | null }>(
    await ctx.db.execute(
      sql`SELECT id::text AS id, kind, active ${table === 'reconciliations' ? sql`, vessel_type` : sql``}
          FROM ${sql.identifier(table)} WHERE company_id = ${ctx.actor.companyId} AND id = ${id} FOR UPDATE`,
    ),
  );
  return row ?? null;
}

export const notFoundDocument = (what: string, id: string) =>
  new AppError('NOT_FOUND', `There is no ${what} ${id}`, { id });

/** Every inventory and excise row a document posted, reversals included, in id order. */
export async function rowsOfDocument(ctx: DomainContext, refId: string) {
  const ids = (table: 'inventory_transactions' | 'excise_transactions') =>
    ctx.db
      .execute(
        sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE company_id = ${ctx.actor.companyId} AND ref_id = ${refId} ORDER BY id`,
      )
      .then((r) => rowsOf<{ id: string }>(r).map((x) => x.id));
  return {
    transactions: await stockTransactionsByIds(ctx, await ids('inventory_transactions')),
    exciseTransactions: await transactionsByIds(ctx, await ids('excise_transactions')),
  };
}

/** Names of the company's sites by id. */
export async function siteNamesOf(ctx: DomainContext, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id && ID.test(id) && id !== '0'))];
  if (!unique.length) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, coalesce(name, id::text) AS name FROM sites
      WHERE company_id = ${ctx.actor.companyId} AND id IN (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Checks a site id names a site of the company. */
export async function checkSite(ctx: DomainContext, f: Fields, field: string, id: string | null) {
  if (!id) return;
  if (!(await siteNamesOf(ctx, [id])).has(id)) f.refuse(field, 'Choose a site');
}

export const jsonOf = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
