// The confirmation dialog of the app: a title, an optional text, Yes (or a given confirm
// label) and Cancel. `loading` disables both buttons while the confirmed call runs; `error`
// shows why the confirmed call failed inside the dialog (the shell's banner is behind it).
import type { ReactNode } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslate } from 'ra-core';

export interface ConfirmDialogProps {
  open: boolean;
  /** i18n key or text */
  title: string;
  titleArgs?: Record<string, unknown>;
  content?: ReactNode;
  contentArgs?: Record<string, unknown>;
  /** defaults to 'Yes' */
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  loading?: boolean;
  /** i18n key or text: the confirmed call failed */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const translate = useTranslate();
  const { open, title, titleArgs, content, contentArgs, loading, onConfirm, onClose } = props;
  const t = (key: string, args?: Record<string, unknown>) => translate(key, { _: key, ...args });
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} aria-labelledby="confirm-dialog-title" maxWidth="sm">
      <DialogTitle id="confirm-dialog-title">{t(title, titleArgs)}</DialogTitle>
      {content ? (
        <DialogContent>
          <DialogContentText>{typeof content === 'string' ? t(content, contentArgs) : content}</DialogContentText>
        </DialogContent>
      ) : null}
      {props.error ? (
        <DialogContent>
          <Alert severity="error" role="alert" data-testid="confirm-dialog-error">
            {t(props.error)}
          </Alert>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {t('widgets.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          color={props.confirmColor ?? 'primary'}
          variant="contained"
          autoFocus
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t(props.confirmLabel ?? 'widgets.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
