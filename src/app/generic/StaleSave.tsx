// A stale save on an edit screen (issue 10, point 11): the server refuses an update whose record
// changed since the form loaded it with CONFLICT and the record's current version in its info.
// The screen then shows that message with Reload, which reads the record again and starts the
// form over from it, so the person can make their change again over the other user's.
import { useCallback, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';

interface FailedSave {
  message?: string;
  body?: { code?: unknown; info?: unknown; errors?: Record<string, unknown> | null } | null;
}

/** The server's message when a failed save was refused as stale, else null. */
export function staleSaveMessage(error: unknown): string | null {
  const e = error as FailedSave | null | undefined;
  const info = e?.body?.info as { version?: unknown } | null | undefined;
  if (e?.body?.code !== 'CONFLICT' || !info || typeof info !== 'object' || !('version' in info)) return null;
  return e.message || null;
}

/** react-admin's own treatment of a failed save (a validation error is shown under its inputs). */
function hasFieldErrors(error: unknown): boolean {
  const fields = (error as FailedSave | null | undefined)?.body?.errors;
  return !!fields && Object.keys(fields).length > 0;
}

/**
 * For <Edit mutationOptions>: a stale save sets `message` instead of a notification; every
 * other failure is notified as react-admin does by default. `generation` changes on each
 * reload: the form is keyed by it, so it starts over from the record read again.
 */
export function useStaleSave() {
  const notify = useNotify();
  const [message, setMessage] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const onError = useCallback(
    (error: unknown) => {
      const stale = staleSaveMessage(error);
      if (stale) return setMessage(stale);
      if (hasFieldErrors(error)) return;
      const text = typeof error === 'string' ? error : (error as Error | null)?.message || 'ra.notification.http_error';
      notify(text, { type: 'error', messageArgs: { _: text } });
    },
    [notify],
  );
  const reloaded = useCallback(() => {
    setMessage(null);
    setGeneration((n) => n + 1);
  }, []);
  const mutationOptions = useMemo(() => ({ onError }), [onError]);
  return { message, generation, mutationOptions, reloaded };
}

/** The message with Reload: `reload` reads the record again (the edit controller's refetch). */
export function StaleSaveAlert({
  message,
  reload,
  onReloaded,
}: {
  message: string;
  reload: () => Promise<unknown>;
  onReloaded: () => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await reload();
      onReloaded();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="stale-save"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void click()} disabled={busy}>
          {/* the app's 'Reload' / 'Recharger' */}
          {translate('app.chunk.reload')}
        </Button>
      }
    >
      {translate(message, { _: message })}
    </Alert>
  );
}
