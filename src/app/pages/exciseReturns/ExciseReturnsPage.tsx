// /reports/excise: the fiscal year's periods, newest first, each with its due date, whether it is
// filed, and one link per return of every site that files (B266, B262, B265, B263), nil
// returns marked. The fiscal year comes from the company's settings (fiscalYearMonth).
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import {
  Alert,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useT } from './i18n';
import { describeApiError } from '../../data/errors';
import { PERIODS_DOCUMENT, useQuery, type Periods } from './api';
import { returnPath } from './paths';
import { showDay } from '../../widgets/dateDisplay';

export function ExciseReturnsPage() {
  const translate = useT();
  const [fiscalYear, setFiscalYear] = useState<number | null>(null);
  const { data, error, loading } = useQuery<{ exciseReturnPeriods: Periods }>(PERIODS_DOCUMENT, { fiscalYear });
  const list = data?.exciseReturnPeriods;
  const year = list?.fiscalYear ?? fiscalYear;
  return (
    <Box sx={{ p: 2 }} data-testid="excise-returns">
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('exciseReturns.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography>{translate('exciseReturns.fiscal_year')}</Typography>
        <IconButton aria-label="previous fiscal year" onClick={() => year && setFiscalYear(year - 1)}>
          ‹
        </IconButton>
        <Typography data-testid="fiscal-year">{year ?? ''}</Typography>
        <IconButton aria-label="next fiscal year" onClick={() => year && setFiscalYear(year + 1)}>
          ›
        </IconButton>
        {list && (
          <Typography color="text.secondary" sx={{ pl: 2 }}>
            {list.excisePeriodEnd
              ? translate('exciseReturns.lock', { date: showDay(list.excisePeriodEnd) })
              : translate('exciseReturns.no_lock')}
          </Typography>
        )}
      </Stack>
      {loading && <CircularProgress size={24} />}
      {!!error && (
        <Alert severity="error">
          {translate(describeApiError(error).message, { _: describeApiError(error).message })}
        </Alert>
      )}
      {list && (
        <Table size="small" aria-label={translate('exciseReturns.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('exciseReturns.period')}</TableCell>
              <TableCell>{translate('exciseReturns.due')}</TableCell>
              <TableCell>{translate('exciseReturns.filed')}</TableCell>
              <TableCell>{translate('exciseReturns.returns')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.periods.map((p) => (
              <TableRow key={p.periodStart} data-period={p.periodStart}>
                <TableCell>
                  {showDay(p.periodStart)} – {showDay(p.periodEnd)}
                </TableCell>
                <TableCell>{showDay(p.dueDate)}</TableCell>
                <TableCell>{translate(p.filed ? 'exciseReturns.filed' : 'exciseReturns.open')}</TableCell>
                <TableCell>
                  {p.returns.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {translate('exciseReturns.none')}
                    </Typography>
                  )}
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {p.returns.map((r) => (
                      <Chip
                        key={`${r.form}-${r.siteId}`}
                        component={RouterLink}
                        to={returnPath({
                          form: r.form,
                          siteId: r.siteId,
                          periodStart: r.periodStart,
                          periodEnd: r.periodEnd,
                        })}
                        clickable
                        color={r.status === 'Filed' ? 'success' : r.status === 'Amending' ? 'warning' : 'default'}
                        variant={r.nil ? 'outlined' : 'filled'}
                        label={`${r.form} ${r.siteName}${r.licence ? ` (${r.licence})` : ''}${r.halfYearly ? ` – ${translate('exciseReturns.half_year', { start: showDay(r.periodStart), end: showDay(r.periodEnd), due: showDay(r.dueDate) })}` : ''}${r.nil ? ` – ${translate('exciseReturns.nil')}` : ''} · ${translate(`exciseReturns.status.${r.status}`)}`}
                      />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
