// Account types (spec 3): the app keeps the names without spaces (as Intuit's SDKs spell
// AccountTypeEnum); QuickBooks Online's JSON spells them with spaces ("Other Current Asset",
// developer.intuit.com, Account entity, AccountType). typeName is what people read: the
// schema's English label (OtherCurrentAsset is shown as Inventory).
import { entities } from '../../../../generated/entities';

import { ACCOUNT_TYPES, type AccountType } from '../../../../shared/accountTypes';

export { ACCOUNT_TYPES, type AccountType };

const QBO_ACCOUNT_TYPES: Record<AccountType, string> = {
  Bank: 'Bank',
  OtherCurrentAsset: 'Other Current Asset',
  FixedAsset: 'Fixed Asset',
  OtherAsset: 'Other Asset',
  AccountsReceivable: 'Accounts Receivable',
  Equity: 'Equity',
  Expense: 'Expense',
  OtherExpense: 'Other Expense',
  CostOfGoodsSold: 'Cost of Goods Sold',
  AccountsPayable: 'Accounts Payable',
  CreditCard: 'Credit Card',
  LongTermLiability: 'Long Term Liability',
  OtherCurrentLiability: 'Other Current Liability',
  Income: 'Income',
  OtherIncome: 'Other Income',
};

export const isAccountType = (value: unknown): value is AccountType =>
  typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);

export const qboAccountTypeOf = (type: AccountType) => QBO_ACCOUNT_TYPES[type];

/** The app's type for QuickBooks' spelling (spaces and case ignored), or null for one it has no
 * place for (QuickBooks has no other types today). */
export function accountTypeOfQbo(qboType: string): AccountType | null {
  const key = qboType.replace(/\s+/g, '').toLowerCase();
  return ACCOUNT_TYPES.find((t) => t.toLowerCase() === key) ?? null;
}

const typeLabels = (() => {
  const field = entities.find((e) => e.name === 'account')?.fields.find((f) => f.name === 'type');
  const labels: Record<string, string> = {};
  field?.values?.forEach((value, i) => (labels[value] = field.valueLabels?.[i]?.en ?? value));
  return labels;
})();

/** What people read for a type: 'Inventory' for OtherCurrentAsset. */
export const accountTypeName = (type: string) => typeLabels[type] ?? type;
