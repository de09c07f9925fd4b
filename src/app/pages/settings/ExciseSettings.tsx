// The excise duty payable's settings (spec 3: excisePaymentToId, excisePaymentMethodId,
// excisePaymentAccountRef, excisePaymentItemId): who duty is paid to (a supplier), how, and the
// account it is booked to, chosen with the account picker. The setting keeps the account's ref
// (its id in the accounting system, what the Bill names), the picker an account of the app: the
// form carries the picked account as `excisePaymentAccount` and writes its ref.
import { useEffect } from 'react';
import { AutocompleteInput, ReferenceInput, useGetList, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import { AccountPicker, type Account } from '../../widgets/AccountPicker';

/** The form's own field of the picked account (not a setting: not sent). */
export const EXCISE_ACCOUNT_FIELD = 'excisePaymentAccount';
const REF_FIELD = 'excisePaymentAccountRef';

const REFERENCES = [
  { source: 'excisePaymentToId', reference: 'suppliers' },
  { source: 'excisePaymentMethodId', reference: 'paymentMethods' },
  { source: 'excisePaymentItemId', reference: 'items' },
] as const;

export function ExciseSettings(props: { disabled: boolean; labelOf: (field: string) => string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {REFERENCES.map(({ source, reference }) => (
        <ReferenceInput key={source} source={source} reference={reference} sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            label={translate(props.labelOf(source))}
            optionText="name"
            disabled={props.disabled}
            helperText={false}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      ))}
      <ExciseAccountPicker disabled={props.disabled} label={props.labelOf(REF_FIELD)} />
    </Box>
  );
}

function ExciseAccountPicker(props: { disabled: boolean; label: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const ref = useWatch({ name: REF_FIELD }) as string | null | undefined;
  const picked = useWatch({ name: EXCISE_ACCOUNT_FIELD }) as string | null | undefined;
  // the picker's own list (same query, so an account it creates shows here too)
  const { data = [] } = useGetList<Account>('accounts', {
    pagination: { page: 1, perPage: 250 },
    sort: { field: 'name', order: 'ASC' },
  });
  // on load: the account whose ref the setting holds
  useEffect(() => {
    if (picked === undefined && ref) {
      const account = data.find((a) => a.ref === ref);
      if (account) setValue(EXCISE_ACCOUNT_FIELD, account.id, { shouldDirty: false });
    }
  }, [data, ref, picked, setValue]);
  // on a pick: its ref (none while the account is not in the accounting system yet)
  const account = data.find((a) => String(a.id) === String(picked ?? ''));
  useEffect(() => {
    if (picked === undefined) return;
    const next = account?.ref ?? null;
    if ((account || picked === null) && next !== (ref ?? null)) setValue(REF_FIELD, next, { shouldDirty: true });
  }, [picked, account, ref, setValue]);
  return (
    <Box>
      <AccountPicker source={EXCISE_ACCOUNT_FIELD} label={props.label} disabled={props.disabled} />
      {account && !account.ref ? (
        <Typography variant="caption" color="warning.main" role="status">
          {translate('app.pages.settings.excise_account_not_synced')}
        </Typography>
      ) : null}
    </Box>
  );
}
