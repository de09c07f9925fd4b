// Forecasting (spec 2.3 /planning, forecasting.write): demand per product by month from the
// last 12 months of invoices and the open sales orders, the bottling it needs (bottles, cases,
// volume and LAA) and the items to buy, with a chart. The server does the arithmetic
// (domain/planning/forecastMath.ts); the rule is stated on screen.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { groupDecimal } from '../../generic/numberDisplay';
import { trimDecimal } from './decimals';
import { FORECAST, type Forecast } from './api';
import { ForecastProduction } from './ForecastProduction';
import './register';

const ForecastChart = lazy(() => import('./ForecastChart'));
const HORIZONS = [1, 2, 3, 6, 12];

export function ForecastPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { authFetch } = useServices();
  const [months, setMonths] = useState(3);
  const [forecast, setForecast] = useState<Forecast | null>(null);
  useEffect(() => {
    let live = true;
    gqlCall<{ planningForecast: Forecast }>(authFetch, FORECAST, { months }).then(
      (d) => live && setForecast(d.planningForecast),
      () => live && setForecast(null),
    );
    return () => {
      live = false;
    };
  }, [authFetch, months]);
  // the server's exact decimals, grouped for reading without a float (trailing zeros dropped)
  const num = (v: string | number) => groupDecimal(trimDecimal(String(v)), locale);
  const c = (key: string) => translate(`planning.forecast.columns.${key}`);
  return (
    <Box sx={{ p: 2, minWidth: 0, maxWidth: '100%' }} data-testid="planning-forecast">
      <Title title={translate('planning.forecast.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label={translate('planning.forecast.months')}
          value={months}
          onChange={(e) => setMonths(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 160 }}
        >
          {HORIZONS.map((h) => (
            <MenuItem key={h} value={h}>
              {h}
            </MenuItem>
          ))}
        </TextField>
        <Alert severity="info" sx={{ flex: 1, minWidth: 280 }} data-testid="forecast-method">
          {translate('planning.forecast.method')}
        </Alert>
      </Box>
      {forecast === null ? <Typography>{translate('ra.page.loading')}</Typography> : null}
      {forecast && forecast.products.length === 0 ? (
        <Typography>{translate('planning.forecast.empty')}</Typography>
      ) : null}
      {forecast && forecast.products.length ? (
        <>
          <Typography variant="subtitle1" component="h2">
            {translate('planning.forecast.chart')}
          </Typography>
          <Suspense fallback={<Box sx={{ height: 300 }} />}>
            <ForecastChart forecast={forecast} />
          </Suspense>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {translate('planning.forecast.products')}
          </Typography>
          <Typography sx={{ mb: 1 }} data-testid="forecast-totals">
            {translate('planning.forecast.totals', { volume: num(forecast.totalVolume), laa: num(forecast.totalLaa) })}
          </Typography>
          <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            <Table size="small" data-testid="forecast-products">
              <TableHead>
                <TableRow>
                  <TableCell>{c('product')}</TableCell>
                  {forecast.comingMonths.map((m) => (
                    <TableCell key={m} align="right">
                      {m}
                    </TableCell>
                  ))}
                  {['average', 'openOrders', 'demand', 'onHand', 'toBottle', 'cases', 'volume', 'laa'].map((k) => (
                    <TableCell key={k} align="right">
                      {c(k)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {forecast.products.map((p) => (
                  <TableRow key={p.productId}>
                    <TableCell>{p.name}</TableCell>
                    {p.coming.map((m) => (
                      <TableCell key={m.month} align="right">
                        {num(m.quantity)}
                      </TableCell>
                    ))}
                    {[p.monthlyAverage, p.openOrders, p.demand, p.onHand, p.toBottle, p.cases, p.volume, p.laa].map(
                      (v, i) => (
                        <TableCell key={i} align="right">
                          {num(v)}
                        </TableCell>
                      ),
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ForecastProduction forecast={forecast} />
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {translate('planning.forecast.items')}
          </Typography>
          {forecast.items.length === 0 ? <Typography>{translate('planning.forecast.noItems')}</Typography> : null}
          {forecast.items.length ? (
            <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
              <Table size="small" data-testid="forecast-items">
                <TableHead>
                  <TableRow>
                    <TableCell>{c('item')}</TableCell>
                    <TableCell align="right">{c('needed')}</TableCell>
                    <TableCell align="right">{c('onHand')}</TableCell>
                    <TableCell align="right">{c('toBuy')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {forecast.items.map((i) => (
                    <TableRow key={i.name}>
                      <TableCell>
                        {i.name}
                        {i.units ? ` (${i.units})` : ''}
                      </TableCell>
                      <TableCell align="right">{num(i.needed)}</TableCell>
                      <TableCell align="right">{num(i.onHand)}</TableCell>
                      <TableCell align="right">{num(i.toBuy)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
