// Above the customer's edit form: its balance, open sales orders and open invoices (with links
// to each), from one customerSummary request. Amounts show only with `values` (the server leaves
// them out otherwise).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { editPathFor } from '../../routing/paths';
import { hasPermission } from '../../../shared/permissions';
import type { ExtensionProps } from '../extensions';
import { CUSTOMER_SUMMARY, type CustomerSummary } from './api';
import './register';
import { showDay } from '../../widgets/dateDisplay';

const money = (amount: string | null, currency: string, locale: string) => {
  if (amount === null) return '';
  const [int, frac] = amount.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'fr' ? '\u202f' : ',');
  const sign = amount.startsWith('-') ? '-' : '';
  return `${sign}${grouped}${frac ? (locale === 'fr' ? ',' : '.') + frac : ''} ${currency}`;
};

export function CustomerSummaryPanel({ record }: ExtensionProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string) => translate(`customerSummary.${key}`);
  const company = useCurrentCompany();
  const { authFetch, entityByName } = useServices();
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  const [state, setState] = useState<{ id: string; summary: CustomerSummary | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    gqlCall<{ customerSummary: CustomerSummary }>(authFetch, CUSTOMER_SUMMARY, { id }, { silent: true }).then(
      (r) => live && setState({ id, summary: r.customerSummary, failed: false }),
      () => live && setState({ id, summary: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [id, authFetch]);
  if (!id) return null;
  const values = hasPermission(company?.permissions ?? [], 'values');
  const linkTo = (entity: string, docId: string) => {
    const meta = entityByName[entity];
    return meta ? editPathFor(meta, { id: docId }) : null;
  };
  const current = state?.id === id ? state : null;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="customer-summary-title">
      <Typography id="customer-summary-title" variant="h6" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      {!current && (
        <Typography variant="body2" role="status">
          {t('loading')}
        </Typography>
      )}
      {current?.failed && <Alert severity="warning">{t('unavailable')}</Alert>}
      {current?.summary && (
        <>
          <Box data-testid="customer-balance" sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="p">
              <strong>{t('balance')}: </strong>
              {!values || current.summary.balance === null
                ? t('balance_hidden')
                : current.summary.balances.length
                  ? money(current.summary.balance, current.summary.homeCurrency ?? '', locale)
                  : t('balance_none')}
              {values &&
                current.summary.balances.some((b) => b.currency !== current.summary?.homeCurrency) &&
                ` (${current.summary.balances.map((b) => money(b.amount, b.currency, locale)).join(' · ')})`}
            </Typography>
          </Box>
          <Table size="small" aria-labelledby="customer-open-orders" sx={{ mb: 2 }}>
            <caption id="customer-open-orders" style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
              {t('open_orders')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('number')}</TableCell>
                <TableCell scope="col">{t('date')}</TableCell>
                <TableCell scope="col">{t('required')}</TableCell>
                <TableCell scope="col">{t('status')}</TableCell>
                {values && (
                  <TableCell scope="col" align="right">
                    {t('total')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {current.summary.openOrders.length === 0 && (
                <TableRow>
                  <TableCell colSpan={values ? 5 : 4}>{t('none_orders')}</TableCell>
                </TableRow>
              )}
              {current.summary.openOrders.map((o) => {
                const to = linkTo('salesOrder', o.id);
                return (
                  <TableRow key={o.id}>
                    <TableCell component="th" scope="row">
                      {to ? (
                        <Link component={RouterLink} to={to}>
                          {o.number}
                        </Link>
                      ) : (
                        o.number
                      )}
                    </TableCell>
                    <TableCell>{showDay(o.date)}</TableCell>
                    <TableCell>{o.requiredDate ?? ''}</TableCell>
                    <TableCell>
                      {translate(`resources.salesOrders.choices.status.${o.status}`, { _: o.status })}
                    </TableCell>
                    {values && <TableCell align="right">{money(o.total, o.currency, locale)}</TableCell>}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Table size="small" aria-labelledby="customer-open-invoices">
            <caption id="customer-open-invoices" style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>
              {t('open_invoices')}
            </caption>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('number')}</TableCell>
                <TableCell scope="col">{t('date')}</TableCell>
                <TableCell scope="col">{t('due')}</TableCell>
                <TableCell scope="col">{t('status')}</TableCell>
                {values && (
                  <TableCell scope="col" align="right">
                    {t('total')}
                  </TableCell>
                )}
                {values && (
                  <TableCell scope="col" align="right">
                    {t('owing')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {current.summary.openInvoices.length === 0 && (
                <TableRow>
                  <TableCell colSpan={values ? 6 : 4}>{t('none_invoices')}</TableCell>
                </TableRow>
              )}
              {current.summary.openInvoices.map((i) => {
                const to = linkTo('invoice', i.id);
                return (
                  <TableRow key={i.id}>
                    <TableCell component="th" scope="row">
                      {to ? (
                        <Link component={RouterLink} to={to}>
                          {i.number}
                        </Link>
                      ) : (
                        i.number
                      )}
                    </TableCell>
                    <TableCell>{showDay(i.date)}</TableCell>
                    <TableCell>{showDay(i.dueDate)}</TableCell>
                    <TableCell>{translate(`resources.invoices.choices.status.${i.status}`, { _: i.status })}</TableCell>
                    {values && <TableCell align="right">{money(i.total, i.currency, locale)}</TableCell>}
                    {values && <TableCell align="right">{money(i.balance, i.currency, locale)}</TableCell>}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
