// The top bar's outstanding-tasks menu (spec 2.5, 4): the count polled every 5 minutes, the
// menu (max height 300) listing the outstanding tasks. A task tied to a recipe starts its
// production screen prefilled, exactly as the tasks page does (taskProductionPath: saving the
// record completes the task); an ad hoc task completes at the current date-time. The path
// helper is loaded when the menu opens, so the shell's first load stays within its budget.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Badge, Button, Divider, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn';
import { useCurrentCompany, useServices } from '../services';
import { canWrite } from '../access';
import { COMPLETE_TASK, TASKS_FOR_USER, type Task } from '../pages/planning/api';
import { tasksAllowed } from '../shell/menu';
import { useOutstandingTasks } from '../shell/polling';
import { gqlCall } from '../shell/gql';
import { routePath } from '../shell/namedRoutes';

type PathOf = (task: Task) => string | null;

export function TasksIndicator() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { authFetch, entityByName } = useServices();
  const allowed = tasksAllowed(company);
  const [count, refresh] = useOutstandingTasks(allowed);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [pathOf, setPathOf] = useState<PathOf | null>(null);
  if (!allowed) return null;
  const load = () =>
    Promise.all([
      gqlCall<{ activitiesForUser: Task[] }>(authFetch, TASKS_FOR_USER),
      import('../pages/planning/taskPath'),
    ]).then(
      ([d, { taskEntity, taskProductionPath }]) => {
        // only a person who may write the production record is offered to start it
        const path: PathOf = (task) => {
          const target = taskEntity(task, entityByName);
          return target && canWrite(target, company) ? taskProductionPath(task, entityByName) : null;
        };
        setPathOf(() => path);
        setTasks(d.activitiesForUser);
      },
      () => setTasks([]),
    );
  const complete = async (task: Task) => {
    await gqlCall(authFetch, COMPLETE_TASK, { id: task.id, date: new Date().toISOString() }).catch(() => undefined);
    refresh();
    await load();
  };
  const close = () => setAnchor(null);
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
        onClose={close}
        slotProps={{ paper: { sx: { maxHeight: 300, minWidth: 280 } } }}
      >
        {tasks === null ? <MenuItem disabled>{translate('ra.page.loading')}</MenuItem> : null}
        {tasks?.length === 0 ? <MenuItem disabled>{translate('app.tasks.none')}</MenuItem> : null}
        {tasks?.map((task) => {
          const start = pathOf?.(task) ?? null;
          return start ? (
            <MenuItem
              key={task.id}
              component={RouterLink}
              to={start}
              onClick={close}
              data-testid={`task-menu-${task.id}`}
            >
              <ListItemText primary={task.description} secondary={task.startDate} />
              <Button size="small" component="span" tabIndex={-1}>
                {translate('app.tasks.start')}
              </Button>
            </MenuItem>
          ) : (
            <MenuItem key={task.id} sx={{ gap: 1 }} data-testid={`task-menu-${task.id}`}>
              <ListItemText primary={task.description} secondary={task.startDate} />
              <Button size="small" onClick={() => void complete(task)}>
                {translate('app.tasks.complete')}
              </Button>
            </MenuItem>
          );
        })}
        {allTasks ? <Divider /> : null}
        {allTasks ? (
          <MenuItem component={RouterLink} to={allTasks} onClick={close}>
            {translate('app.tasks.all')}
          </MenuItem>
        ) : null}
      </Menu>
    </>
  );
}
