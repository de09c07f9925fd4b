// What a failed record of the sync log is called, and the screen it opens (the /apps list of
// the records that failed). The log keeps only an entity type and a database id, which no one
// knows a bill by: a person looks for the receipt's number, the invoice's number, the product's
// name. Each type names the table its entity_id is a row of (read the code that logs it: a
// payment's id is its invoice's, a credit note's its sales return's, a bill's its inventory
// receipt's, a Shopify order's the kept order's, shopify_orders) and the column people know it
// by. Every name of a list is read in the list's own query (a lateral join, one row each), and
// only from the company's rows: an id of another company's record names nothing. A record
// deleted since finds no row and is named by its type and id, as the log has them.
import { sql, type SQL } from 'drizzle-orm';
import {
  EXCISE_RETURN_SCREEN,
  type FailureEntityType,
  type FailureRecordRef,
} from '../../../shared/integrationFailures';

type Naming =
  /** a row of `table`, called by its `column`; `screen`: the generated entity whose edit screen
   * opens it (none: it has no screen of its own) */
  | { kind: 'row'; table: string; column: string; screen?: string }
  /** a product or an item, whichever the id is (ids are unique across tables: object_ids) */
  | { kind: 'productOrItem' }
  | { kind: 'exciseReturn' }
  /** a kept Shopify order: its name (#1001), or its sales order's number */
  | { kind: 'shopifyOrder'; call: 'order' | 'salesOrder' }
  /** named by its id itself: a Square day's key (20261126 is 2026-11-26), a Shopify request's id */
  | { kind: 'key'; label: (entityId: string) => string }
  /** the company's one record of its kind (a read of a whole list): its type names it */
  | { kind: 'one' };

const row = (table: string, column: string, screen?: string): Naming => ({ kind: 'row', table, column, screen });
const ONE: Naming = { kind: 'one' };
const dayOfKey = (key: string) => `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;

/** Every type the log holds (src/shared/integrationFailures.ts): the checker asks for each. */
const NAMINGS: Record<FailureEntityType, Naming> = {
  accounts: ONE,
  // the chart's accounts have no screen of their own (they are picked in Settings and setups)
  account: row('accounts', 'name'),
  invoice: row('invoices', 'number', 'invoice'),
  // a payment is the rise of its invoice's amount paid (accounting/payments.ts)
  payment: row('invoices', 'number', 'invoice'),
  creditNote: row('sales_returns', 'number', 'salesReturn'),
  bill: row('inventory_receipts', 'number', 'inventoryReceipt'),
  customer: row('customers', 'name', 'customer'),
  supplier: row('suppliers', 'name', 'supplier'),
  // the payable of a filed return (accounting/excisePayable.ts): the return's id
  excisePayable: { kind: 'exciseReturn' },
  product: row('products', 'name', 'product'),
  item: row('items', 'name', 'item'),
  itemAccounts: { kind: 'productOrItem' },
  itemChanges: ONE,
  squareDay: { kind: 'key', label: dayOfKey },
  squareChanges: ONE,
  squareCatalog: ONE,
  // Square's catalogue is matched by the product's SKU (square/catalog.ts)
  squareItem: row('products', 'name', 'product'),
  squareVariation: row('products', 'name', 'product'),
  shopifyPoll: ONE,
  shopifyOrder: { kind: 'shopifyOrder', call: 'order' },
  // the note is about the sales order the order became (shopify/orders.ts noteTaxDifference)
  shopifyTaxDifference: { kind: 'shopifyOrder', call: 'salesOrder' },
  // one site's stock sent to its Shopify location (shopify/stock.ts)
  shopifyStock: row('sites', 'name', 'site'),
  shopifyDataRequest: { kind: 'key', label: (id) => id },
};

const typesIn = (types: string[]) =>
  sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  );

const NO_PERIOD = sql`NULL::text, NULL::text, NULL::text, NULL::text`;

/** One branch per table: the rows of `l` (the log) its types point at, in the company. */
function branches(companyId: string, log: SQL): SQL[] {
  const byTable = new Map<string, { table: string; column: string; screen?: string; types: string[] }>();
  const add = (type: string, table: string, column: string, screen?: string) => {
    const key = `${table}.${column}.${screen ?? ''}`;
    const group = byTable.get(key) ?? { table, column, screen, types: [] };
    group.types.push(type);
    byTable.set(key, group);
  };
  const shopify: { type: string; call: 'order' | 'salesOrder' }[] = [];
  const excise: string[] = [];
  for (const [type, naming] of Object.entries(NAMINGS) as [FailureEntityType, Naming][]) {
    if (naming.kind === 'row') add(type, naming.table, naming.column, naming.screen);
    else if (naming.kind === 'productOrItem') {
      add(type, 'products', 'name', 'product');
      add(type, 'items', 'name', 'item');
    } else if (naming.kind === 'exciseReturn') excise.push(type);
    else if (naming.kind === 'shopifyOrder') shopify.push({ type, call: naming.call });
  }
  const out = [...byTable.values()].map(
    (g) => sql`SELECT r.${sql.identifier(g.column)}::text AS label,
        ${g.screen ? sql`${g.screen}::text` : sql`NULL::text`} AS screen, r.id::text AS open_id, ${NO_PERIOD}
      FROM ${sql.identifier(g.table)} r
      WHERE ${log}.entity_type IN (${typesIn(g.types)}) AND r.company_id = ${companyId} AND r.id = ${log}.entity_id`,
  );
  if (excise.length)
    out.push(sql`SELECT r.form || ' ' || to_char(r.period_start, 'YYYY-MM-DD') || ' – ' || to_char(r.period_end, 'YYYY-MM-DD'),
        ${EXCISE_RETURN_SCREEN}::text, r.id::text, r.form, r.site_id::text,
        to_char(r.period_start, 'YYYY-MM-DD'), to_char(r.period_end, 'YYYY-MM-DD')
      FROM excise_returns r
      WHERE ${log}.entity_type IN (${typesIn(excise)}) AND r.company_id = ${companyId} AND r.id = ${log}.entity_id`);
  if (shopify.length) {
    const bySalesOrder = shopify.filter((s) => s.call === 'salesOrder').map((s) => s.type);
    // the sales order an order became is its link's external id (shopify/orders.ts importOrder)
    const callsSalesOrder = bySalesOrder.length ? sql`${log}.entity_type IN (${typesIn(bySalesOrder)})` : sql`false`;
    out.push(sql`SELECT CASE WHEN ${callsSalesOrder} THEN s.number ELSE o.name END,
        CASE WHEN s.id IS NULL THEN NULL ELSE 'salesOrder' END::text, s.id::text, ${NO_PERIOD}
      FROM shopify_orders o
      LEFT JOIN integration_links k ON k.company_id = o.company_id AND k.app = 'shopify'
        AND k.entity_type = 'shopifyOrder' AND k.entity_id = o.id
      LEFT JOIN sales_orders s ON s.company_id = o.company_id
        AND s.id = CASE WHEN k.external_id ~ '^[0-9]{1,18}$' THEN k.external_id::bigint END
      WHERE ${log}.entity_type IN (${typesIn(shopify.map((s) => s.type))}) AND o.company_id = ${companyId}
        AND o.id = ${log}.entity_id`);
  }
  return out;
}

/** The lateral join that names each row of the log aliased `alias`: columns label, screen,
 * open_id, form, site_id, period_start, period_end (all null when nothing names it). At most
 * one row per log row (LIMIT 1): a list is never lengthened by its names. */
export function failureNamesJoin(companyId: string, alias: string): SQL {
  const log = sql`${sql.identifier(alias)}`;
  return sql`LEFT JOIN LATERAL (${sql.join(branches(companyId, log), sql` UNION ALL `)} LIMIT 1)
    AS names (label, screen, open_id, form, site_id, period_start, period_end) ON true`;
}

/** What the join read for one row. */
export interface FailureNameRow {
  label: string | null;
  screen: string | null;
  open_id: string | null;
  form: string | null;
  site_id: string | null;
  period_start: string | null;
  period_end: string | null;
}

/** The name and the screen of one failed record, from what the join read. */
export function failureName(
  entityType: string,
  entityId: string,
  read: FailureNameRow,
): { label: string | null; record: FailureRecordRef | null } {
  const naming = NAMINGS[entityType as FailureEntityType] as Naming | undefined;
  if (naming?.kind === 'key') return { label: naming.label(entityId), record: null };
  const record: FailureRecordRef | null =
    read.screen && read.open_id
      ? {
          entity: read.screen,
          id: read.open_id,
          ...(read.screen === EXCISE_RETURN_SCREEN
            ? { form: read.form, siteId: read.site_id, periodStart: read.period_start, periodEnd: read.period_end }
            : {}),
        }
      : null;
  return { label: read.label, record };
}
