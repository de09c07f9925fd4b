// A return laid out as the CRA webform (B-RD-<form>-INP / DUT / RFD): the inventory account
// line by line (opening, additions, reductions, adjustments, closing), then the duty lines with
// their rates, the B256 refund offset and the total payable, so each figure can be typed across.
// Every line opens its Details; Print and CSV; File (with a confirmation) locks the period, and
// the latest filed period can be reopened for an amended return (config.write).
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useLocaleState, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import { useT } from './i18n';
import { describeApiError } from '../../data/errors';
import { downloadFile } from '../../data/download';
import { useCurrentCompany, useServices } from '../../services';
import { useGraphQL } from '../settings/api';
import {
  EXPORT_DOCUMENT,
  FILE_DOCUMENT,
  REFUND_DOCUMENT,
  REOPEN_DOCUMENT,
  RETURN_DOCUMENT,
  useQuery,
  type ExciseReturn,
  type ReturnLine,
} from './api';
import { labelOf, money, qty, rate, screen } from './format';
import { RETURNS_PATH, detailsPath, returnRefOf, type ReturnRef } from './paths';
import { showDay, todayInCompany } from '../../widgets/dateDisplay';

const today = todayInCompany;

function useErrorText() {
  const translate = useT();
  return (error: unknown) => {
    const m = describeApiError(error).message;
    return translate(m, { _: m });
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3, breakInside: 'avoid' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function InventoryTable({ r, refOf }: { r: ExciseReturn; refOf: ReturnRef }) {
  const translate = useT();
  const [locale] = useLocaleState();
  const bands = r.lines[0]?.bands?.map((b) => b.band) ?? [];
  const row = (l: ReturnLine) => (
    <TableRow key={l.key} data-line={l.key} sx={l.section === 'closing' ? { '& td': { fontWeight: 600 } } : undefined}>
      <TableCell>{labelOf(l, locale)}</TableCell>
      <TableCell sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>{l.key}</TableCell>
      <TableCell align="right" data-testid={`qty-${l.key}`}>
        {qty(l.quantity)}
      </TableCell>
      {bands.map((b) => (
        <TableCell key={b} align="right">
          {qty(l.bands?.find((x) => x.band === b)?.quantity ?? 0)}
        </TableCell>
      ))}
      <TableCell>{l.unit}</TableCell>
      <TableCell className="no-print">
        <Link component={RouterLink} to={detailsPath(refOf, l.key)} data-testid={`details-${l.key}`}>
          {translate('exciseReturns.details')}
        </Link>
      </TableCell>
    </TableRow>
  );
  const heading = (section: 'addition' | 'reduction') => (
    <TableRow key={`h-${section}`}>
      <TableCell colSpan={5 + bands.length} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
        {translate(`exciseReturns.sections.${section}`)}
      </TableCell>
    </TableRow>
  );
  const of = (s: ReturnLine['section']) => r.lines.filter((l) => l.section === s);
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('exciseReturns.line')}</TableCell>
          <TableCell>{translate('exciseReturns.key')}</TableCell>
          <TableCell align="right">{translate('exciseReturns.quantity')}</TableCell>
          {bands.map((b) => (
            <TableCell key={b} align="right">
              {translate(`exciseReturns.bands.${b}`)}
            </TableCell>
          ))}
          <TableCell>{translate('exciseReturns.unit')}</TableCell>
          <TableCell className="no-print" />
        </TableRow>
      </TableHead>
      <TableBody>
        {of('opening').map(row)}
        {heading('addition')}
        {of('addition').map(row)}
        {heading('reduction')}
        {of('reduction').map(row)}
        {of('adjustment').map(row)}
        {of('closing').map(row)}
      </TableBody>
    </Table>
  );
}

function DutyTable({ r, refOf }: { r: ExciseReturn; refOf: ReturnRef }) {
  const translate = useT();
  const [locale] = useLocaleState();
  const duty = r.duty.filter((d) => d.key !== 'refund.b256');
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('exciseReturns.line')}</TableCell>
          <TableCell>{translate('exciseReturns.key')}</TableCell>
          <TableCell align="right">{translate('exciseReturns.quantity')}</TableCell>
          <TableCell>{translate('exciseReturns.unit')}</TableCell>
          <TableCell align="right">{translate('exciseReturns.rate')}</TableCell>
          <TableCell>{translate('exciseReturns.rate_from')}</TableCell>
          <TableCell align="right">{translate('exciseReturns.amount')}</TableCell>
          <TableCell className="no-print" />
        </TableRow>
      </TableHead>
      <TableBody>
        {duty.map((d, i) => (
          <TableRow key={`${d.key}-${i}`} data-duty={d.key}>
            <TableCell>{labelOf(d, locale)}</TableCell>
            <TableCell sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>{d.key}</TableCell>
            <TableCell align="right">{qty(d.quantity)}</TableCell>
            <TableCell>{d.unit}</TableCell>
            <TableCell align="right">{rate(d.rate)}</TableCell>
            <TableCell>{d.rateFrom}</TableCell>
            <TableCell align="right">{money(d.amount)}</TableCell>
            <TableCell className="no-print">
              <Link component={RouterLink} to={detailsPath(refOf, d.key)}>
                {translate('exciseReturns.details')}
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RefundSection({
  r,
  refOf,
  editable,
  onSaved,
}: {
  r: ExciseReturn;
  refOf: ReturnRef;
  editable: boolean;
  onSaved: () => void;
}) {
  const translate = useT();
  const notify = useNotify();
  const call = useGraphQL();
  const errorText = useErrorText();
  const [amount, setAmount] = useState(String(r.refund));
  const save = async () => {
    try {
      await call(REFUND_DOCUMENT, { ...refOf, amount: Number(amount) });
      notify(translate('exciseReturns.refund_saved'), { type: 'info' });
      onSaved();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        type="number"
        label={translate('exciseReturns.b256')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 0.01, 'data-testid': 'refund' } }}
        disabled={!editable}
        sx={{ width: 320 }}
      />
      {editable && (
        <Button className="no-print" onClick={save}>
          {translate('exciseReturns.save_refund')}
        </Button>
      )}
      <Typography sx={{ ml: 'auto', fontWeight: 600 }} data-testid="total-duty">
        {translate('exciseReturns.total')}: {money(r.totalDuty)} $
      </Typography>
    </Stack>
  );
}

function FileDialog({
  r,
  open,
  onClose,
  onDone,
}: {
  r: ExciseReturn;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useT();
  const notify = useNotify();
  const call = useGraphQL();
  const errorText = useErrorText();
  const [filedOn, setFiledOn] = useState(today());
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const file = async () => {
    try {
      await call(FILE_DOCUMENT, {
        periodStart: r.filingPeriodStart,
        periodEnd: r.filingPeriodEnd,
        filedOn,
        confirmations: confirmation ? [{ form: r.form, siteId: r.siteId, confirmation }] : [],
      });
      notify(translate('exciseReturns.filed_ok'), { type: 'info' });
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>
        {translate('exciseReturns.file_title', { start: r.filingPeriodStart, end: r.filingPeriodEnd })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('exciseReturns.file_text', { end: r.periodEnd })}</DialogContentText>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <TextField
            type="date"
            size="small"
            label={translate('exciseReturns.filed_on')}
            value={filedOn}
            onChange={(e) => setFiledOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filed-on' } }}
          />
          <TextField
            size="small"
            label={translate('exciseReturns.confirmation')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'confirmation' } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={file} data-testid="confirm-file">
          {translate('exciseReturns.file')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReopenDialog({
  r,
  open,
  onClose,
  onDone,
}: {
  r: ExciseReturn;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useT();
  const notify = useNotify();
  const call = useGraphQL();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const reopen = async () => {
    try {
      await call(REOPEN_DOCUMENT, { periodStart: r.filingPeriodStart, periodEnd: r.filingPeriodEnd });
      notify(translate('exciseReturns.reopened_ok'), { type: 'info' });
      onDone();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>
        {translate('exciseReturns.reopen_title', { start: r.filingPeriodStart, end: r.filingPeriodEnd })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('exciseReturns.reopen_text')}</DialogContentText>
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="warning" onClick={reopen}>
          {translate('exciseReturns.reopen')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ReturnPage() {
  const translate = useT();
  const location = useLocation();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const call = useGraphQL();
  const notify = useNotify();
  const errorText = useErrorText();
  const refOf = returnRefOf(location.pathname, location.search);
  const { data, error, loading, reload } = useQuery<{ exciseReturn: ExciseReturn }>(
    RETURN_DOCUMENT,
    refOf ? { ...refOf } : null,
  );
  const [dialog, setDialog] = useState<'file' | 'reopen' | null>(null);
  const canFile = !!company && hasPermission(company.permissions, 'config.write');
  if (!refOf)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="info">{translate('exciseReturns.missing')}</Alert>
        <Link component={RouterLink} to={RETURNS_PATH}>
          {translate('exciseReturns.back')}
        </Link>
      </Box>
    );
  const r = data?.exciseReturn;
  const csv = async () => {
    try {
      const answer = await call<{ exciseReturnExportCSV: string }>(EXPORT_DOCUMENT, { ...refOf });
      await downloadFile(answer.exciseReturnExportCSV, authFetch, `${refOf.form}-${refOf.periodStart}.csv`);
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  const done = () => {
    setDialog(null);
    reload();
  };
  return (
    <Box sx={{ p: 2, '@media print': { '& .no-print': { display: 'none' } } }} data-testid="excise-return">
      <Link component={RouterLink} to={RETURNS_PATH} className="no-print">
        {translate('exciseReturns.back')}
      </Link>
      {loading && !r && <CircularProgress size={24} sx={{ display: 'block', mt: 2 }} />}
      {!!error && <Alert severity="error">{errorText(error)}</Alert>}
      {r && (
        <>
          <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
            {translate(`exciseReturns.forms.${r.form}`)}
          </Typography>
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Typography>
              {translate('exciseReturns.licence')}: <b>{r.licence ?? '—'}</b>
            </Typography>
            <Typography>
              {translate('exciseReturns.site')}: <b>{r.siteName}</b>
            </Typography>
            <Typography>
              {translate('exciseReturns.period')}:{' '}
              <b>
                {showDay(r.periodStart)} – {showDay(r.periodEnd)}
              </b>
            </Typography>
            <Typography>
              {translate('exciseReturns.due_date')}: <b>{showDay(r.dueDate)}</b>
            </Typography>
            <Typography data-testid="status">
              <b>{translate(`exciseReturns.status.${r.status}`)}</b>
            </Typography>
          </Stack>
          {r.filing && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {translate('exciseReturns.filed_by', {
                date: r.filing.filedOn,
                user: r.filing.filedBy ?? '—',
                confirmation: r.filing.confirmation ?? '—',
                version: r.filing.version,
              })}
            </Typography>
          )}
          {r.nil && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('exciseReturns.nil_return')}
            </Alert>
          )}
          {!r.reconciled && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {translate('exciseReturns.not_reconciled', { unmatched: `${qty(r.unmatched)} ${r.unit}` })}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }} className="no-print">
            <Button variant="outlined" onClick={() => window.print()}>
              {translate('exciseReturns.print')}
            </Button>
            <Button variant="outlined" onClick={csv}>
              {translate('exciseReturns.csv')}
            </Button>
            {canFile && r.status !== 'Filed' && (
              <Button variant="contained" onClick={() => setDialog('file')} data-testid="file">
                {translate('exciseReturns.file')}
              </Button>
            )}
            {canFile && r.status === 'Filed' && (
              <Button variant="outlined" color="warning" onClick={() => setDialog('reopen')}>
                {translate('exciseReturns.reopen')}
              </Button>
            )}
          </Stack>
          <Section
            title={translate('exciseReturns.inventory', { screen: screen(r.form, r.form === 'B266' ? 'INP' : 'INV') })}
          >
            <InventoryTable r={r} refOf={refOf} />
          </Section>
          {r.duty.length > 0 && (
            <>
              <Section title={translate('exciseReturns.duty', { screen: screen(r.form, 'DUT') })}>
                <DutyTable r={r} refOf={refOf} />
              </Section>
              <Section title={translate('exciseReturns.refund', { screen: screen(r.form, 'RFD') })}>
                <RefundSection
                  key={r.refund}
                  r={r}
                  refOf={refOf}
                  editable={canFile && r.status !== 'Filed'}
                  onSaved={reload}
                />
              </Section>
            </>
          )}
          {r.amendment && (
            <Section title={translate('exciseReturns.amendment')}>
              <Box component="pre" sx={{ fontSize: 12 }}>
                {JSON.stringify(JSON.parse(r.amendment), null, 2)}
              </Box>
            </Section>
          )}
          <FileDialog r={r} open={dialog === 'file'} onClose={() => setDialog(null)} onDone={done} />
          <ReopenDialog r={r} open={dialog === 'reopen'} onClose={() => setDialog(null)} onDone={done} />
        </>
      )}
    </Box>
  );
}
