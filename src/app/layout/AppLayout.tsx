// The shell (spec 2.2, 2.5): top bar, left drawer, banners (inactive distillery, new version,
// errors), guided hints, the user menu's dialogs and the error boundary of screens. While the
// distillery is inactive every screen but Settings is disabled.
import { type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { Layout } from 'react-admin';
import { Box } from '@mui/material';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './TopBar';
import { ShellDialogs } from './ShellDialogs';
import { useCurrentCompany } from '../services';
import { ErrorBannerView, InactiveBanner, isInactive, VersionBanner } from '../shell/Banners';
import { Hints } from '../shell/Hints';
import { ShellError } from '../shell/ShellError';
import { routeTableByName } from '../shell/namedRoutes';

function useOnSettings(): boolean {
  const { pathname } = useLocation();
  const pattern = routeTableByName().Settings;
  return !!pattern && !!matchPath({ path: pattern, end: false }, pathname);
}

function Screen({ children }: { children: ReactNode }) {
  const company = useCurrentCompany();
  const onSettings = useOnSettings();
  const disabled = !!company && isInactive(company.status) && !onSettings;
  if (!disabled) return <>{children}</>;
  return (
    <Box inert aria-disabled="true" data-testid="screen-disabled" sx={{ opacity: 0.5, pointerEvents: 'none' }}>
      {children}
    </Box>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppTopBar} menu={AppMenu} error={ShellError}>
      <InactiveBanner />
      <VersionBanner />
      <ErrorBannerView />
      <Screen>{children}</Screen>
      <Hints />
      <ShellDialogs />
    </Layout>
  );
}
