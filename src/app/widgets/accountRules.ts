// Account create rules (spec 3 and 5): name required, at most 100 characters; type one of
// the accounting types (OtherCurrentAsset is shown as Inventory); an invalid form gives
// 'One or more fields is missing or invalid'. The picker can require a selection.

import { ACCOUNT_TYPES, type AccountType } from '../../shared/accountTypes';

export { ACCOUNT_TYPES, type AccountType };

export const ACCOUNT_NAME_MAX = 100;
export const INVALID_FORM = 'app.error.invalid_form';

/** i18n key of a type's label (generated: OtherCurrentAsset -> 'Inventory'). */
export const accountTypeKey = (type: string) => `resources.accounts.values.type.${type}`;

export interface AccountDraft {
  name: string;
  type: string;
}

export type AccountErrors = Partial<Record<keyof AccountDraft, { message: string; args: Record<string, unknown> }>>;

export function accountDraftErrors(draft: AccountDraft): AccountErrors {
  const errors: AccountErrors = {};
  if (draft.name.trim() === '') errors.name = { message: 'app.validation.required', args: {} };
  else if (draft.name.trim().length > ACCOUNT_NAME_MAX)
    errors.name = { message: 'app.validation.max_length', args: { n: ACCOUNT_NAME_MAX } };
  if (!draft.type) errors.type = { message: 'app.validation.required', args: {} };
  else if (!(ACCOUNT_TYPES as readonly string[]).includes(draft.type))
    errors.type = { message: 'widgets.account.invalid_type', args: {} };
  return errors;
}

/** The accountCreate input, trimmed. */
export const accountInput = (draft: AccountDraft) => ({ name: draft.name.trim(), type: draft.type });

/** 'Required' when the picker requires a selection and none is made. */
export const accountSelectionError = (value: unknown, required: boolean) =>
  required && (value === null || value === undefined || value === '')
    ? { message: 'app.validation.required', args: {} }
    : undefined;
