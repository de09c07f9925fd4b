// The user menu's dialogs (change password, version summary, about) and Manage bookmarks.
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useServices } from '../services';
import { closeDialog, useOpenDialog } from '../shell/dialogs';
import { useUserSettings } from '../shell/userSettings';
import { areaKey } from '../generic/labels';
import { humanize } from '../../shared/names';
import { readStored, STORAGE_KEYS } from '../storage';
import { BOOKMARKS_KEY, EntryLabel, useBookmarks, useShellMenu } from './AppMenu';

/** POST {issuer}/users/{sub}/password (spec 7) with the bearer token. */
export function passwordUrl(issuer: string, sub: string): string {
  return `${issuer.replace(/\/$/, '')}/users/${encodeURIComponent(sub)}/password`;
}

function ChangePasswordDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const { config, session, authFetch } = useServices();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!current) local.currentPassword = translate('app.validation.required');
    if (!next) local.newPassword = translate('app.validation.required');
    if (next && confirm !== next) local.confirm = translate('app.password.mismatch');
    setErrors(local);
    if (Object.keys(local).length) return;
    const user = await session.getUser();
    if (!user) return;
    setBusy(true);
    try {
      const response = await authFetch(passwordUrl(config.issuer, user.profile.sub), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentPassword: current, newPassword: next }),
      });
      if (response.ok) {
        notify('app.password.changed', { type: 'success' });
        closeDialog();
        return;
      }
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        info?: { fields?: Record<string, string> };
      } | null;
      const fields = body?.info?.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translate(v, { _: v })])));
      if (!Object.keys(fields).length) notify(body?.message ?? 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={closeDialog} aria-labelledby="password-title" maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="password-title">{translate('app.user.change_password')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            type="password"
            label={translate('app.password.current')}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={!!errors.currentPassword}
            helperText={errors.currentPassword}
          />
          <TextField
            type="password"
            label={translate('app.password.new')}
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={!!errors.newPassword}
            helperText={errors.newPassword}
          />
          <TextField
            type="password"
            label={translate('app.password.confirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={!!errors.confirm}
            helperText={errors.confirm}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={closeDialog}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('app.user.change_password')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function VersionDialog() {
  const translate = useTranslate();
  const { config } = useServices();
  return (
    <Dialog open onClose={closeDialog} aria-labelledby="version-title">
      <DialogTitle id="version-title">{translate('app.user.version_summary')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.version.loaded', { version: config.version || '—' })}</DialogContentText>
        <DialogContentText>
          {translate('app.version.server', { version: readStored(STORAGE_KEYS.version) || '—' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeDialog}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function AboutDialog() {
  const translate = useTranslate();
  const { config } = useServices();
  return (
    <Dialog open onClose={closeDialog} aria-labelledby="about-title">
      <DialogTitle id="about-title">{translate('app.user.about')}</DialogTitle>
      <DialogContent>
        <Typography variant="h6">{translate('app.name')}</Typography>
        <DialogContentText>{translate('app.about.text')}</DialogContentText>
        <DialogContentText>{translate('app.version.loaded', { version: config.version || '—' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeDialog}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function BookmarksDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const groups = useShellMenu();
  const stored = useBookmarks();
  const [, update] = useUserSettings();
  // the dialog mounts when opened: start from the stored bookmarks
  const [chosen, setChosen] = useState<string[]>(stored);
  const toggle = (key: string) => setChosen((c) => (c.includes(key) ? c.filter((k) => k !== key) : [...c, key]));
  const save = () => {
    update({ [BOOKMARKS_KEY]: chosen }).then(closeDialog, () =>
      notify('ra.notification.http_error', { type: 'error' }),
    );
  };
  return (
    <Dialog open onClose={closeDialog} aria-labelledby="bookmarks-title" maxWidth="md" fullWidth>
      <DialogTitle id="bookmarks-title">{translate('app.menu.manage_bookmarks')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {groups.map((g) => (
          <FormGroup key={g.group}>
            <Typography variant="subtitle2">{translate(areaKey(g.group), { _: humanize(g.group) })}</Typography>
            {g.entries.map((entry) => (
              <FormControlLabel
                key={entry.key}
                control={
                  <Checkbox size="small" checked={chosen.includes(entry.key)} onChange={() => toggle(entry.key)} />
                }
                label={<EntryLabel entry={entry} />}
              />
            ))}
          </FormGroup>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeDialog}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ShellDialogs() {
  const open = useOpenDialog();
  switch (open) {
    case 'password':
      return <ChangePasswordDialog />;
    case 'version':
      return <VersionDialog />;
    case 'about':
      return <AboutDialog />;
    case 'bookmarks':
      return <BookmarksDialog />;
    default:
      return null;
  }
}
