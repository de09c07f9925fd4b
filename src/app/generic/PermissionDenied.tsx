import { Alert, Box } from '@mui/material';
import { useTranslate } from 'ra-core';

/** 'You don't have permission to {action}' (spec 8). `action` is an i18n key with `name`. */
export function PermissionDenied({
  action,
  name,
}: {
  action: 'app.permission.view' | 'app.permission.edit';
  name: string;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="warning" role="alert">
        {translate('app.permission.denied', { action: translate(action, { name }) })}
      </Alert>
    </Box>
  );
}
