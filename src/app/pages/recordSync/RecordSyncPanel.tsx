// Above the edit form of a record the accounting system gets (an invoice and its payment, a sales
// return, an inventory receipt, a customer): whether it was sent, waits to be sent, or was
// refused and why, per connected system. Nothing shows for a record no system was asked to take.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import type { ExtensionProps } from '../extensions';
import { RECORD_SYNCS, type RecordSync } from './api';
import './register';

const SEVERITY = { succeeded: 'success', queued: 'info', failed: 'error' } as const;

export function RecordSyncPanel({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`recordSync.${key}`, options);
  const { authFetch } = useServices();
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  const [state, setState] = useState<{ id: string; syncs: RecordSync[] } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    // silent: a person who may not see it, or a failed read, just sees no panel
    gqlCall<{ recordSyncs: RecordSync[] }>(authFetch, RECORD_SYNCS, { entity: entity.name, id }, { silent: true }).then(
      (r) => live && setState({ id, syncs: r.recordSyncs }),
      () => live && setState({ id, syncs: [] }),
    );
    return () => {
      live = false;
    };
  }, [id, entity.name, authFetch]);
  const syncs = state && state.id === id ? state.syncs : [];
  if (!syncs.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="record-sync-title">
      <Typography id="record-sync-title" variant="subtitle1" component="h2" gutterBottom>
        {t('title')}
      </Typography>
      <Stack spacing={1}>
        {syncs.map((s) => (
          <Alert
            key={`${s.app}:${s.entityType}`}
            severity={SEVERITY[s.status as keyof typeof SEVERITY] ?? 'info'}
            data-testid={`record-sync-${s.app}-${s.entityType}`}
          >
            <strong>
              {s.provider} · {t(s.entityType)}:{' '}
            </strong>
            {s.status === 'failed'
              ? s.error
                ? t('failed', { error: s.error })
                : t('failed_no_reason')
              : t(s.status === 'succeeded' ? 'succeeded' : 'queued')}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
