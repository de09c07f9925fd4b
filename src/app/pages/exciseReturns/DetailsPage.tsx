// The Details reports (ReportsExciseSpiritsDetails, ReportsExciseWarehouseDetails): the ledger
// rows behind one line of a return, each with its quantity as the line counts it; they add up
// to the line. Paged by 100.
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
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
import { DETAILS_DOCUMENT, useQuery, type Details } from './api';
import { qty } from './format';
import { RETURNS_PATH, returnPath, returnRefOf } from './paths';
import { showDay } from '../../widgets/dateDisplay';

const PAGE = 100;

export function DetailsPage() {
  const translate = useT();
  const location = useLocation();
  const refOf = returnRefOf(location.pathname, location.search);
  const key = new URLSearchParams(location.search).get('key') ?? '';
  const [offset, setOffset] = useState(0);
  const { data, error, loading } = useQuery<{ exciseReturnDetails: Details }>(
    DETAILS_DOCUMENT,
    refOf ? { ...refOf, key, first: PAGE, offset } : null,
  );
  const d = data?.exciseReturnDetails;
  const col = (k: string) => translate(`exciseReturns.columns.${k}`);
  return (
    <Box sx={{ p: 2 }} data-testid="excise-details">
      <Link component={RouterLink} to={refOf ? returnPath(refOf) : RETURNS_PATH}>
        {translate(refOf ? 'exciseReturns.back_return' : 'exciseReturns.back')}
      </Link>
      {loading && !d && <CircularProgress size={24} sx={{ display: 'block', mt: 2 }} />}
      {!!error && (
        <Alert severity="error">
          {translate(describeApiError(error).message, { _: describeApiError(error).message })}
        </Alert>
      )}
      {d && refOf && (
        <>
          <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
            {refOf.form} · {d.label} ({showDay(refOf.periodStart)} – {showDay(refOf.periodEnd)})
          </Typography>
          <Typography color="text.secondary" data-testid="details-total">
            {translate('exciseReturns.rows', { count: d.totalCount, total: qty(d.total), unit: d.unit })}
          </Typography>
          <Table size="small" sx={{ mt: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>{col('date')}</TableCell>
                <TableCell>{col('category')}</TableCell>
                <TableCell>{col('name')}</TableCell>
                <TableCell>{col('vessel')}</TableCell>
                <TableCell>{col('lot')}</TableCell>
                <TableCell>{col('description')}</TableCell>
                <TableCell align="right">{col('volume')}</TableCell>
                <TableCell align="right">{col('laa')}</TableCell>
                <TableCell align="right">{col('strength')}</TableCell>
                <TableCell align="right">{col('quantity')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.nodes.map((n) => (
                <TableRow key={n.id} data-row={n.id}>
                  <TableCell>{showDay(n.date)}</TableCell>
                  <TableCell>{n.category}</TableCell>
                  <TableCell>{n.name}</TableCell>
                  <TableCell>{n.vesselName}</TableCell>
                  <TableCell>{n.lot}</TableCell>
                  <TableCell>{n.description}</TableCell>
                  <TableCell align="right">{qty(n.volume)}</TableCell>
                  <TableCell align="right">{qty(n.laa)}</TableCell>
                  <TableCell align="right">{n.strength === null ? '' : `${n.strength.toFixed(2)} %`}</TableCell>
                  <TableCell align="right">{qty(n.quantity)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            {offset > 0 && (
              <Button onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                {translate('exciseReturns.previous')}
              </Button>
            )}
            {offset + PAGE < d.totalCount && (
              <Button onClick={() => setOffset(offset + PAGE)}>
                {translate('exciseReturns.more', { count: Math.min(PAGE, d.totalCount - offset - PAGE) })}
              </Button>
            )}
          </Stack>
        </>
      )}
    </Box>
  );
}
