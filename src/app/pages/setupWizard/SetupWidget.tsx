// The setup widget of the top bar (spec 2.5, 4): while the company's setup is not done, people
// who can finish it (config.write: only they can mark it done) see the round 'Finish setup'
// button. On first entry (the 'welcome' user setting not yet stored) the wizard opens by itself
// in welcome mode; the button opens it in resume mode. Closing it the first time stores the
// welcome setting and the local reminder flag, which shows the bubble 'To resume setup, click
// here' by the button until its OK.
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Fab, Paper, Popper, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { hasPermission } from '../../../shared/permissions';
import { useCurrentCompany } from '../../services';
import { lazyScreen } from '../../shell/chunks';
import { createStore } from '../../shell/store';
import { useUserSettings } from '../../shell/userSettings';
import { reminderFlag, setReminder } from './reminder';
import type { SetupMode } from './SetupDialog';

const SetupDialog = lazyScreen(() => import('./SetupDialog'), 'SetupDialog');

/** companies whose setup was marked done in this page (the loaded company list says not yet) */
const doneHere = createStore<readonly string[]>([]);
/** the company the wizard last opened by itself, so it opens once per page load */
let welcomedCompany: string | null = null;

export function SetupWidget() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const [settings, updateSettings] = useUserSettings();
  const done = useSyncExternalStore(doneHere.subscribe, doneHere.get);
  const reminder = useSyncExternalStore(reminderFlag.subscribe, reminderFlag.get);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<SetupMode | null>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const doneSetup = (company?.settings as { doneSetup?: boolean } | undefined)?.doneSetup;
  const active =
    !!company &&
    doneSetup === false &&
    !done.includes(company.id) &&
    hasPermission(company.permissions, 'config.write');
  const welcomePending = settings.welcome !== true;

  useEffect(() => {
    if (!active || !welcomePending || welcomedCompany === company.id) return;
    welcomedCompany = company.id;
    setMode('welcome');
  }, [active, welcomePending, company]);

  if (!active) return null;

  const close = () => {
    setMode(null);
    if (welcomePending) {
      // the first close: remember it for this person, and remind them where to resume
      setReminder(true);
      void updateSettings({ welcome: true }).catch(() => undefined);
    }
  };
  const finished = () => {
    setMode(null);
    setReminder(false);
    doneHere.set([...doneHere.get(), company.id]);
    if (welcomePending) void updateSettings({ welcome: true }).catch(() => undefined);
  };

  const label = translate('app.setup.finish_setup');
  return (
    <>
      <Tooltip title={label}>
        {narrow ? (
          <Fab size="small" color="secondary" aria-label={label} ref={setAnchor} onClick={() => setMode('resume')}>
            <ChecklistIcon />
          </Fab>
        ) : (
          <Fab
            size="small"
            variant="extended"
            color="secondary"
            ref={setAnchor}
            onClick={() => setMode('resume')}
            sx={{ mx: 1, flexShrink: 0, boxShadow: 'none' }}
          >
            <ChecklistIcon sx={{ mr: 0.5 }} />
            {label}
          </Fab>
        )}
      </Tooltip>
      <Popper open={reminder && !mode && !!anchor} anchorEl={anchor} placement="bottom-end" sx={{ zIndex: 1300 }}>
        <Paper elevation={6} role="status" sx={{ p: 1.5, mt: 1, maxWidth: 260 }}>
          <Typography variant="body2">{translate('app.setup.reminder')}</Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" variant="contained" onClick={() => setReminder(false)}>
              {translate('app.setup.ok')}
            </Button>
          </Box>
        </Paper>
      </Popper>
      {mode ? (
        <Suspense fallback={null}>
          <SetupDialog
            mode={mode}
            allowWine={company.allowWine === true}
            allowAccounting={company.allowAccounting === true}
            onClose={close}
            onDone={finished}
          />
        </Suspense>
      ) : null}
    </>
  );
}
