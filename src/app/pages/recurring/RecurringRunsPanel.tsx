// Above a recurring transaction's edit form: its run history (newest first), each created
// document linked to its screen, a failed run with its reason; and Run now, which creates the
// documents due up to today at once instead of at the next 15-minute check. Run now shows only
// to those who may write the schedule's kind of document (buying for purchase orders, selling
// otherwise); the server checks the same.
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { editPathFor } from '../../routing/paths';
import { hasPermission } from '../../../shared/permissions';
import type { ExtensionProps } from '../extensions';
import { RECURRING_RUN_NOW, RECURRING_RUNS, type RecurringRun } from './api';
import './register';

export function RecurringRunsPanel({ record }: ExtensionProps) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`recurringRuns.${key}`, options);
  const notify = useNotify();
  const refresh = useRefresh();
  const company = useCurrentCompany();
  const { authFetch, entityByName } = useServices();
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  const [state, setState] = useState<{ id: string; runs: RecurringRun[] | null; failed: boolean } | null>(null);
  const [running, setRunning] = useState(false);

  const load = useCallback(
    (scheduleId: string, isLive: () => boolean = () => true) =>
      gqlCall<{ recurringTransactionRuns: RecurringRun[] }>(
        authFetch,
        RECURRING_RUNS,
        { id: scheduleId },
        { silent: true },
      ).then(
        (r) => isLive() && setState({ id: scheduleId, runs: r.recurringTransactionRuns, failed: false }),
        () => isLive() && setState({ id: scheduleId, runs: null, failed: true }),
      ),
    [authFetch],
  );
  useEffect(() => {
    if (!id) return;
    let live = true;
    void load(id, () => live);
    return () => {
      live = false;
    };
  }, [id, load]);
  if (!id) return null;

  const permission = record.type === 'PurchaseOrder' ? 'buying.write' : 'selling.write';
  const mayRun = hasPermission(company?.permissions ?? [], permission);
  const runNow = async () => {
    setRunning(true);
    try {
      const r = await gqlCall<{ recurringTransactionRunNow: RecurringRun[] }>(
        authFetch,
        RECURRING_RUN_NOW,
        { id },
        { silent: true },
      );
      const numbers = r.recurringTransactionRunNow.map((run) => run.documentNumber).filter(Boolean);
      notify(numbers.length ? t('ran', { numbers: numbers.join(', ') }) : t('nothing'), {
        type: numbers.length ? 'success' : 'info',
      });
      await load(id);
      // the form shows the schedule's new last and next run
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    } finally {
      setRunning(false);
    }
  };
  const linkTo = (run: RecurringRun) => {
    const meta = run.documentEntity ? entityByName[run.documentEntity] : undefined;
    return meta && run.documentId ? editPathFor(meta, { id: run.documentId }) : null;
  };
  const current = state?.id === id ? state : null;

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="recurring-runs-title">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Typography id="recurring-runs-title" variant="h6" component="h2">
          {t('title')}
        </Typography>
        {mayRun && (
          <Button variant="outlined" onClick={runNow} disabled={running}>
            {running ? t('running') : t('run_now')}
          </Button>
        )}
      </Box>
      {!current && (
        <Typography variant="body2" role="status">
          {t('loading')}
        </Typography>
      )}
      {current?.failed && <Alert severity="warning">{t('unavailable')}</Alert>}
      {current?.runs && current.runs.length === 0 && <Typography variant="body2">{t('none')}</Typography>}
      {current?.runs && current.runs.length > 0 && (
        <Table size="small" aria-labelledby="recurring-runs-title">
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('run_date')}</TableCell>
              <TableCell scope="col">{t('status')}</TableCell>
              <TableCell scope="col">{t('document')}</TableCell>
              <TableCell scope="col">{t('error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {current.runs.map((run) => {
              const to = linkTo(run);
              return (
                <TableRow key={run.id}>
                  <TableCell component="th" scope="row">
                    {run.runDate}
                  </TableCell>
                  <TableCell>
                    {run.status === 'Created' ? t('created') : t('failed', { smart_count: run.attempts })}
                  </TableCell>
                  <TableCell>
                    {to ? (
                      <Link component={RouterLink} to={to}>
                        {run.documentNumber}
                      </Link>
                    ) : (
                      (run.documentNumber ?? '')
                    )}
                  </TableCell>
                  <TableCell>{run.error ?? ''}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
