// The top-bar tool: an icon button opening the calculator dialog. The dialog's code loads on
// first open, so the shell does not carry it.
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, Dialog, IconButton, Tooltip } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';

const CalculatorForm = lazy(() => import('./CalculatorForm').then((m) => ({ default: m.CalculatorForm })));

export function CalculatorButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate('app.calculator.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <CalculateIcon />
        </IconButton>
      </Tooltip>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="alcohol-calculator-title"
      >
        <Suspense
          fallback={
            <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress size={24} />
            </Box>
          }
        >
          <CalculatorForm onClose={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
