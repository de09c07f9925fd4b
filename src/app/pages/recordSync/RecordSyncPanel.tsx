// Above the edit form of a record another system gets (an invoice and its payment, a sales
// return, an inventory receipt, a customer, a supplier, a product, an item): whether it was sent, waits to be sent, or was
// refused and why, per connected system. Nothing shows for a record no system was asked to take.
import { useTranslate } from 'react-admin';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import type { ExtensionProps } from '../extensions';
import { useRecordSyncs } from './api';
import './register';

const SEVERITY = { succeeded: 'success', queued: 'info', failed: 'error' } as const;

export function RecordSyncPanel({ entity, record }: ExtensionProps) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`recordSync.${key}`, options);
  const id = record?.id !== undefined && record?.id !== null ? String(record.id) : null;
  const { data: syncs = [] } = useRecordSyncs(entity.name, id, record?.version);
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
