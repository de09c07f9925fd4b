// Guided hints (spec 2.5, 4): a small bubble next to the hint's anchor (an element marked
// `data-hint="workflow|dashboard|help|filter"`), one at a time in the chain's order, each
// dismissed with Okay and stored in the user's settings. Then, once per session until 'Do not
// show again', the popup hint; never for admins. The top-bar hints and the popup show on the
// dashboard only, so they never cover a screen the user is working in; the filter hint shows
// on the list screens, next to their filters.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Popper,
  Typography,
} from '@mui/material';
import { useCurrentCompany } from '../services';
import { HINT_ORDER, hintSettingKey, nextHint, POPUP_HINT_KEY, showPopupHint, type HintId } from './hints';
import { useUserSettings } from './userSettings';
import { reportClientError } from './reporting';
import { describeUncaught } from './clientErrors';
import { routePath } from './namedRoutes';

/** Hints about the top bar, shown on the dashboard. */
const TOP_BAR_HINTS: readonly HintId[] = ['workflow', 'dashboard', 'help'];

const anchorOf = (hint: HintId): HTMLElement | null =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLElement>(`[data-hint="${hint}"]`);

/** Which anchors are on the screen, checked every second (screens change under the shell). */
function useAnchors(): Record<HintId, HTMLElement | null> {
  const read = () => Object.fromEntries(HINT_ORDER.map((h) => [h, anchorOf(h)])) as Record<HintId, HTMLElement | null>;
  const [anchors, setAnchors] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = read();
      setAnchors((prev) => (HINT_ORDER.every((h) => prev[h] === next[h]) ? prev : next));
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return anchors;
}

let popupClosedThisSession = false;

export function Hints() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const [settings, update] = useUserSettings();
  const anchors = useAnchors();
  const [popupClosed, setPopupClosed] = useState(popupClosedThisSession);
  const onDashboard = useLocation().pathname === routePath('Dashboard');
  if (!company) return null;
  const shown = (h: HintId) => !!anchors[h]?.isConnected && (onDashboard || !TOP_BAR_HINTS.includes(h));
  const hint = nextHint(settings, shown, (h) => !!anchors[h]);
  const save = (patch: Record<string, unknown>) =>
    update(patch).catch((error: unknown) => reportClientError({ message: describeUncaught(error) }));

  if (hint) {
    return (
      <Popper
        open
        anchorEl={anchors[hint]}
        placement="bottom-start"
        sx={{ zIndex: (t) => t.zIndex.appBar + 1, maxWidth: 280 }}
        data-testid={`hint-${hint}`}
      >
        <Paper elevation={8} sx={{ p: 1.5, mt: 1 }} role="dialog" aria-label={translate(`app.hint.${hint}_title`)}>
          <Typography variant="subtitle2">{translate(`app.hint.${hint}_title`)}</Typography>
          <Typography variant="body2" sx={{ my: 1 }}>
            {translate(`app.hint.${hint}`)}
          </Typography>
          <Button size="small" variant="contained" onClick={() => void save({ [hintSettingKey(hint)]: true })}>
            {translate('app.hint.okay')}
          </Button>
        </Paper>
      </Popper>
    );
  }
  const admin = company.admin === true;
  if (!onDashboard || !showPopupHint(settings, admin, popupClosed)) return null;
  // the popup waits until the chain has nothing to show on this screen
  const close = () => {
    popupClosedThisSession = true;
    setPopupClosed(true);
  };
  return (
    <Dialog open onClose={close} data-testid="popup-hint">
      <DialogTitle>{translate('app.hint.popup_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.hint.popup')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            close();
            void save({ [POPUP_HINT_KEY]: true });
          }}
        >
          {translate('app.hint.do_not_show_again')}
        </Button>
        <Button variant="contained" onClick={close}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
