// /settings/:initialTab? — tab 0 the distillery's information and settings, tab 1 its users
// (managed at /useredit), tab 4 its sites and excise licences (the generic site list).
import { useMemo } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import { listRoutes } from '../../routing/paths';
import { useCurrentCompany, useServices } from '../../services';
import { GenericList } from '../../generic/GenericList';
import { CompanyInfoTab } from './CompanyInfoTab';
import { UsersTab } from './UsersTab';
import { SETTINGS_TABS, tabOf, type SettingsTab } from './tabs';

const TAB_KEYS: Record<SettingsTab, string> = {
  0: 'app.pages.settings.tabs.company',
  1: 'app.pages.settings.tabs.users',
  4: 'app.pages.settings.tabs.sites',
};

function SitesTab() {
  const { entityByName } = useServices();
  const route = useMemo(() => listRoutes(entityByName.site)[0], [entityByName]);
  return route ? <GenericList route={route} /> : null;
}

export function SettingsPage() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const params = useParams();
  const company = useCurrentCompany();
  // '/settings/4' is registered as a fixed path too: no :initialTab there
  const tab = tabOf(params.initialTab ?? (pathname.replace(/\/$/, '').endsWith('/settings/4') ? '4' : undefined));
  const canReadMembers = !!company && hasPermission(company.permissions, 'config.read');
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="app.pages.settings.title" />
      <Card sx={{ contain: 'inline-size' }}>
        <Tabs value={tab} variant="scrollable" aria-label={translate('app.pages.settings.title')}>
          {SETTINGS_TABS.filter((t) => t !== 1 || canReadMembers).map((t) => (
            <Tab
              key={t}
              value={t}
              label={translate(TAB_KEYS[t])}
              component={RouterLink}
              to={`/settings/${t}`}
              id={`settings-tab-${t}`}
            />
          ))}
        </Tabs>
      </Card>
      {/* the tab takes the width it is given: a wide one (the users' table) scrolls inside it */}
      <Box
        role="tabpanel"
        aria-labelledby={`settings-tab-${tab}`}
        sx={{ mt: 2, contain: 'inline-size', overflowX: 'auto' }}
      >
        {tab === 0 ? <CompanyInfoTab /> : tab === 1 ? <UsersTab /> : <SitesTab />}
      </Box>
    </Box>
  );
}
