// The scanner menu of the top bar (spec 2.5). The wedge listener (useScanner) works anywhere
// once signed in to a company; the menu's panel is a chunk loaded on first open, and closing
// the menu unmounts it, which stops the camera (spec 4).
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, IconButton, Popover, Tooltip } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useCurrentCompany, useServices } from '../services';
import { canRead } from '../access';
import { SCAN_BOX } from './codes';
import { useScanner } from './useScanner';

const ScannerPanel = lazy(() => import('./ScannerPanel').then((m) => ({ default: m.ScannerPanel })));

/** Shown to whoever may read products or items: the lookup answers nothing to anyone else. */
export function ScannerButton() {
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const allowed =
    !!company &&
    ((entityByName.product && canRead(entityByName.product, company)) ||
      (entityByName.item && canRead(entityByName.item, company)));
  return allowed ? <ScannerMenu /> : null;
}

function ScannerMenu() {
  const translate = useTranslate();
  const { receive, last } = useScanner();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate('app.scanner.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="scanner-button"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <QrCodeScannerIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { p: 2, width: SCAN_BOX + 32 }, 'aria-label': label } }}
      >
        <Suspense
          fallback={
            <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <ScannerPanel receive={receive} last={last} />
        </Suspense>
      </Popover>
    </>
  );
}
