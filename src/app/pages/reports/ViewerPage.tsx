// /reportsview?to=<Name> (spec 2.4, issue 15): one report of the catalogue with its parameters
// in the query string, its charts above the table, a totals row, Print (landscape when the entry
// says so) and Export CSV (allowCSVExport, spec 6), and its favourite star. The lot trace has its
// own screen (./lot/LotTraceView), loaded lazily. API errors also reach the app's error banner
// through the fetch observer; the page shows what failed in the spec's words.
import { lazy, Suspense } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { reportMeta } from '../../../shared/reports/catalogue';
import { REPORT_MAX_ROWS, type ReportAnswer, type ReportMeta } from '../../../shared/reports/types';
import { describeApiError } from '../../data/errors';
import { downloadFile } from '../../data/download';
import { PrintStyles } from '../../generic/ListFeatures';
import { PermissionDenied } from '../../generic/PermissionDenied';
import { useCurrentCompany, useServices } from '../../services';
import { showDay } from '../../widgets/dateDisplay';
import { useQuery } from '../exciseReturns/api';
import { useGraphQL } from '../settings/api';
import { EXPORT_DOCUMENT, REPORT_DOCUMENT } from './api';
import { useText } from './i18n';
import './register';
import { REPORTS_PATH, parametersOf, reportAllowed } from './model';
import { ParamBar } from './ParamBar';
import { ReportTable } from './ReportTable';
import { StarButton } from './StarButton';

const ReportCharts = lazy(() => import('./ReportCharts'));

// the lot trace's own screen (./lot), which reads lot, id, forward and back itself
const LotTraceView = lazy(() => import('./lot/LotTraceView'));

function ErrorText({ error }: { error: unknown }) {
  const translate = useTranslate();
  const d = describeApiError(error);
  const fields = (d.body as { errors?: Record<string, string> } | undefined)?.errors;
  return (
    <Alert severity="error" sx={{ my: 1 }} data-testid="report-error">
      {translate(d.message, { _: d.message })}
      {fields
        ? Object.entries(fields).map(([k, m]) => (
            <Box key={k} component="span" sx={{ display: 'block' }}>
              {translate(`reports.params.${k === 'from' || k === 'to' ? 'range' : k}`)}: {m}
            </Box>
          ))
        : null}
    </Alert>
  );
}

function Report({ meta }: { meta: ReportMeta }) {
  const translate = useTranslate();
  const text = useText();
  const notify = useNotify();
  const location = useLocation();
  const company = useCurrentCompany();
  const call = useGraphQL();
  const { authFetch } = useServices();
  const parameters = parametersOf(meta, location.search);
  const { data, error, loading } = useQuery<{ report: ReportAnswer }>(REPORT_DOCUMENT, {
    name: meta.name,
    parameters,
  });
  const run = data?.report;
  const title = text(meta.title);
  const exportCsv = async () => {
    try {
      const answer = await call<{ reportExportCSV: string }>(EXPORT_DOCUMENT, { name: meta.name, parameters });
      await downloadFile(answer.reportExportCSV, authFetch, `${meta.name}.csv`);
    } catch (e) {
      const { message } = describeApiError(e);
      notify(translate(message, { _: message }), { type: 'error' });
    }
  };
  return (
    <Box
      sx={{ p: 2, minWidth: 0, maxWidth: '100%' }}
      data-testid="report-view"
      data-report={meta.name}
      aria-busy={loading}
    >
      <PrintStyles orientation={meta.landscape ? 'landscape' : 'portrait'} />
      <Link component={RouterLink} to={REPORTS_PATH} data-no-print>
        {translate('reports.back')}
      </Link>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <StarButton name={meta.name} title={title} />
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={1} data-no-print>
          <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!run}>
            {translate('reports.print')}
          </Button>
          {company?.allowCSVExport === true ? (
            <Button startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={!run}>
              {translate('reports.csv')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" data-testid="report-period">
        {run?.from && run.to ? translate('reports.period', { from: showDay(run.from), to: showDay(run.to) }) : null}
        {run?.asOf ? translate('reports.as_of', { date: showDay(run.asOf) }) : null}
      </Typography>
      <ParamBar meta={meta} />
      {error ? <ErrorText error={error} /> : null}
      {loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{translate('reports.loading')}</Typography>
        </Stack>
      ) : null}
      {run && !error ? (
        <Box sx={{ opacity: loading ? 0.5 : 1 }}>
          {run.truncated ? (
            <Alert severity="warning" sx={{ my: 1 }} data-testid="report-truncated">
              {translate('reports.truncated', { count: REPORT_MAX_ROWS })}
            </Alert>
          ) : null}
          {meta.charts?.length && run.charts.length && run.rows.length ? (
            <Suspense fallback={<CircularProgress size={20} />}>
              <ReportCharts meta={meta} run={run} />
            </Suspense>
          ) : null}
          <ReportTable meta={meta} run={run} />
        </Box>
      ) : null}
    </Box>
  );
}

export function ViewerPage() {
  const translate = useTranslate();
  const text = useText();
  const location = useLocation();
  const company = useCurrentCompany();
  const name = new URLSearchParams(location.search).get('to') ?? '';
  const meta = reportMeta(name);
  if (!meta)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">{translate('reports.unknown', { name: name.slice(0, 60) })}</Alert>
        <Link component={RouterLink} to={REPORTS_PATH}>
          {translate('reports.back')}
        </Link>
      </Box>
    );
  if (!reportAllowed(meta, company)) return <PermissionDenied action="app.permission.view" name={text(meta.title)} />;
  if (meta.view === 'lotTrace')
    return (
      <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
        <LotTraceView />
      </Suspense>
    );
  // a new report starts from its own state (the table, the pickers)
  return <Report key={meta.name} meta={meta} />;
}
