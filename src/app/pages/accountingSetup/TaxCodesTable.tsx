// The accounting setup page's Taxes tab: the accounting system's (QuickBooks Online's) tax code
// each of the company's taxes is sent with. A choice is saved at once (accountingTaxCodeSet); a
// refusal is shown and the row's select goes back to the saved code.
import { useEffect, useRef, useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { describeApiError } from '../../data/errors';
import { useGraphQL } from '../settings/api';
import { SET_TAX_CODE, TAX_CODES, type AccountingTaxCode, type TaxCodeMapping, type TaxCodeMappings } from './api';

const T = 'app.pages.accountingSetup';

const codeLabel = (c: AccountingTaxCode) => (c.salesRates ? `${c.name} (${c.salesRates})` : c.name);

function TaxCodeRow({ mapping, codes }: { mapping: TaxCodeMapping; codes: AccountingTaxCode[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [saved, setSaved] = useState(mapping);
  const [value, setValue] = useState(mapping.code?.ref ?? '');
  // the code last answered, for a refusal of a later choice to go back to
  const savedRef = useRef(mapping.code?.ref ?? '');
  // two quick choices: only the answer to the last one moves the row (an earlier one may come later)
  const latest = useRef(0);
  const choose = (ref: string) => {
    setValue(ref);
    const asked = ++latest.current;
    gql<{ accountingTaxCodeSet: TaxCodeMapping }>(SET_TAX_CODE, {
      taxId: mapping.taxId,
      ref: ref || null,
      kind: mapping.kind,
    })
      .then((data) => {
        if (asked !== latest.current) return;
        const answered = data.accountingTaxCodeSet;
        savedRef.current = answered.code?.ref ?? '';
        setSaved(answered);
        setValue(savedRef.current);
        notify(`${T}.taxSaved`, { type: 'success' });
      })
      .catch((error) => {
        notify(describeApiError(error).message, { type: 'error' });
        if (asked === latest.current) setValue(savedRef.current);
      });
  };
  // a saved code no longer among the active ones is still shown as chosen
  const options = saved.code && !codes.some((c) => c.ref === saved.code?.ref) ? [...codes, saved.code] : codes;
  const id = `taxcode-${mapping.kind === 'tax' ? mapping.taxId : mapping.kind === 'stated' ? 'stated' : 'none'}`;
  return (
    <TableRow data-testid={id}>
      <TableCell>
        {mapping.kind === 'tax'
          ? `${mapping.name} — ${mapping.rate ?? 0}%`
          : translate(`${T}.${mapping.kind === 'stated' ? 'statedTax' : 'noTax'}`)}
        {mapping.active ? null : (
          <Typography component="span" variant="body2" color="text.secondary">
            {` (${translate(`${T}.inactive`)})`}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          id={`${id}-select`}
          label={translate(`${T}.taxCode`)}
          value={value}
          onChange={(e) => choose(e.target.value)}
          // "—" (no code) is shown as a choice, under its label
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="">—</MenuItem>
          {options.map((c) => (
            <MenuItem key={c.ref} value={c.ref}>
              {codeLabel(c)}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
    </TableRow>
  );
}

export function TaxCodesTable() {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [data, setData] = useState<TaxCodeMappings | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    gql<{ accountingTaxCodes: TaxCodeMappings }>(TAX_CODES)
      .then((answer) => live && setData(answer.accountingTaxCodes))
      .catch((error) => {
        notify(describeApiError(error).message, { type: 'error' });
        if (live) setData('failed');
      });
    return () => {
      live = false;
    };
  }, [gql, notify]);
  if (!data) return <Loading />;
  if (data === 'failed') return <Typography sx={{ p: 2 }}>{translate(`${T}.none`)}</Typography>;
  const sentence = data.usesSalesTax === null ? 'taxUnread' : data.usesSalesTax ? 'taxUsed' : 'taxUnused';
  return (
    <>
      <Typography sx={{ py: 2 }} data-testid="taxcode-uses">
        {translate(`${T}.${sentence}`)}
      </Typography>
      {data.usesSalesTax === null ? null : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${T}.tax`)}</TableCell>
              <TableCell>{translate(`${T}.taxCode`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.taxes.map((m) => (
              <TaxCodeRow key={`${m.kind}-${m.taxId ?? ''}`} mapping={m} codes={data.codes} />
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
