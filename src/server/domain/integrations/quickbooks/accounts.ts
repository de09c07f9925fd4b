// The chart of accounts in QuickBooks Online (developer.intuit.com, Account entity): read by
// query, a page of up to 1000 at a time (Intuit's MAXRESULTS limit), active accounts only (the
// query's default); created with Name and AccountType (spaced, as QuickBooks spells it), a
// sub-account with SubAccount and ParentRef. Names are unique over there: an account of the
// same name is linked rather than created twice.
import type { AccountToPush, ConnectorTokens, ExternalAccount } from '../connector';
import { accountTypeOfQbo, isAccountType, qboAccountTypeOf } from '../accounting/accountTypes';
import { ConnectorError } from '../connector';
import { create, idOf, query, quoted } from './api';

const PAGE = 1000;
/** a bound on a runaway answer: far beyond any real chart of accounts */
const MAX_PAGES = 50;

interface QboAccount {
  Id: string;
  Name: string;
  AccountType: string;
  ParentRef?: { value?: string };
}

/** QuickBooks refuses ':' and '"' in an account name, and more than 100 characters. */
export const accountNameOf = (name: string) =>
  name
    .replace(/[:"\t\r\n]+/g, ' ')
    .trim()
    .slice(0, 100);

export async function listAccounts(tokens: ConnectorTokens): Promise<ExternalAccount[]> {
  const accounts: ExternalAccount[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await query(tokens, `select * from Account startposition ${page * PAGE + 1} maxresults ${PAGE}`);
    const rows = (answer.Account as QboAccount[] | undefined) ?? [];
    for (const row of rows) {
      const type = accountTypeOfQbo(String(row.AccountType ?? ''));
      if (!type || !row.Id || !row.Name) continue;
      accounts.push({
        externalId: String(row.Id),
        name: String(row.Name).slice(0, 100),
        type,
        parentExternalId: row.ParentRef?.value ? String(row.ParentRef.value) : null,
      });
    }
    if (rows.length < PAGE) break;
  }
  return accounts;
}

export async function pushAccount(tokens: ConnectorTokens, account: AccountToPush, requestId: string) {
  if (!isAccountType(account.type))
    throw new ConnectorError({ kind: 'rejected', message: `Account type ${account.type} is not one of QuickBooks'` });
  const name = accountNameOf(account.name);
  const found = await query(tokens, `select Id, Name from Account where Name = ${quoted(name)}`);
  const existing = (found.Account as QboAccount[] | undefined)?.[0];
  if (existing) return String(existing.Id);
  const answer = await create(
    tokens,
    'account',
    {
      Name: name,
      AccountType: qboAccountTypeOf(account.type),
      ...(account.parentExternalId ? { SubAccount: true, ParentRef: { value: account.parentExternalId } } : {}),
    },
    requestId,
  );
  return idOf(answer, 'Account');
}
