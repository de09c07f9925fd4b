// Above a sales order's form: each line's quantity ordered, shipped, still undelivered (the
// back order) and invoiced, as the server keeps them (salesOrder lines shippedQuantity and
// invoicedQuantity). Read from the loaded record; loaded lazily with the edit screen.
import './register';
import { useTranslate } from 'react-admin';
import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatNumber } from '../../widgets/numberRules';
import type { ExtensionProps } from '../extensions';

interface Line {
  id: string;
  product?: { name?: string } | null;
  item?: { name?: string } | null;
  bundle?: { name?: string } | null;
  description?: string | null;
  quantity?: number | null;
  shippedQuantity?: number | null;
  invoicedQuantity?: number | null;
}

/** thousandths, so a difference of decimal quantities is exact */
const milli = (n: number | null | undefined) => Math.round((n ?? 0) * 1000);
const show = (m: number) => formatNumber(m / 1000, m % 1000 === 0 ? 0 : 3);

export function OrderProgress({ record }: ExtensionProps) {
  const translate = useTranslate();
  const lines = ((record?.lines as Line[] | null) ?? []).filter((l) => l.quantity);
  if (!lines.length) return null;
  const t = (key: string) => translate(`salesFlow.progress.${key}`);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} data-testid="sales-order-progress">
      <Typography variant="subtitle2" component="h2">
        {t('title')}
      </Typography>
      <Table size="small" aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('line')}</TableCell>
            <TableCell align="right">{t('ordered')}</TableCell>
            <TableCell align="right">{t('shipped')}</TableCell>
            <TableCell align="right">{t('undelivered')}</TableCell>
            <TableCell align="right">{t('invoiced')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => {
            const ordered = milli(l.quantity);
            const shipped = milli(l.shippedQuantity);
            return (
              <TableRow key={l.id} data-testid="sales-order-progress-line">
                <TableCell>{l.product?.name ?? l.item?.name ?? l.bundle?.name ?? l.description ?? ''}</TableCell>
                <TableCell align="right">{show(ordered)}</TableCell>
                <TableCell align="right">{show(shipped)}</TableCell>
                <TableCell align="right" data-testid="sales-order-undelivered">
                  {show(Math.max(0, ordered - shipped))}
                </TableCell>
                <TableCell align="right">{show(milli(l.invoicedQuantity))}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Paper>
  );
}
