// The top-bar help tool (spec 2.5): a button marked for the guided 'help' hint that opens the
// right-side panel, 400 wide, on the current screen's article when it has one (spec 2.2), else
// on the topics. The panel's code loads on first open.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, Drawer, IconButton, Tooltip } from '@mui/material';
import HelpIcon from '@mui/icons-material/HelpOutline';
import { useServices } from '../services';
import { helpKeyForPath } from './routeHelp';
import { HELP_PANEL_WIDTH } from './rules';
import { closeHelp, openHelp, useHelpPanel } from './store';

const HelpPanel = lazy(() => import('./HelpPanel').then((m) => ({ default: m.HelpPanel })));

export function HelpButton() {
  const translate = useTranslate();
  const { entities } = useServices();
  const { pathname } = useLocation();
  const panel = useHelpPanel();
  const label = translate('app.help.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-hint="help"
          data-testid="help-button"
          onClick={() => (panel.open ? closeHelp() : openHelp(helpKeyForPath(pathname, entities)))}
        >
          <HelpIcon />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        // persistent: the screen stays usable beside the panel
        variant="persistent"
        open={panel.open}
        slotProps={{
          paper: {
            sx: { width: HELP_PANEL_WIDTH, maxWidth: '100vw', zIndex: (theme) => theme.zIndex.drawer + 2 },
            role: 'complementary',
            'aria-labelledby': 'help-panel-title',
          },
        }}
      >
        {panel.open ? (
          <Suspense
            fallback={
              <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress size={24} />
              </Box>
            }
          >
            <HelpPanel key={panel.opening} articleId={panel.articleId} onClose={closeHelp} />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
