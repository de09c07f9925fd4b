// A custom page behind its permission and feature flag, loaded as its own chunk (ChunkLoadError
// after 120 s, see shell/chunks.ts).
import { Loading, useTranslate } from 'react-admin';
import { ChunkSuspense } from '../shell/ShellError';
import { Alert, Box } from '@mui/material';
import { pageAllowed } from '../shell/menu';
import { useCurrentCompany } from '../services';
import type { CustomPage } from './registry';
import { isTopLevel, TOP_LEVEL_ROUTES } from '../shell/routeGuard';

export function PageGuard({ page }: { page: CustomPage }) {
  const company = useCurrentCompany();
  const translate = useTranslate();
  if (!company) return <Loading />;
  const allowed = pageAllowed(page, company);
  if (!allowed)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning" role="alert">
          {translate('app.permission.denied', {
            action: translate(
              page.name && isTopLevel(page.name) ? TOP_LEVEL_ROUTES[page.name].action : 'app.permission.open',
            ),
          })}
        </Alert>
      </Box>
    );
  const Component = page.component;
  return (
    <ChunkSuspense>
      <Component />
    </ChunkSuspense>
  );
}
