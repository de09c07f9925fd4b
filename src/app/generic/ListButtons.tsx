// List toolbar and bulk buttons of the generic list: CSV export and bulk delete with the
// spec's confirm and result texts ('Deleted {n} of {total}', '({k} error(s))').
import { useState } from 'react';
import { Button, useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import DownloadIcon from '@mui/icons-material/Download';
import DeleteIcon from '@mui/icons-material/Delete';
import type { EntityMeta } from '../../shared/meta';
import type { AppDataProvider } from '../data/dataProvider';
import { downloadFile } from '../data/download';
import { useServices } from '../services';
import type { Preset } from '../routing/paths';
import { deleteOutcome, failuresOf } from './deleteOutcome';
import { ConfirmDialog } from '../widgets/ConfirmDialog';
import { useRowErrors } from './ListFeatures';
import { queryFilter } from './periodFilter';

export function ExportCsvButton({
  entity,
  preset,
  dateFields = [],
}: {
  entity: EntityMeta;
  preset?: Preset;
  /** date fields filtered by range pickers: their ranges go as bounds (periodFilter.ts) */
  dateFields?: readonly string[];
}) {
  const { filterValues, sort } = useListContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { authFetch } = useServices();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const url = await dataProvider.exportUrl(entity.plural, {
        filter: { ...queryFilter(filterValues, dateFields), ...preset },
        sort,
      });
      await downloadFile(url, authFetch, `${entity.plural}.csv`);
    } catch (error) {
      notify((error as Error)?.message || 'app.list.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button label="app.list.export_csv" onClick={onClick} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

export function BulkDeleteButton({ entity }: { entity: EntityMeta }) {
  const { selectedIds, onSelect } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { setErrors } = useRowErrors();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onConfirm = async () => {
    setDeleting(true);
    try {
      const ids = [...selectedIds];
      const { data = [], meta } = (await dataProvider.deleteMany(entity.plural, { ids })) as {
        data?: unknown[];
        meta?: unknown;
      };
      const outcome = deleteOutcome(ids.length, data.length);
      const text =
        translate(outcome.message, outcome.args) +
        (outcome.suffix ? ` ${translate(outcome.suffix.message, outcome.suffix.args)}` : '');
      notify(text, { type: outcome.type });
      const failed = failuresOf(meta, ids, data);
      setErrors(failed);
      // rows that could not be deleted stay selected, their error on their checkbox
      onSelect(ids.filter((id) => failed.has(String(id))));
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
      setOpen(false);
    } finally {
      setDeleting(false);
    }
  };

  const name = translate('app.delete.selected', { smart_count: selectedIds.length });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={deleting}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        loading={deleting}
        title="widgets.delete.title"
        titleArgs={{ name }}
        content="widgets.delete.content"
        confirmLabel="ra.action.delete"
        confirmColor="error"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
