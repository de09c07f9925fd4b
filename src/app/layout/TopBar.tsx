// Top bar (spec 2.5): drawer toggle (react-admin's), company name, dashboard button, workflow
// view button, planning tasks indicator, the top-bar tools other features add (setup widget,
// calculator, help…), then the user menu.
import { Link as RouterLink } from 'react-router-dom';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { topBarTools } from './topBarTools';
import { AppUserMenu } from './UserMenu';
import { useCompanyState } from '../services';
import { useGuardedRoute } from '../shell/guard';
import { TasksIndicator } from './TasksIndicator';

function CompanyName() {
  const { current } = useCompanyState();
  if (!current) return null;
  return (
    <Typography variant="subtitle1" noWrap component="span" sx={{ mr: 1, fontWeight: 600 }} data-testid="company-name">
      {current.name}
    </Typography>
  );
}

function RouteButton({
  name,
  label,
  icon,
  hint,
}: {
  name: string;
  label: string;
  icon: React.ReactNode;
  hint: string;
}) {
  const translate = useTranslate();
  // shown to everyone: the route guard answers a click the user may not make (spec 6)
  const { path, onClick } = useGuardedRoute(name);
  if (!path) return null;
  return (
    <Tooltip title={translate(label)}>
      <IconButton
        color="inherit"
        component={RouterLink}
        to={path}
        onClick={onClick}
        aria-label={translate(label)}
        data-hint={hint}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function AppTopBar() {
  return (
    // the language toggle lives in the user menu (spec 2.5), not react-admin's default toolbar
    <AppBar userMenu={<AppUserMenu />} toolbar={<LoadingIndicator />}>
      <CompanyName />
      <RouteButton name="Dashboard" label="app.menu.dashboard" icon={<DashboardIcon />} hint="dashboard" />
      <RouteButton name="ProductionOverview" label="app.menu.workflow" icon={<AccountTreeIcon />} hint="workflow" />
      <Box sx={{ flex: 1, minWidth: 8 }}>
        <TitlePortal />
      </Box>
      <TasksIndicator />
      {topBarTools.map(({ key, component: Tool }) => (
        <Tool key={key} />
      ))}
    </AppBar>
  );
}
