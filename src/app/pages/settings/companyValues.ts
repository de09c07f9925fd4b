// What tab 0 edits: the company fields of CompanyUpdateInput and the settings of
// CompanySettingsInput, and how the form's values split into the two.
/** The company fields this tab edits (CompanyUpdateInput). */
export const COMPANY_FIELDS = ['name', 'address', 'phone', 'businessNumber', 'province', 'fiscalYearMonth'] as const;
/** The settings this tab edits (CompanySettingsInput), in display order. */
export const SETTINGS_FIELDS = [
  'dateFormat',
  'timeFormat',
  'timeZone',
  'homeCurrency',
  'multiCurrency',
  'trackLitres',
  'trackKg',
  'trackStrength',
  'lotTrackingForProducts',
  'lotTrackingForDutyPaid',
  'mashDuration',
  'useAccounts',
  'exciseAccrual',
  'exciseCreateReceipt',
  'excisePaymentToId',
  'excisePaymentMethodId',
  'excisePaymentAccountRef',
  'excisePaymentItemId',
] as const;
/** The settings of the excise duty payable, shown in their own section. */
export const EXCISE_FIELDS: readonly string[] = SETTINGS_FIELDS.filter((f) => f.startsWith('excise'));

export type Values = Record<string, unknown>;

/** Splits the form values into the two inputs; blank text becomes null. */
export function splitValues(values: Values): { company: Values; settings: Values } {
  const clean = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v === undefined ? null : v);
  const company = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, clean(values[f])]));
  const settings = Object.fromEntries(
    SETTINGS_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, clean(values[f])]),
  );
  return { company, settings };
}
