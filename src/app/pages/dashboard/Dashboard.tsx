// /dashboard, for now: the screens the user may open in this company, by area. The full
// dashboard (tasks, alerts, setup) is a later issue; nothing here is made up.
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { useMenuGroups } from '../../layout/AppMenu';
import { useListTitle } from '../../generic/GenericList';
import { areaKey } from '../../generic/labels';
import { humanize } from '../../../shared/names';
import type { ListRouteEntry } from '../../routing/paths';

function RouteLink({ route }: { route: ListRouteEntry }) {
  const title = useListTitle(route.entity, route.preset);
  return (
    <ListItem disableGutters>
      <Link component={RouterLink} to={route.path}>
        {title}
      </Link>
    </ListItem>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const groups = useMenuGroups();
  return (
    <Box sx={{ p: 2 }}>
      <Title title="app.dashboard.title" />
      <Typography gutterBottom>{translate(groups.length ? 'app.dashboard.intro' : 'app.dashboard.empty')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {groups.map((g) => (
          <Card key={g.group} component="section" aria-labelledby={`dashboard-${g.group}`}>
            <CardContent>
              <Typography variant="h6" component="h2" id={`dashboard-${g.group}`}>
                {translate(areaKey(g.group), { _: humanize(g.group) })}
              </Typography>
              <List dense>
                {g.items.map((route) => (
                  <RouteLink key={route.path} route={route} />
                ))}
              </List>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
