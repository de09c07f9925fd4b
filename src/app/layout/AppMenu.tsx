// Left menu: the dashboard, then the entity list routes the user may open (permission and
// feature flag), grouped by area.
import { useMemo } from 'react';
import { Menu, useTranslate } from 'react-admin';
import { ListSubheader } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/ListAlt';
import { canRead } from '../access';
import { menuGroups, type ListRouteEntry } from '../routing/paths';
import { useCurrentCompany, useServices } from '../services';
import { useListTitle } from '../generic/GenericList';
import { areaKey } from '../generic/labels';
import { humanize } from '../../shared/names';

export function useMenuGroups() {
  const { entities } = useServices();
  const company = useCurrentCompany();
  return useMemo(() => menuGroups(entities, (e) => canRead(e, company)), [entities, company]);
}

function RouteMenuItem({ route }: { route: ListRouteEntry }) {
  const title = useListTitle(route.entity, route.preset);
  return <Menu.Item to={route.path} primaryText={title} leftIcon={<ListIcon />} />;
}

export function AppMenu() {
  const translate = useTranslate();
  const groups = useMenuGroups();
  return (
    <Menu aria-label={translate('app.menu.navigation')}>
      <Menu.Item to="/dashboard" primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      {/* a flat list: MUI menus do not accept fragments */}
      {groups.flatMap((g) => [
        <ListSubheader key={`group:${g.group}`} disableSticky sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>
          {translate(areaKey(g.group), { _: humanize(g.group) })}
        </ListSubheader>,
        ...g.items.map((route) => <RouteMenuItem key={route.path} route={route} />),
      ])}
    </Menu>
  );
}
