// /accountingsetup: which accounts each product and item books to (issue 18, spec 2.3
// "accounting integration setup"). One row per product or item with the account picker for each
// role (its types only; a new account can be made on the spot through accountCreate); a choice
// is saved at once (accountMappingSet), a refusal is shown and the row goes back. The Taxes tab
// (TaxCodesTable) picks the accounting system's tax code each tax is sent with.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Form, Loading, Title, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography } from '@mui/material';
import { describeApiError } from '../../data/errors';
import { useGraphQL } from '../settings/api';
import { AccountPicker } from '../../widgets/AccountPicker';
import { ACCOUNT_ROLES, MAPPINGS, ROLE_TYPES, SET_MAPPING, type AccountMapping, type MappedEntity } from './api';
import './register';

const TaxCodesTable = lazy(() => import('./TaxCodesTable').then((m) => ({ default: m.TaxCodesTable })));

const T = 'app.pages.accountingSetup';
const SEARCH_MAX = 100;

type Choices = Record<(typeof ACCOUNT_ROLES)[number], string | null>;
const choicesOf = (m: AccountMapping): Choices => ({
  income: m.income?.id ?? null,
  asset: m.asset?.id ?? null,
  cogs: m.cogs?.id ?? null,
});

/** Inside a row's form: sends the role that changed. */
function SaveOnChange({ mapping, onSaved }: { mapping: AccountMapping; onSaved: (m: AccountMapping) => void }) {
  const gql = useGraphQL();
  const notify = useNotify();
  const values = useWatch() as Partial<Choices>;
  const saved = useRef(choicesOf(mapping));
  useEffect(() => {
    const changed = ACCOUNT_ROLES.filter((r) => (values[r] ?? null) !== saved.current[r]);
    if (!changed.length) return;
    const input = Object.fromEntries(changed.map((r) => [r, values[r] ?? null]));
    saved.current = { ...saved.current, ...input };
    gql<{ accountMappingSet: AccountMapping }>(SET_MAPPING, {
      input: { entityType: mapping.entityType, entityId: mapping.entityId, ...input },
    })
      .then((data) => {
        notify(`${T}.saved`, { type: 'success' });
        onSaved(data.accountMappingSet);
      })
      .catch((error) => {
        notify(describeApiError(error).message, { type: 'error' });
        onSaved(mapping);
      });
  }, [values, gql, notify, mapping, onSaved]);
  return null;
}

function MappingRow({ mapping }: { mapping: AccountMapping }) {
  const translate = useTranslate();
  // a new form after a refusal puts the saved accounts back
  const [current, setCurrent] = useState({ mapping, version: 0 });
  const onSaved = useCallback((m: AccountMapping) => setCurrent((c) => ({ mapping: m, version: c.version + 1 })), []);
  return (
    <TableRow data-testid={`mapping-${mapping.entityId}`}>
      <TableCell>
        {mapping.name}
        {mapping.sku ? (
          <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
            {mapping.sku}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell colSpan={3}>
        <Form key={current.version} record={{ id: mapping.entityId, ...choicesOf(current.mapping) }} noValidate>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {ACCOUNT_ROLES.map((role) => (
              <AccountPicker key={role} source={role} label={translate(`${T}.${role}`)} types={ROLE_TYPES[role]} />
            ))}
          </Box>
          <SaveOnChange mapping={current.mapping} onSaved={onSaved} />
        </Form>
      </TableCell>
    </TableRow>
  );
}

function MappingTable({ entityType, search }: { entityType: MappedEntity; search: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [rows, setRows] = useState<AccountMapping[] | null>(null);
  useEffect(() => {
    let live = true;
    setRows(null);
    gql<{ accountMappings: AccountMapping[] }>(MAPPINGS, { entityType, search: search || null })
      .then((data) => live && setRows(data.accountMappings))
      .catch((error) => {
        notify(describeApiError(error).message, { type: 'error' });
        if (live) setRows([]);
      });
    return () => {
      live = false;
    };
  }, [entityType, search, gql, notify]);
  if (!rows) return <Loading />;
  if (!rows.length) return <Typography sx={{ p: 2 }}>{translate(`${T}.none`)}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate(`${T}.${entityType === 'product' ? 'products' : 'items'}`)}</TableCell>
          {ACCOUNT_ROLES.map((role) => (
            <TableCell key={role}>{translate(`${T}.${role}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((m) => (
          <MappingRow key={m.entityId} mapping={m} />
        ))}
      </TableBody>
    </Table>
  );
}

export function AccountingSetupPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<MappedEntity | 'tax'>('product');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // the list is asked for once typing pauses, not at every key
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={`${T}.title`} />
      <Typography gutterBottom>{translate(`${T}.intro`)}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Tabs value={tab} onChange={(_e, v: MappedEntity | 'tax') => setTab(v)}>
          <Tab value="product" label={translate(`${T}.products`)} />
          <Tab value="item" label={translate(`${T}.items`)} />
          <Tab value="tax" label={translate(`${T}.taxes`)} />
        </Tabs>
        {/* the search is for products and items */}
        {tab === 'tax' ? null : (
          <TextField
            size="small"
            type="search"
            label={translate('ra.action.search')}
            value={typed}
            slotProps={{ htmlInput: { maxLength: SEARCH_MAX } }}
            onChange={(e) => setTyped(e.target.value)}
          />
        )}
      </Box>
      {tab === 'tax' ? (
        <Suspense fallback={<Loading />}>
          <TaxCodesTable />
        </Suspense>
      ) : (
        <MappingTable entityType={tab} search={search} />
      )}
    </Box>
  );
}
