// The forecast's chart: bottles by month, the 12 invoiced months then the forecast ones, one
// series per product. MUI X Charts in its own lazy chunk, as the report charts are.
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import { groupDecimal } from '../../generic/numberDisplay';
import { trimDecimal } from './decimals';
import type { Forecast } from './api';

export default function ForecastChart({ forecast }: { forecast: Forecast }) {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const months = [...forecast.historyMonths, ...forecast.comingMonths];
  const history = translate('planning.forecast.history');
  const coming = translate('planning.forecast.coming');
  const labels = months.map((m, i) => `${m} ${i < forecast.historyMonths.length ? history : coming}`);
  const series = forecast.products.map((p) => {
    const by = new Map([...p.history, ...p.coming].map((m) => [m.month, m.quantity]));
    const exact = months.map((m) => by.get(m) ?? '0');
    return {
      label: p.name,
      stack: 'demand',
      // the chart draws with numbers; its labels show the server's exact decimals
      data: exact.map(Number),
      valueFormatter: (v: number | null, context: { dataIndex: number }) =>
        v === null ? '' : groupDecimal(trimDecimal(exact[context.dataIndex] ?? String(v)), locale),
    };
  });
  return (
    <BarChart
      height={300}
      xAxis={[{ scaleType: 'band', data: labels, valueFormatter: (v: string) => v.slice(0, 7) }]}
      series={series}
      aria-label={translate('planning.forecast.chart')}
    />
  );
}
