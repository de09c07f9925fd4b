// A custom page behind its permission and feature flag, loaded as its own chunk.
import { Suspense } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Alert, Box } from '@mui/material';
import { hasAny } from '../../shared/permissions';
import { isFeatureOn } from '../company/companies';
import { useCurrentCompany } from '../services';
import type { CustomPage } from './registry';

export function PageGuard({ page }: { page: CustomPage }) {
  const company = useCurrentCompany();
  const translate = useTranslate();
  if (!company) return <Loading />;
  const allowed =
    (!page.permissions?.length || hasAny(company.permissions, page.permissions)) && isFeatureOn(company, page.feature);
  if (!allowed)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning" role="alert">
          {translate('app.permission.denied', { action: translate('app.permission.open') })}
        </Alert>
      </Box>
    );
  const Component = page.component;
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}
