// The shell (spec 2.2, 2.5): top bar, left drawer, banners (inactive distillery, new version,
// errors), guided hints, the user menu's dialogs and the error boundary of screens. While the
// distillery is inactive every screen but Settings is disabled.
import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { Layout, useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { AppMenu } from './AppMenu';
import { AppTopBar } from './TopBar';
import { useCurrentCompany } from '../services';
import { ErrorBannerView, InactiveBanner, isInactive, VersionBanner } from '../shell/Banners';
import { Hints } from '../shell/Hints';
import { ShellError } from '../shell/ShellError';
import { routeTableByName } from '../shell/namedRoutes';
import { useOpenDialog } from '../shell/dialogs';
import { lazyScreen } from '../shell/chunks';
import { useHelpPanelFocus } from './helpPanelFocus';

// the user menu's dialogs load when one opens: not part of the first page load
const ShellDialogs = lazyScreen(() => import('./ShellDialogs'), 'ShellDialogs');

function Dialogs() {
  return useOpenDialog() ? (
    <Suspense fallback={null}>
      <ShellDialogs />
    </Suspense>
  ) : null;
}

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

/**
 * document.title follows the screen (WCAG 2.4.2): the title each screen puts in the top bar
 * (react-admin's <Title> portal), then the app's name.
 */
function DocumentTitle() {
  const translate = useTranslate();
  const app = translate('app.name');
  const { pathname } = useLocation();
  useEffect(() => {
    const update = () => {
      const text = document.getElementById('react-admin-title')?.textContent?.trim();
      const next = text && text !== app ? `${text} – ${app}` : app;
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    const target = document.getElementById('react-admin-title') ?? document.body;
    observer.observe(target, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [app, pathname]);
  return null;
}

function HelpPanelFocus() {
  useHelpPanelFocus();
  return null;
}

/** Theme defaults that need words of the current language: every spinner is named "Loading". */
function TranslatedDefaults({ children }: { children: ReactNode }) {
  const loading = useTranslate()('ra.page.loading');
  const theme = useCallback(
    (outer: Theme): Theme => ({
      ...outer,
      components: { ...outer.components, MuiCircularProgress: { defaultProps: { 'aria-label': loading } } },
    }),
    [loading],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <TranslatedDefaults>
      <Layout appBar={AppTopBar} menu={AppMenu} error={ShellError}>
        <InactiveBanner />
        <VersionBanner />
        <ErrorBannerView />
        <Screen>{children}</Screen>
        <Hints />
        <Dialogs />
        <DocumentTitle />
        <HelpPanelFocus />
      </Layout>
    </TranslatedDefaults>
  );
}
