// The left drawer (spec 2.4, 2.5, 6): Dashboard, Bookmarks (with Manage), the menu groups the
// user's permissions and the company's feature flags allow, Apps (alert dot) and Settings.
// Entries are named routes; a route that is not built is not shown.
import { Children, lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Menu, useTranslate } from 'react-admin';
import { Badge, Box, Button, ListSubheader } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/ListAlt';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import AppsIcon from '@mui/icons-material/Apps';
import SettingsIcon from '@mui/icons-material/Settings';
import { useCurrentCompany, useServices } from '../services';
import { useRouteTitle as useListTitle } from '../shell/titles';
import { areaKey } from '../generic/labels';
import { humanize } from '../../shared/names';
import { bookmarkedEntries, shellMenu, toolAllowed, type MenuEntry } from '../shell/menu';
import { routePath } from '../shell/namedRoutes';
import { useUserSettings } from '../shell/userSettings';
import { useAddOnsWithAlerts } from '../shell/polling';
import { openDialog } from '../shell/dialogs';
import { useGuardedRoute } from '../shell/guard';
import { customPages } from '../pages/registry';

/** The user setting of spec 3: `favourites`, a list of bookmark or route identifiers. */
export const BOOKMARKS_KEY = 'favourites';
/** where the list was kept before it took the spec's name; read until the user saves again */
const LEGACY_BOOKMARKS_KEY = 'bookmarks';

export function useShellMenu() {
  const { entities } = useServices();
  const company = useCurrentCompany();
  return useMemo(() => shellMenu(entities, company, undefined, customPages), [entities, company]);
}

/** The drawer's groups, for other screens (the dashboard). */
export const useMenuGroups = useShellMenu;

export function useBookmarks(): string[] {
  const [settings] = useUserSettings();
  const value = settings[BOOKMARKS_KEY] ?? settings[LEGACY_BOOKMARKS_KEY];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function EntityTitle({ entry }: { entry: MenuEntry & { entity: NonNullable<MenuEntry['entity']> } }) {
  return <>{useListTitle(entry.entity, entry.preset)}</>;
}

// a starred report's title comes from the catalogue, in the reports' own chunk
const ReportTitle = lazy(() => import('../pages/reports/ReportTitle'));

export function EntryLabel({ entry }: { entry: MenuEntry }) {
  const translate = useTranslate();
  if (entry.report)
    return (
      <Suspense fallback={humanize(entry.report)}>
        <ReportTitle name={entry.report} />
      </Suspense>
    );
  if (entry.entity) return <EntityTitle entry={entry as MenuEntry & { entity: NonNullable<MenuEntry['entity']> }} />;
  return <>{translate(`app.route.${entry.name ?? entry.key}`, { _: humanize(entry.name ?? entry.key) })}</>;
}

function EntryItem({ entry, icon }: { entry: MenuEntry; icon?: React.ReactElement }) {
  return <Menu.Item to={entry.path} primaryText={<EntryLabel entry={entry} />} leftIcon={icon ?? <ListIcon />} />;
}

// WCAG (issue 16): a navigation landmark holding one menu per group, each named by its
// heading; headings and the Manage button sit between the menus, never inside one (a menu
// owns menu items only). Arrow keys move within a group, Tab from group to group.
function MenuGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `app-menu-${id.replace(/[^\w-]/g, '-')}`;
  return (
    <>
      <ListSubheader id={headingId} component="div" disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
        {title}
      </ListSubheader>
      {Children.count(children) ? (
        <Menu aria-labelledby={headingId} sx={{ py: 0 }}>
          {children}
        </Menu>
      ) : null}
    </>
  );
}

export function AppMenu() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const groups = useShellMenu();
  const bookmarks = bookmarkedEntries(groups, useBookmarks());
  const dashboard = useGuardedRoute('Dashboard');
  const apps = useGuardedRoute('Apps');
  const showApps = toolAllowed('Apps', company);
  const [alerts] = useAddOnsWithAlerts(showApps);
  const settingsPath = toolAllowed('Settings', company) ? routePath('Settings') : null;

  // each menu's children flat: MUI menus do not accept fragments
  const tools = [
    showApps && apps.path ? (
      <Menu.Item
        key="apps"
        to={apps.path}
        onClick={apps.onClick}
        // an add-on needing attention shows a mark, not only a colour, and says so in words
        // to screen readers (WCAG 1.4.1, 1.3.1)
        primaryText={
          alerts?.length ? (
            <>
              {translate('app.menu.apps')}
              <Box component="span" sx={visuallyHidden}>
                {` – ${translate('widgets.needs_attention')}`}
              </Box>
            </>
          ) : (
            'app.menu.apps'
          )
        }
        leftIcon={
          <Badge color="error" badgeContent="!" invisible={!alerts?.length} data-testid="apps-alert">
            <AppsIcon />
          </Badge>
        }
      />
    ) : null,
    settingsPath ? (
      <Menu.Item key="settings" to={settingsPath} primaryText="app.menu.settings" leftIcon={<SettingsIcon />} />
    ) : null,
  ].filter(Boolean);
  return (
    <Box component="nav" aria-label={translate('app.menu.navigation')} data-testid="app-menu">
      {dashboard.path ? (
        <Menu aria-label={translate('app.menu.dashboard')} sx={{ pb: 0 }}>
          <Menu.Item
            to={dashboard.path}
            onClick={dashboard.onClick}
            primaryText="app.menu.dashboard"
            leftIcon={<DashboardIcon />}
          />
        </Menu>
      ) : null}
      <MenuGroup id="bookmarks" title={translate('app.menu.bookmarks')}>
        {bookmarks.map((entry) => (
          <EntryItem key={`bm:${entry.key}`} entry={entry} icon={<BookmarkIcon />} />
        ))}
      </MenuGroup>
      <Button size="small" sx={{ ml: 2, mb: 1 }} onClick={() => openDialog('bookmarks')}>
        {translate('app.menu.manage')}
      </Button>
      {groups.map((g) => (
        <MenuGroup key={g.group} id={g.group} title={translate(areaKey(g.group), { _: humanize(g.group) })}>
          {g.entries.map((entry) => (
            <EntryItem key={entry.key} entry={entry} />
          ))}
        </MenuGroup>
      ))}
      {tools.length ? (
        <Menu aria-label={translate('app.user.tools')} sx={{ pt: 0 }}>
          {tools}
        </Menu>
      ) : null}
    </Box>
  );
}
