// Scheduling (spec 2.3 /planning/scheduling, scheduling.write): the tasks on a calendar, a
// month or a week of days, filtered by site and role; "Schedule from template" places a
// template's steps on it. Roles and templates are the generated lists under this path; who
// holds each role is set here (RoleHoldersDialog).
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EventIcon from '@mui/icons-material/Event';
import { useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { routePath } from '../../shell/namedRoutes';
import { TASKS_BETWEEN, type Task } from './api';
import { onDay, shift, visibleDays, type CalendarView } from './calendar';
import { ScheduleDialog } from './ScheduleDialog';
import { RoleHoldersDialog } from './RoleHoldersDialog';
import { todayInCompany } from '../../widgets/dateDisplay';
import './register';

const ALL = { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' as const } };
/** tasks a day cell lists before "+n more" */
const PER_DAY = 4;

export function SchedulingPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { authFetch } = useServices();
  // the company's calendar, as the server decides which tasks are due
  const today = todayInCompany();
  const [view, setView] = useState<CalendarView>('month');
  const [focus, setFocus] = useState(today);
  const [siteId, setSiteId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [tasks, setTasks] = useState<Task[]>([]);
  const [scheduling, setScheduling] = useState(false);
  const [holders, setHolders] = useState(false);
  const { data: sites = [] } = useGetList('sites', ALL);
  const { data: roles = [] } = useGetList('planningRoles', ALL);
  const days = visibleDays(focus, view);
  const from = days[0];
  const to = days[days.length - 1];
  const load = useCallback(
    () =>
      gqlCall<{ activitiesBetween: Task[] }>(authFetch, TASKS_BETWEEN, {
        from,
        to,
        siteId: siteId || null,
        roleId: roleId || null,
      }).then(
        (d) => setTasks(d.activitiesBetween),
        () => setTasks([]),
      ),
    [authFetch, from, to, siteId, roleId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const heading = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${focus}T00:00:00Z`),
  );
  const links = [
    { path: '/planning/scheduling/roles', label: 'planning.scheduling.roles' },
    { path: '/planning/scheduling/templates', label: 'planning.scheduling.templates' },
    { path: routePath('PlanningTasks'), label: 'planning.scheduling.tasks' },
  ];
  return (
    <Box sx={{ p: 2 }} data-testid="planning-scheduling">
      <Title title={translate('planning.scheduling.title')} />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button variant="contained" startIcon={<EventIcon />} onClick={() => setScheduling(true)}>
          {translate('planning.scheduling.schedule')}
        </Button>
        {links.map((l) =>
          l.path ? (
            <Button key={l.label} component={RouterLink} to={l.path}>
              {translate(l.label)}
            </Button>
          ) : null,
        )}
        <Button onClick={() => setHolders(true)}>{translate('planning.holders.open')}</Button>
        <Box sx={{ flex: 1 }} />
        <TextField
          select
          size="small"
          label={translate('planning.scheduling.site')}
          value={siteId}
          onChange={(e) => setSiteId(e.target.value)}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          <MenuItem value="">{translate('planning.scheduling.all')}</MenuItem>
          {sites.map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {String(s.name)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('planning.scheduling.role')}
          value={roleId}
          onChange={(e) => setRoleId(e.target.value)}
          fullWidth={false}
          sx={{ width: 200 }}
        >
          <MenuItem value="">{translate('planning.scheduling.all')}</MenuItem>
          {roles.map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {String(r.name)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Tooltip title={translate('planning.scheduling.previous')}>
          <IconButton
            aria-label={translate('planning.scheduling.previous')}
            onClick={() => setFocus(shift(focus, view, -1))}
          >
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Button size="small" onClick={() => setFocus(today)}>
          {translate('planning.scheduling.today')}
        </Button>
        <Tooltip title={translate('planning.scheduling.next')}>
          <IconButton
            aria-label={translate('planning.scheduling.next')}
            onClick={() => setFocus(shift(focus, view, 1))}
          >
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Typography
          variant="h6"
          component="h2"
          sx={{ flex: 1, textTransform: 'capitalize' }}
          data-testid="calendar-heading"
        >
          {heading}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_e, v: CalendarView | null) => v && setView(v)}
        >
          <ToggleButton value="month">{translate('planning.scheduling.month')}</ToggleButton>
          <ToggleButton value="week">{translate('planning.scheduling.week')}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box
        role="grid"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}
        data-testid="calendar"
      >
        {days.slice(0, 7).map((d) => (
          <Typography key={`h${d}`} role="columnheader" variant="caption" sx={{ textAlign: 'center', fontWeight: 600 }}>
            {weekday.format(new Date(`${d}T00:00:00Z`))}
          </Typography>
        ))}
        {days.map((d) => {
          const inMonth = view === 'week' || d.slice(0, 7) === focus.slice(0, 7);
          const todays = tasks.filter((t) => onDay(t, d));
          return (
            <Paper
              key={d}
              role="gridcell"
              variant="outlined"
              data-day={d}
              sx={{
                p: 0.5,
                minHeight: view === 'week' ? 220 : 96,
                opacity: inMonth ? 1 : 0.55,
                borderColor: d === today ? 'primary.main' : undefined,
                overflow: 'hidden',
              }}
            >
              <Typography variant="caption" sx={{ fontWeight: d === today ? 700 : 400 }}>
                {Number(d.slice(8))}
              </Typography>
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
                {todays.slice(0, view === 'week' ? 50 : PER_DAY).map((t) => (
                  <Tooltip
                    key={t.id}
                    title={[t.description, t.roleName, t.siteName, t.quantity ?? null].filter(Boolean).join(' · ')}
                  >
                    <Chip
                      size="small"
                      label={t.description}
                      color={t.completed ? 'default' : 'primary'}
                      variant={t.completed ? 'outlined' : 'filled'}
                      sx={{ justifyContent: 'flex-start', textDecoration: t.completed ? 'line-through' : undefined }}
                      data-task={t.id}
                    />
                  </Tooltip>
                ))}
                {view === 'month' && todays.length > PER_DAY ? (
                  <Typography variant="caption">
                    {translate('planning.scheduling.more', { smart_count: todays.length - PER_DAY })}
                  </Typography>
                ) : null}
              </Box>
            </Paper>
          );
        })}
      </Box>
      {holders ? (
        <RoleHoldersDialog
          onClose={() => {
            setHolders(false);
            void load();
          }}
        />
      ) : null}
      {scheduling ? (
        <ScheduleDialog
          open
          today={today}
          sites={sites.map((s) => ({ id: String(s.id), name: String(s.name) }))}
          onClose={(start) => {
            setScheduling(false);
            if (start) {
              setFocus(start);
              void load();
            }
          }}
        />
      ) : null}
    </Box>
  );
}
