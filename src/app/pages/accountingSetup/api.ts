// The accounting setup screen's calls (schema/graphql/accounting.graphql).
export type MappedEntity = 'product' | 'item';
export type AccountRole = 'income' | 'asset' | 'cogs';
export const ACCOUNT_ROLES: AccountRole[] = ['income', 'asset', 'cogs'];

/** The account types each role takes (the server's ROLE_TYPES, accounting/mappings.ts). */
export const ROLE_TYPES: Record<AccountRole, readonly string[]> = {
  income: ['Income', 'OtherIncome'],
  asset: ['OtherCurrentAsset'],
  cogs: ['CostOfGoodsSold', 'Expense', 'OtherExpense'],
};

export interface AccountMapping {
  entityType: MappedEntity;
  entityId: string;
  name: string;
  sku: string | null;
  income: { id: string } | null;
  asset: { id: string } | null;
  cogs: { id: string } | null;
}

const FIELDS = `entityType entityId name sku income { id } asset { id } cogs { id }`;

export const MAPPINGS = `query AccountMappings($entityType: String!, $search: String) {
  accountMappings(entityType: $entityType, search: $search) { ${FIELDS} }
}`;

export const SET_MAPPING = `mutation AccountMappingSet($input: AccountMappingInput!) {
  accountMappingSet(input: $input) { ${FIELDS} }
}`;

// The Taxes tab (schema/graphql/accountingTaxCodes.graphql).
export interface AccountingTaxCode {
  ref: string;
  name: string;
  salesRates: string;
}

export interface TaxCodeMapping {
  /** tax: one of the company's taxes; untaxed: lines with no tax; stated: a till's tax as charged */
  kind: 'tax' | 'untaxed' | 'stated';
  taxId: string | null;
  name: string;
  rate: number | null;
  /** false: a tax no longer in use, listed after the others (documents issued before carry it) */
  active: boolean;
  code: AccountingTaxCode | null;
}

export interface TaxCodeMappings {
  usesSalesTax: boolean | null;
  codes: AccountingTaxCode[];
  taxes: TaxCodeMapping[];
}

const CODE_FIELDS = `ref name salesRates`;
const TAX_FIELDS = `kind taxId name rate active code { ${CODE_FIELDS} }`;

export const TAX_CODES = `query AccountingTaxCodes {
  accountingTaxCodes { usesSalesTax codes { ${CODE_FIELDS} } taxes { ${TAX_FIELDS} } }
}`;

export const SET_TAX_CODE = `mutation AccountingTaxCodeSet($taxId: ID, $ref: String, $kind: String) {
  accountingTaxCodeSet(taxId: $taxId, ref: $ref, kind: $kind) { ${TAX_FIELDS} }
}`;
