// The blends, still runs and mashes behind the bottles to make (cascadeMath.ts on the server):
// one table of blends by formula, one of spirits with what tanks hold and the process and runs
// making the rest, one of mashes by mash bill, and the products no formula was found for.
import { useLocaleState, useTranslate } from 'react-admin';
import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { groupDecimal } from '../../generic/numberDisplay';
import { trimDecimal } from './decimals';
import type { Forecast } from './api';

export function ForecastProduction({ forecast }: { forecast: Forecast }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const num = (v: string) => groupDecimal(trimDecimal(v), locale);
  const c = (key: string) => translate(`planning.forecast.columns.${key}`);
  const names = new Map(forecast.products.map((p) => [p.productId, p.name]));
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {translate('planning.forecast.behind')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="forecast-cascade">
        {translate('planning.forecast.cascade')}
      </Typography>
      {forecast.blends.length === 0 ? <Typography>{translate('planning.forecast.noBlends')}</Typography> : null}
      {forecast.blends.length ? (
        <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size', mb: 2 }}>
          <Table size="small" data-testid="forecast-blends">
            <TableHead>
              <TableRow>
                <TableCell>{c('formula')}</TableCell>
                <TableCell align="right">{c('products')}</TableCell>
                <TableCell align="right">{c('blendVolume')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {forecast.blends.map((b) => (
                <TableRow key={b.formulaId}>
                  <TableCell>{b.name}</TableCell>
                  <TableCell align="right">{b.products}</TableCell>
                  <TableCell align="right">{num(b.volume)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {forecast.spirits.length ? (
        <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size', mb: 2 }}>
          <Table size="small" data-testid="forecast-spirits">
            <TableHead>
              <TableRow>
                <TableCell>{c('spirit')}</TableCell>
                <TableCell align="right">{c('litres')}</TableCell>
                <TableCell align="right">{c('laa')}</TableCell>
                <TableCell align="right">{c('inTanks')}</TableCell>
                <TableCell align="right">{c('toDistil')}</TableCell>
                <TableCell>{c('process')}</TableCell>
                <TableCell align="right">{c('laaPerRun')}</TableCell>
                <TableCell align="right">{c('runs')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {forecast.spirits.map((s) => (
                <TableRow key={s.spiritId}>
                  <TableCell>{s.name}</TableCell>
                  <TableCell align="right">{num(s.litres)}</TableCell>
                  <TableCell align="right">{num(s.laa)}</TableCell>
                  <TableCell align="right">{num(s.inTanks)}</TableCell>
                  <TableCell align="right">{num(s.toDistil)}</TableCell>
                  <TableCell>{s.processName ?? translate('planning.forecast.noProcess')}</TableCell>
                  <TableCell align="right">{s.laaPerRun === null ? '' : num(s.laaPerRun)}</TableCell>
                  <TableCell align="right">{s.runs ?? translate('planning.forecast.noRuns')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {forecast.mashes.length ? (
        <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size', mb: 2 }}>
          <Table size="small" data-testid="forecast-mashes">
            <TableHead>
              <TableRow>
                <TableCell>{c('mashBill')}</TableCell>
                <TableCell align="right">{c('runs')}</TableCell>
                <TableCell align="right">{c('mashVolume')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {forecast.mashes.map((m) => (
                <TableRow key={m.mashBillId}>
                  <TableCell>{m.name}</TableCell>
                  <TableCell align="right">{m.runs}</TableCell>
                  <TableCell align="right">{num(m.volume)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {forecast.withoutFormula.length ? (
        <Typography variant="body2" data-testid="forecast-without-formula">
          {translate('planning.forecast.withoutFormula', {
            products: forecast.withoutFormula.map((id) => names.get(id) ?? id).join(', '),
          })}
        </Typography>
      ) : null}
    </>
  );
}
