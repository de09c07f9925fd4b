// Inside a sales or purchasing document's form, after its lines: the subtotal, each tax (per
// component: GST, QST...), the charges and the total, worked out with the same code the server
// stores them with (src/shared/money) as the person edits, in the document currency's
// precision. Shown only with the `values` permission (the server hides prices otherwise).
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Divider, Paper, Typography } from '@mui/material';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { hasPermission } from '../../../shared/permissions';
import { currencySymbol, type TaxInput } from '../../../shared/money';
import type { ExtensionProps } from '../extensions';
import { DOCUMENT_TAX, taxOf, type DocumentTaxResult } from './api';
import { formatMoney, formTotals, lineTaxIds } from './totals';
import './register';

function Row({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  const variant = strong ? 'subtitle1' : 'body2';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
      <Typography variant={variant} component="span" sx={strong ? { fontWeight: 600 } : undefined}>
        {label}
      </Typography>
      <Typography
        variant={variant}
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 600 : undefined }}
      >
        {amount}
      </Typography>
    </Box>
  );
}

export function DocumentTotalsPanel({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`documentTotals.${key}`);
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const values = hasPermission(company?.permissions ?? [], 'values');
  const form = useWatch() as Record<string, unknown>;
  const taxIds = useMemo(() => lineTaxIds(form), [form]);
  const [taxes, setTaxes] = useState<{ map: ReadonlyMap<string, TaxInput>; failed: boolean }>({
    map: new Map(),
    failed: false,
  });

  // each tax the lines name, asked once and kept while the screen is open
  const missing = taxIds.filter((id) => !taxes.map.has(id)).join(',');
  useEffect(() => {
    if (!values || !missing) return;
    let live = true;
    Promise.all(
      missing.split(',').map((id) => gqlCall<DocumentTaxResult>(authFetch, DOCUMENT_TAX, { id }, { silent: true })),
    ).then(
      (results) =>
        live &&
        setTaxes((prev) => {
          const map = new Map(prev.map);
          for (const r of results) if (r.tax) map.set(r.tax.id, taxOf(r)!);
          return { map, failed: prev.failed };
        }),
      () => live && setTaxes((prev) => ({ ...prev, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [values, missing, authFetch]);

  const totals = useMemo(
    () => (values && taxes ? formTotals(entity.name, form ?? {}, taxes.map, String(record?.currency || 'CAD')) : null),
    [values, taxes, entity.name, form, record?.currency],
  );
  if (!values || !totals) return null;
  const symbol = currencySymbol(totals.currency);
  const money = (amount: string) => formatMoney(amount, symbol, locale);
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2, minWidth: 280, alignSelf: 'flex-end' }} aria-label={t('title')}>
      {taxes.failed ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('taxes_unavailable')}
        </Alert>
      ) : null}
      <Row label={t('subtotal')} amount={money(totals.subtotal)} />
      {totals.taxes.flatMap((tax, i) =>
        // a tax stated as charged (a till's) has no rates of ours: one row with its amount
        tax.components.length ? (
          tax.components.map((c, j) => (
            <Row key={`${i}-${j}`} label={`${c.name ?? ''} ${c.rate} %`} amount={money(c.amount)} />
          ))
        ) : (
          <Row key={i} label={t('tax_as_charged')} amount={money(tax.amount)} />
        ),
      )}
      {/[1-9]/.test(totals.charges) ? <Row label={t('charges')} amount={money(totals.charges)} /> : null}
      <Divider sx={{ my: 1 }} />
      <Row label={`${t('total')} (${totals.currency})`} amount={money(totals.total)} strong />
      <Typography variant="caption" color="text.secondary">
        {t('saved_note')}
      </Typography>
    </Paper>
  );
}
