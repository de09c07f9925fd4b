// What the scanner menu shows (a chunk loaded on first open): the last code, a box to type or
// paste a code, and the camera, whose own chunk loads when started. The panel unmounts when the
// menu closes, and the camera with it: closing the menu stops the camera (spec 4).
import { lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { JSON_MAX } from './codes';
import { MANUAL_INPUT_ATTR } from './useScanner';

const CameraScanner = lazy(() => import('./CameraScanner').then((m) => ({ default: m.CameraScanner })));

export function ScannerPanel(props: { receive: (code: string) => Promise<void>; last: string | null }) {
  const translate = useTranslate();
  const [camera, setCamera] = useState(false);
  const [cameraError, setCameraError] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {translate('app.scanner.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('app.scanner.intro')}
      </Typography>
      {props.last ? (
        <Typography variant="body2" data-testid="scanner-last" gutterBottom>
          {translate('app.scanner.last', { code: props.last })}
        </Typography>
      ) : null}
      <TextField
        size="small"
        fullWidth
        margin="dense"
        label={translate('app.scanner.code')}
        helperText={translate('app.scanner.code_help')}
        value={typed}
        onChange={(e) => setTyped(e.target.value.slice(0, JSON_MAX))}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !typed.trim()) return;
          e.preventDefault();
          void props.receive(typed);
          setTyped('');
        }}
        slotProps={{ htmlInput: { [MANUAL_INPUT_ATTR]: '', autoComplete: 'off' } }}
      />
      <Box sx={{ mt: 1 }}>
        {camera ? (
          <Suspense fallback={<Typography variant="body2">{translate('app.scanner.camera_loading')}</Typography>}>
            <CameraScanner
              onCode={(code) => void props.receive(code)}
              onError={() => {
                setCameraError(true);
                setCamera(false);
              }}
            />
          </Suspense>
        ) : null}
        {cameraError ? (
          <Alert severity="error" sx={{ mt: 1 }} onClose={() => setCameraError(false)}>
            {translate('app.scanner.camera_denied')}
          </Alert>
        ) : null}
        <Button
          sx={{ mt: 1 }}
          onClick={() => {
            setCameraError(false);
            setCamera(!camera);
          }}
        >
          {translate(camera ? 'app.scanner.camera_stop' : 'app.scanner.camera_start')}
        </Button>
      </Box>
    </>
  );
}
