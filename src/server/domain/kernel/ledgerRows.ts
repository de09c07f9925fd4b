// The rows of a ledger (excise_transactions, inventory_transactions) that stand: not a reversal,
// and not reversed. An edit reverses and re-posts, so summing standing rows gives what a record
// posts now; a reversal carries its original's date but a later id, so running sums leave both
// out (they net to zero within their day) rather than count the original until the reversal.
import { sql, type SQL } from 'drizzle-orm';

export type LedgerTable = 'excise_transactions' | 'inventory_transactions';

/** The condition that the row `alias` of `table` stands (both are names from code, never input). */
export const standing = (table: LedgerTable, alias: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not an SQL alias: ${alias}`);
  return sql.raw(
    `${alias}.reverses_id IS NULL AND NOT EXISTS (SELECT 1 FROM ${table} r_${alias} WHERE r_${alias}.company_id = ${alias}.company_id AND r_${alias}.reverses_id = ${alias}.id)`,
  );
};
