// The account types of spec 3 (Account: "Types: Bank, OtherCurrentAsset (shown as Inventory), …"),
// for the browser's account create rules and the server's QuickBooks mapping alike.
export const ACCOUNT_TYPES = [
  'Bank',
  'OtherCurrentAsset',
  'FixedAsset',
  'OtherAsset',
  'AccountsReceivable',
  'Equity',
  'Expense',
  'OtherExpense',
  'CostOfGoodsSold',
  'AccountsPayable',
  'CreditCard',
  'LongTermLiability',
  'OtherCurrentLiability',
  'Income',
  'OtherIncome',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
