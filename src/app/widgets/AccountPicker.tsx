// The accounting account picker: chooses one of the company's accounts (the generated
// `accounts2` list, by name) and creates one on the spot through `accountCreate`: name
// required, at most 100; type from the accounting types (OtherCurrentAsset shown as
// Inventory); an invalid form warns 'One or more fields is missing or invalid'. It can
// require a selection.
import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useDataProvider, useGetList, useInput, useNotify, useTranslate, type Validator } from 'ra-core';
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_TYPES,
  INVALID_FORM,
  accountDraftErrors,
  accountInput,
  accountSelectionError,
  accountTypeKey,
  type AccountDraft,
  type AccountErrors,
} from './accountRules';
import { inputError } from './inputError';

export interface Account {
  id: string;
  ref?: string | null;
  name: string;
  type: string;
}

const ACCOUNTS = 'accounts';
const byName = (a: Account, b: Account) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The dialog creating an account; answers the created account. */
export function AccountCreateDialog(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (account: Account) => void;
  /** limits the types offered */
  types?: readonly string[];
  initialName?: string;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [draft, setDraft] = useState<AccountDraft>({ name: props.initialName ?? '', type: '' });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [saving, setSaving] = useState(false);
  const types = props.types ?? ACCOUNT_TYPES;
  const t = (e?: { message: string; args: Record<string, unknown> }) => (e ? translate(e.message, e.args) : ' ');

  const save = async () => {
    const found = accountDraftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      notify(INVALID_FORM, { type: 'warning' });
      return;
    }
    setSaving(true);
    try {
      const { data } = await dataProvider.create<Account>(ACCOUNTS, { data: accountInput(draft) });
      props.onCreated(data);
      setDraft({ name: '', type: '' });
      props.onClose();
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={props.open} onClose={saving ? undefined : props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('widgets.account.create_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: '8px !important' }}>
        <TextField
          label={translate('widgets.account.name')}
          value={draft.name}
          required
          autoFocus
          size="small"
          error={!!errors.name}
          helperText={t(errors.name)}
          slotProps={{ htmlInput: { maxLength: ACCOUNT_NAME_MAX + 20 } }}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <TextField
          select
          label={translate('widgets.account.type')}
          value={draft.type}
          required
          size="small"
          error={!!errors.type}
          helperText={t(errors.type)}
          onChange={(e) => setDraft({ ...draft, type: e.target.value })}
        >
          {types.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(accountTypeKey(type), { _: type })}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={saving}>
          {translate('widgets.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface AccountPickerProps {
  source: string;
  label?: string;
  /** a selection is required ('Required') */
  required?: boolean;
  /** only accounts of these types are offered (and created) */
  types?: readonly string[];
  disabled?: boolean;
  readOnly?: boolean;
  validate?: Validator | Validator[];
  /** offers 'New account' (default true) */
  allowCreate?: boolean;
}

/** The account picker as a react-admin input; the value is the account id. */
export function AccountPicker(props: AccountPickerProps) {
  const translate = useTranslate();
  const extra = Array.isArray(props.validate) ? props.validate : props.validate ? [props.validate] : [];
  const requiredRule: Validator = (value: unknown) => accountSelectionError(value, !!props.required);
  const input = useInput({ source: props.source, validate: [requiredRule, ...extra], disabled: props.disabled });
  const { data = [], refetch } = useGetList<Account>(ACCOUNTS, {
    pagination: { page: 1, perPage: 250 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [created, setCreated] = useState<Account[]>([]);
  const [open, setOpen] = useState(false);
  const options = useMemo(() => {
    const all = new Map<string, Account>();
    for (const a of [...data, ...created]) all.set(String(a.id), a);
    return [...all.values()].filter((a) => !props.types || props.types.includes(a.type)).sort(byName);
  }, [data, created, props.types]);
  const selected = options.find((a) => String(a.id) === String(input.field.value ?? '')) ?? null;
  const shown = inputError(input);
  const label = translate(props.label ?? 'widgets.account.label', { _: props.label });

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mb: 1 }}>
      <Autocomplete
        sx={{ minWidth: 260 }}
        size="small"
        options={options}
        value={selected}
        disabled={props.disabled}
        readOnly={props.readOnly}
        getOptionLabel={(a) => a.name}
        groupBy={(a) => translate(accountTypeKey(a.type), { _: a.type })}
        isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
        onChange={(_e, a) => {
          input.field.onChange(a ? a.id : null);
          input.field.onBlur();
        }}
        renderInput={(params) => (
          <TextField {...params} label={label} required={props.required} error={!!shown} helperText={shown ?? ' '} />
        )}
      />
      {props.allowCreate !== false && !props.disabled && !props.readOnly ? (
        <Tooltip title={translate('widgets.account.create')}>
          <IconButton aria-label={translate('widgets.account.create')} onClick={() => setOpen(true)} sx={{ mt: 0.5 }}>
            <AddIcon />
          </IconButton>
        </Tooltip>
      ) : null}
      <AccountCreateDialog
        open={open}
        types={props.types}
        onClose={() => setOpen(false)}
        onCreated={(account) => {
          setCreated((list) => [...list, account]);
          input.field.onChange(account.id);
          void refetch();
        }}
      />
    </Box>
  );
}
