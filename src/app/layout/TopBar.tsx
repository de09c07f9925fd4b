// Top bar (spec 2.5): drawer toggle (react-admin's), company name, dashboard button, workflow
// view button, planning tasks indicator, the top-bar tools other features add (setup widget,
// calculator, help…), then the user menu.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import {
  Badge,
  Box,
  Button,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
  Divider,
} from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn';
import { topBarTools } from './topBarTools';
import { AppUserMenu } from './UserMenu';
import { useCompanyState, useCurrentCompany, useServices } from '../services';
import { useGuardedRoute } from '../shell/guard';
import { COMPLETE_TASK, TASKS_FOR_USER, type Task } from '../pages/planning/api';
import { tasksAllowed } from '../shell/menu';
import { useOutstandingTasks } from '../shell/polling';
import { gqlCall } from '../shell/gql';
import { routePath } from '../shell/namedRoutes';

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

export function TasksIndicator() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const allowed = tasksAllowed(company);
  const [count, refresh] = useOutstandingTasks(allowed);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tasks, setTasks] = useState<Task[] | null>(null);
  if (!allowed) return null;
  const load = () =>
    gqlCall<{ activitiesForUser: Task[] }>(authFetch, TASKS_FOR_USER).then(
      (d) => setTasks(d.activitiesForUser),
      () => setTasks([]),
    );
  const complete = async (task: Task) => {
    await gqlCall(authFetch, COMPLETE_TASK, { id: task.id, date: new Date().toISOString() }).catch(() => undefined);
    refresh();
    await load();
  };
  const allTasks = routePath('PlanningTasks');
  const label = translate('app.tasks.outstanding', { smart_count: count ?? 0 });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="tasks-indicator"
          onClick={(e) => {
            setAnchor(e.currentTarget);
            void load();
          }}
        >
          <Badge badgeContent={count ?? 0} color="secondary" max={99}>
            <AssignmentIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 300, minWidth: 280 } } }}
      >
        {tasks === null ? <MenuItem disabled>{translate('ra.page.loading')}</MenuItem> : null}
        {tasks?.length === 0 ? <MenuItem disabled>{translate('app.tasks.none')}</MenuItem> : null}
        {tasks?.map((task) => (
          <MenuItem key={task.id} sx={{ gap: 1 }}>
            <ListItemText primary={task.description} secondary={task.startDate} />
            <Button size="small" onClick={() => void complete(task)}>
              {translate('app.tasks.complete')}
            </Button>
          </MenuItem>
        ))}
        {allTasks ? <Divider /> : null}
        {allTasks ? (
          <MenuItem component={RouterLink} to={allTasks} onClick={() => setAnchor(null)}>
            {translate('app.tasks.all')}
          </MenuItem>
        ) : null}
      </Menu>
    </>
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
