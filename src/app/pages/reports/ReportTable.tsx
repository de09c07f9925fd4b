// A report run as a table: the catalogue's columns (value columns hidden without the `values`
// permission, spec 6), numbers right-aligned with the locale's separators and their exact
// decimals, lots linking to the lot trace, and the totals row. A worksheet's rows are tall on
// paper, for writing the counts in by hand.
import { Link as RouterLink } from 'react-router-dom';
import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { hasAny } from '../../../shared/permissions';
import type { ReportAnswer, ReportColumn, ReportMeta } from '../../../shared/reports/types';
import { useCurrentCompany } from '../../services';
import { formatCell, isNumeric } from './format';
import { REF_TYPE_COLUMNS, refTypeLabel } from './refTypes';
import { useText } from './i18n';
import { viewerPath } from './model';

// numbers, dates and lots read as one piece
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The columns shown, with their index in the run's cells. */
export function shownColumns(meta: ReportMeta, values: boolean): { column: ReportColumn; index: number }[] {
  return meta.columns.flatMap((column, index) => (column.values && !values ? [] : [{ column, index }]));
}

export function ReportTable({ meta, run }: { meta: ReportMeta; run: ReportAnswer }) {
  const translate = useTranslate();
  const text = useText();
  const [locale] = useLocaleState();
  const company = useCurrentCompany();
  const columns = shownColumns(meta, hasAny(company?.permissions ?? [], ['values']));
  const align = (c: ReportColumn) => (isNumeric(c.type) ? 'right' : 'left');
  const cell = (c: ReportColumn, value: string) => {
    if (c.type === 'lot' && value)
      return (
        <Link component={RouterLink} to={viewerPath('Lot', { lot: value })}>
          {value}
        </Link>
      );
    if (REF_TYPE_COLUMNS.has(c.key)) return refTypeLabel(value, locale);
    return formatCell(value, c.type, locale);
  };
  return (
    // contain: the table scrolls sideways in its box instead of widening the page (generic/fitLayout.ts)
    // a region the keyboard reaches, so a table wider than the screen can be scrolled without a mouse
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={text(meta.title)}
      sx={{ overflowX: 'auto', contain: 'inline-size', '@media print': { overflow: 'visible', contain: 'none' } }}
    >
      <Table
        size="small"
        data-testid="report-table"
        sx={meta.worksheet ? { '@media print': { '& tbody td': { height: 28, border: '1px solid #999' } } } : undefined}
      >
        <TableHead>
          <TableRow>
            {columns.map(({ column }) => (
              <TableCell key={column.key} align={align(column)} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {text(column.label)}
                {column.unit ? ` (${column.unit})` : ''}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {run.rows.map((row, r) => (
            <TableRow key={r}>
              {columns.map(({ column, index }) => (
                <TableCell key={column.key} align={align(column)} sx={column.type === 'text' ? undefined : NOWRAP}>
                  {cell(column, row[index] ?? '')}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {run.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length || 1}>{translate('reports.empty')}</TableCell>
            </TableRow>
          ) : null}
          {run.totals && run.rows.length ? (
            <TableRow
              data-testid="report-totals"
              sx={{ '& td': { fontWeight: 600, borderTop: 2, borderColor: 'divider' } }}
            >
              {columns.map(({ column, index }, i) => (
                <TableCell key={column.key} align={align(column)} sx={{ whiteSpace: 'nowrap' }}>
                  {i === 0 && !run.totals![index]
                    ? translate('reports.total')
                    : formatCell(run.totals![index] ?? '', column.type, locale)}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
