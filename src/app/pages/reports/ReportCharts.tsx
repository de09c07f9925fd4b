// The run's charts (issue 15: production by month, angels' share by cask age, sales by month and
// by customer, bottling losses), drawn with MUI X Charts in their own lazy chunk so the first page
// load stays small. Series are labelled with their columns; the default palette is MUI's
// colour-blind-safe one and follows the theme, so dark mode works.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { Box, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import type { ReportAnswer, ReportMeta } from '../../../shared/reports/types';
import { numberLocale } from '../../generic/numberDisplay';
import { useText } from './i18n';

export default function ReportCharts({ meta, run }: { meta: ReportMeta; run: ReportAnswer }) {
  const [locale] = useLocaleState();
  const text = useText();
  const format = new Intl.NumberFormat(numberLocale(locale), { maximumFractionDigits: 3 });
  // axis ticks short enough to fit their margin: 15 k, 1.2 M
  const compact = new Intl.NumberFormat(numberLocale(locale), { notation: 'compact', maximumFractionDigits: 1 });
  const yAxis = [{ width: 56, valueFormatter: (v: number | null) => (v === null ? '' : compact.format(v)) }];
  const charts = (meta.charts ?? []).flatMap((c) => {
    const data = run.charts.find((d) => d.key === c.key);
    return data && data.labels.length && data.series.length ? [{ meta: c, data }] : [];
  });
  if (!charts.length) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(360px, 100%), 1fr))',
        mb: 2,
        contain: 'inline-size',
      }}
      data-testid="report-charts"
    >
      {charts.map(({ meta: c, data }) => {
        const title = text(c.title);
        const series = c.series.flatMap((key) => {
          const s = data.series.find((x) => x.key === key);
          const column = meta.columns.find((col) => col.key === key);
          if (!s) return [];
          const label = column ? text(column.label) + (column.unit ? ` (${column.unit})` : '') : key;
          return [{ data: s.data, label, valueFormatter: (v: number | null) => (v === null ? '' : format.format(v)) }];
        });
        const xAxis = [{ scaleType: 'band' as const, data: data.labels }];
        const common = { series, yAxis, height: 280, 'aria-label': title };
        return (
          <Box key={c.key} component="figure" sx={{ m: 0, breakInside: 'avoid' }} data-chart={c.key}>
            <Typography component="figcaption" variant="subtitle2">
              {title}
            </Typography>
            {c.kind === 'line' ? (
              <LineChart {...common} xAxis={[{ scaleType: 'point' as const, data: data.labels }]} />
            ) : (
              <BarChart {...common} xAxis={xAxis} />
            )}
          </Box>
        );
      })}
    </Box>
  );
}
