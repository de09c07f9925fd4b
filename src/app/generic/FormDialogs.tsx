// The form's dialogs (spec 8): the leave dialog for unsaved changes ('You have unsaved
// changes that will be lost. Are you sure you want to leave?' with Yes or Cancel), and the
// delete dialog ('Are you sure you want to delete {name}?', 'This action cannot be undone.')
// with its deleting flag while the call runs; then it closes and the list shows again. A
// failed delete keeps the dialog open with the error in it (the error banner is behind it).
import { useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Button, useBlocker, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import DeleteIcon from '@mui/icons-material/Delete';
import { ConfirmDialog } from '../widgets/ConfirmDialog';

export const LEAVE_TEXT = 'widgets.leave.text';

/** Blocks navigation away from a dirty form until the user answers Yes. */
export function LeaveGuard({ formPath }: { formPath?: string }) {
  const { dirtyFields, isSubmitSuccessful, isSubmitting } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  const safe = !dirty || isSubmitSuccessful || isSubmitting;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (safe) return false;
    const root = formPath ?? currentLocation.pathname;
    return !(nextLocation.pathname === root || nextLocation.pathname.startsWith(`${root}/`));
  });
  const blocked = blocker.state === 'blocked';

  // a save or a delete that navigates once the form is safe goes on
  useEffect(() => {
    if (blocked && safe) blocker.proceed?.();
  }, [blocked, safe, blocker]);

  // closing the tab or reloading
  useEffect(() => {
    if (safe) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [safe]);

  return (
    <ConfirmDialog
      open={blocked && !safe}
      title={LEAVE_TEXT}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/** The text a failed delete shows in its dialog: the error's message (an i18n key or the server's words). */
export function deleteErrorText(error: unknown): string {
  const message = typeof error === 'string' ? error : (error as Error | null)?.message;
  return message || 'ra.notification.http_error';
}

/** Delete button of an edit form: the confirm dialog, the deleting flag, then back to the list. */
export function DeleteRecordButton(props: {
  resource: string;
  /** the record's name in the dialog */
  name: string;
  redirectTo: (record: Record<string, unknown>) => string;
}) {
  const record = useRecordContext();
  // useDelete refreshes the lists of the resource (not the deleted record, which would 404)
  const [deleteOne] = useDelete();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;

  const onConfirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteOne(
        props.resource,
        { id: record.id, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      setOpen(false);
      notify('widgets.delete.success', { type: 'success' });
      redirect(props.redirectTo(record));
    } catch (e) {
      setError(deleteErrorText(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      <Button
        label="ra.action.delete"
        color="error"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        disabled={deleting}
      >
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title="widgets.delete.title"
        titleArgs={{ name: props.name }}
        content="widgets.delete.content"
        confirmLabel="ra.action.delete"
        confirmColor="error"
        loading={deleting}
        error={error}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
