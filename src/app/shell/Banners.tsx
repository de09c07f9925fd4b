// The shell's banners (spec 2.5, 8): 'Distillery is inactive' (persistent; Account settings
// link for config users), 'has been updated' (Refresh, View changes) and the error banner
// (10 s, Close, More info for item, product and vessel errors).
import { useState, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  AlertTitle,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useCompanyState } from '../services';
import { hasAny } from '../../shared/permissions';
import { errorBanner, type ErrorBannerEntry } from './errorBanner';
import { hasMoreInfo } from './errorCatalogue';
import { routePath } from './namedRoutes';
import { versionStore } from './version';

export const isInactive = (status: unknown): boolean => status === 'Inactive';

export function InactiveBanner() {
  const { current } = useCompanyState();
  const translate = useTranslate();
  if (!current || !isInactive(current.status)) return null;
  const settings = hasAny(current.permissions, ['config']) ? routePath('Settings', { initialTab: 0 }) : null;
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="inactive-banner"
      action={
        settings ? (
          <Button color="inherit" size="small" component={RouterLink} to={settings}>
            {translate('app.shell.account_settings')}
          </Button>
        ) : undefined
      }
    >
      {translate('app.company.inactive')}
    </Alert>
  );
}

export function VersionBanner() {
  const change = useSyncExternalStore(versionStore.subscribe, versionStore.get);
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!change) return null;
  return (
    <>
      <Alert
        severity="info"
        // news, not an error: a polite live region (errors and the inactive banner are assertive)
        role="status"
        data-testid="version-banner"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => setOpen(true)}>
              {translate('app.version.view_changes')}
            </Button>
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {translate('app.version.refresh')}
            </Button>
          </>
        }
      >
        {translate('app.version.updated', { name: translate('app.name') })}
      </Alert>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="version-changes-title">
        <DialogTitle id="version-changes-title">{translate('app.version.changes_title')}</DialogTitle>
        <DialogContent>
          {translate('app.version.changes', { previous: change.previous, current: change.current })}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {translate('app.version.refresh')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const infoRows = (info: unknown): [string, string][] =>
  info && typeof info === 'object'
    ? Object.entries(info as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ])
    : [];

function ErrorDetails({ entry, onClose }: { entry: ErrorBannerEntry; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} aria-labelledby="error-details-title">
      <DialogTitle id="error-details-title">{translate('app.error.details')}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {entry.code ? (
              <TableRow>
                <TableCell component="th">{translate('app.error.code')}</TableCell>
                <TableCell>{entry.code}</TableCell>
              </TableRow>
            ) : null}
            {infoRows(entry.info).map(([k, v]) => (
              <TableRow key={k}>
                <TableCell component="th">{k}</TableCell>
                <TableCell>{v}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function ErrorBannerView() {
  const entry = useSyncExternalStore(errorBanner.subscribe, errorBanner.get);
  const translate = useTranslate();
  const [details, setDetails] = useState<ErrorBannerEntry | null>(null);
  return (
    <>
      {entry ? (
        <Alert
          severity="error"
          role="alert"
          data-testid="error-banner"
          sx={{ position: 'sticky', top: 0, zIndex: (t) => t.zIndex.appBar - 1 }}
          action={
            <>
              {hasMoreInfo(entry.info) ? (
                <Button color="inherit" size="small" onClick={() => setDetails(entry)}>
                  {translate('app.error.more_info')}
                </Button>
              ) : null}
              <Button color="inherit" size="small" onClick={errorBanner.close}>
                {translate('ra.action.close')}
              </Button>
            </>
          }
        >
          {entry.code ? <AlertTitle>{entry.code}</AlertTitle> : null}
          {translate(entry.message, { _: entry.message, ...entry.messageArgs })}
        </Alert>
      ) : null}
      {details ? <ErrorDetails entry={details} onClose={() => setDetails(null)} /> : null}
    </>
  );
}
