// The spec's list texts (section 8: 'Loading {objects}', 'No {objects} found') for the
// hand-written lists, named by the i18n key of their objects.
import { useListContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';

export function ListLoadingText({ objectsKey }: { objectsKey: string }) {
  const { isPending } = useListContext();
  const translate = useTranslate();
  if (!isPending) return null;
  return (
    <Typography role="status" variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
      {translate('lists.loading', { objects: translate(objectsKey) })}
    </Typography>
  );
}

export function ListEmptyText({ objectsKey }: { objectsKey: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ p: 2 }} role="status">
      {translate('lists.empty', { objects: translate(objectsKey) })}
    </Typography>
  );
}
