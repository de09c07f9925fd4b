// Tasks (spec 2.3 tasks/:showUsersRoles?, spec 4): the outstanding tasks, those whose start
// date is up to today and not completed: the person's own (given to a role they hold, to a
// role nobody holds, or to no role); with showUsersRoles every person's, grouped by the role
// they are given to, each role with the members holding it. A task tied to a recipe starts its production screen prefilled (saving it
// completes the task); any task completes here with a date-time; ad hoc tasks are added with
// New task (the generated task form).
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCurrentCompany, useServices } from '../../services';
import { canWrite } from '../../access';
import { gqlCall } from '../../shell/gql';
import { useOutstandingTasks } from '../../shell/polling';
import { createPathFor, editPathFor } from '../../routing/paths';
import { COMPLETE_TASK, TASKS_EVERYONE, TASKS_FOR_USER, type RoleHolders, type Task } from './api';
import { taskEntity, taskProductionPath } from './taskPath';
import './register';

/** now as a datetime-local value (the person's clock) */
function nowLocal(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function CompleteDialog({ task, onClose }: { task: Task | null; onClose: (done: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { authFetch } = useServices();
  const [at, setAt] = useState(nowLocal);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (task) setAt(nowLocal());
  }, [task]);
  if (!task) return null;
  const valid = !Number.isNaN(new Date(at).getTime());
  const submit = async () => {
    setBusy(true);
    try {
      await gqlCall(authFetch, COMPLETE_TASK, { id: task.id, date: new Date(at).toISOString() });
      notify('planning.tasks.completed', { type: 'success' });
      onClose(true);
    } catch {
      onClose(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('planning.tasks.completeTitle', { task: task.description })}</DialogTitle>
      <DialogContent>
        <TextField
          type="datetime-local"
          label={translate('planning.tasks.completedAt')}
          value={at}
          onChange={(e) => setAt(e.target.value)}
          fullWidth
          sx={{ mt: 1 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'complete-at' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate('planning.tasks.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()}>
          {translate('planning.tasks.complete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function TasksPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { showUsersRoles } = useParams();
  const byRole = !!showUsersRoles && showUsersRoles !== '0' && showUsersRoles !== 'false';
  const { authFetch, entityByName } = useServices();
  const company = useCurrentCompany();
  const [, refreshCount] = useOutstandingTasks(true);
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [holders, setHolders] = useState<RoleHolders[]>([]);
  const [completing, setCompleting] = useState<Task | null>(null);
  const load = useCallback(
    () =>
      gqlCall<{ activitiesForUser: Task[]; planningRoleHolders?: RoleHolders[] }>(
        authFetch,
        byRole ? TASKS_EVERYONE : TASKS_FOR_USER,
      ).then(
        (d) => {
          setTasks(d.activitiesForUser);
          setHolders(d.planningRoleHolders ?? []);
        },
        () => setTasks([]),
      ),
    [authFetch, byRole],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const activity = entityByName.activity;
  const writable = activity ? canWrite(activity, company) : false;
  const newPath = activity && writable ? createPathFor(activity) : null;
  const groups = new Map<string, Task[]>();
  for (const t of tasks ?? []) {
    const key = byRole ? (t.roleName ?? '') : '';
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const holdersOf = (roleName: string) =>
    holders
      .filter((h) => h.roleName === roleName)
      .flatMap((h) => h.members.map((m) => m.name))
      .join(', ');
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  const kindLabel = (t: Task) =>
    t.primitiveType
      ? translate(`resources.activities.values.primitiveType.${t.primitiveType}`, { _: t.primitiveType })
      : '';
  return (
    <Box sx={{ p: 2, minWidth: 0, maxWidth: '100%' }} data-testid="planning-tasks">
      <Title title={translate('planning.tasks.title')} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={byRole ? 'role' : 'mine'}
          onChange={(_e, v: string | null) => {
            if (v) navigate(v === 'role' ? '/planning/tasks/1' : '/planning/tasks');
          }}
        >
          <ToggleButton value="mine">{translate('planning.tasks.mine')}</ToggleButton>
          <ToggleButton value="role">{translate('planning.tasks.byRole')}</ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {newPath ? (
          <Button component={RouterLink} to={newPath} startIcon={<AddIcon />} variant="outlined">
            {translate('planning.tasks.newTask')}
          </Button>
        ) : null}
      </Box>
      {tasks === null ? <Typography>{translate('ra.page.loading')}</Typography> : null}
      {tasks?.length === 0 ? <Typography>{translate('planning.tasks.none')}</Typography> : null}
      {tasks?.length ? (
        <TableContainer component={Paper} sx={{ overflowX: 'auto', contain: 'inline-size' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('planning.tasks.columns.start')}</TableCell>
                <TableCell>{translate('planning.tasks.columns.end')}</TableCell>
                <TableCell>{translate('planning.tasks.columns.description')}</TableCell>
                <TableCell>{translate('planning.tasks.columns.kind')}</TableCell>
                {byRole ? null : <TableCell>{translate('planning.tasks.columns.role')}</TableCell>}
                <TableCell>{translate('planning.tasks.columns.site')}</TableCell>
                <TableCell align="right">{translate('planning.tasks.columns.quantity')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {ordered.map(([role, rows]) => (
                <Fragment key={role}>
                  {byRole ? (
                    <TableRow>
                      <TableCell colSpan={7} sx={{ fontWeight: 600, bgcolor: 'action.hover' }} component="th">
                        {role || translate('planning.tasks.noRole')}
                        {role ? (
                          <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>
                            {holdersOf(role) || translate('planning.tasks.nobodyHolds')}
                          </Typography>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ) : null}
                  {rows.map((t) => {
                    const target = taskEntity(t, entityByName);
                    const start = target && canWrite(target, company) ? taskProductionPath(t, entityByName) : null;
                    const edit =
                      activity && writable ? editPathFor(activity, t as unknown as Record<string, unknown>) : null;
                    return (
                      <TableRow key={t.id} data-testid={`task-${t.id}`}>
                        <TableCell>{t.startDate}</TableCell>
                        <TableCell>{t.endDate ?? ''}</TableCell>
                        <TableCell>{t.description}</TableCell>
                        <TableCell>{kindLabel(t)}</TableCell>
                        {byRole ? null : <TableCell>{t.roleName ?? ''}</TableCell>}
                        <TableCell>{t.siteName ?? ''}</TableCell>
                        <TableCell align="right">{t.quantity ?? ''}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {start ? (
                            <Button size="small" component={RouterLink} to={start}>
                              {translate('planning.tasks.open')}
                            </Button>
                          ) : null}
                          {edit ? (
                            <Button size="small" component={RouterLink} to={edit}>
                              {translate('planning.tasks.edit')}
                            </Button>
                          ) : null}
                          <Button size="small" onClick={() => setCompleting(t)}>
                            {translate('planning.tasks.complete')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      <CompleteDialog
        task={completing}
        onClose={(done) => {
          setCompleting(null);
          if (done) {
            refreshCount();
            void load();
          }
        }}
      />
    </Box>
  );
}
