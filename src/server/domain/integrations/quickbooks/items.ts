// Items read back from QuickBooks Online and their accounts changed (developer.intuit.com,
// Item entity and the query reference): the changed Items are queried by
// MetaData.LastUpdatedTime, with Active IN (true, false) because a query answers active
// records only unless told otherwise, a page of up to 1000 at a time. An Item's accounts
// change by a sparse update: Id, the current SyncToken and sparse: true, with only the fields
// that change; the answer carries the new SyncToken.
import type { ConnectorTokens, ExternalItem } from '../connector';
import { ConnectorError } from '../connector';
import { create, idOf, query, quoted } from './api';

const PAGE = 1000;
/** a bound on a runaway answer: far beyond any real item list */
const MAX_PAGES = 50;
/** the first read of a connection reads every Item (its oldest possible change) */
const BEGINNING = '1970-01-01T00:00:00Z';

interface QboItem {
  Id: string;
  SyncToken?: string;
  Name?: string;
  Sku?: string;
  UnitPrice?: number;
  Description?: string;
  Active?: boolean;
  MetaData?: { LastUpdatedTime?: string };
}

/** A JSON number as decimal text, with no arithmetic on it. */
const decimalText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

export async function listChangedItems(tokens: ConnectorTokens, since: string | null): Promise<ExternalItem[]> {
  const items: ExternalItem[] = [];
  const from = quoted(since ?? BEGINNING);
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await query(
      tokens,
      `select * from Item where Active IN (true, false) and MetaData.LastUpdatedTime >= ${from} ` +
        `orderby MetaData.LastUpdatedTime startposition ${page * PAGE + 1} maxresults ${PAGE}`,
    );
    const rows = (answer.Item as QboItem[] | undefined) ?? [];
    for (const row of rows) {
      const updatedAt = row.MetaData?.LastUpdatedTime;
      if (!row.Id || !row.Name || !updatedAt) continue;
      items.push({
        externalId: String(row.Id),
        version: String(row.SyncToken ?? ''),
        updatedAt: String(updatedAt),
        name: String(row.Name),
        sku: row.Sku ? String(row.Sku) : null,
        unitPrice: decimalText(row.UnitPrice),
        description: row.Description ? String(row.Description) : null,
        active: row.Active !== false,
      });
    }
    if (rows.length < PAGE) break;
  }
  return items;
}

export async function setItemAccounts(
  tokens: ConnectorTokens,
  externalId: string,
  accounts: { incomeAccountExternalId: string | null; expenseAccountExternalId: string | null },
  requestId: string,
): Promise<string> {
  const found = await query(tokens, `select * from Item where Id = ${quoted(externalId)}`);
  const item = (found.Item as QboItem[] | undefined)?.[0];
  if (!item)
    throw new ConnectorError({
      kind: 'rejected',
      message: `QuickBooks Online has no Item ${externalId} any more (deleted over there?)`,
    });
  const answer = await create(
    tokens,
    'item',
    {
      Id: item.Id,
      SyncToken: item.SyncToken,
      sparse: true,
      ...(accounts.incomeAccountExternalId ? { IncomeAccountRef: { value: accounts.incomeAccountExternalId } } : {}),
      ...(accounts.expenseAccountExternalId ? { ExpenseAccountRef: { value: accounts.expenseAccountExternalId } } : {}),
    },
    requestId,
  );
  idOf(answer, 'Item');
  return String((answer.Item as QboItem).SyncToken ?? '');
}
