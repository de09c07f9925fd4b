// /dashboard: what a distiller checks first thing, each part only when the user's permissions
// allow it, and only real data: outstanding tasks, tank levels (vesselsWithContents: a bar per
// tank with its fill percent, what it holds and its volume), this month's counts of production
// records and sales documents, and shortcuts to the create actions the user may perform.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useCurrentCompany, useServices } from '../../services';
import { canRead, canWrite } from '../../access';
import { TASK_KINDS, draftKindOf } from '../productionDrafts/drafts';
import { editPathFor, createPathFor } from '../../routing/paths';
import { resourceNameKey } from '../../generic/labels';
import { useRouteTitle as useListTitle } from '../../shell/titles';
import { gqlCall } from '../../shell/gql';
import { tasksAllowed } from '../../shell/menu';
import { useOutstandingTasks } from '../../shell/polling';
import { routePath } from '../../shell/namedRoutes';
import type { EntityMeta } from '../../../shared/meta';
import {
  countedEntities,
  monthCountsQuery,
  monthRange,
  PRODUCTION_RECORDS,
  SALES_DOCUMENTS,
  shortcutEntities,
  TANKS_QUERY,
  TANK_LEVELS_QUERY,
  TANK_LEVELS_SHOWN,
  type TankLevel,
} from './dashboardData';
import { formatPercent, formatVolume } from '../vesselActions/format';
import '../vesselActions/register';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`dashboard-${id}`} data-testid={`dashboard-${id}`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`dashboard-${id}`} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

interface Activity {
  id: string;
  description?: string | null;
  startDate?: string | null;
  primitiveType?: string | null;
  primitiveId?: string | null;
  quantity?: number | null;
}

/** A task tied to a recipe opens the matching new-production screen prefilled (spec 4). */
function taskPath(task: Activity, entityByName: Record<string, EntityMeta>): string | null {
  const kind = task.primitiveType ? draftKindOf(TASK_KINDS[task.primitiveType] ?? '') : undefined;
  const entity = kind ? entityByName[kind.entity] : undefined;
  const path = entity ? createPathFor(entity) : null;
  if (!kind || !path || !task.primitiveId) return null;
  const query = new URLSearchParams({ [kind.recipeParam]: task.primitiveId });
  if (kind.amountParam && task.quantity !== null && task.quantity !== undefined)
    query.set(kind.amountParam, String(task.quantity));
  query.set('activityId', task.id);
  return `${path}?${query.toString()}`;
}

function Tasks() {
  const translate = useTranslate();
  const { authFetch, entityByName } = useServices();
  const company = useCurrentCompany();
  const [count, refreshCount] = useOutstandingTasks(true);
  const [tasks, setTasks] = useState<Activity[] | null>(null);
  // the dashboard opens again after a task is completed elsewhere: count afresh
  useEffect(() => refreshCount(), [refreshCount]);
  useEffect(() => {
    gqlCall<{ activitiesForUser: Activity[] }>(
      authFetch,
      'query ActivitiesForUser { activitiesForUser(waiting: false) { id description startDate primitiveType primitiveId quantity } }',
    ).then(
      (d) => setTasks(d.activitiesForUser),
      () => setTasks([]),
    );
  }, [authFetch]);
  const all = routePath('PlanningTasks');
  return (
    <Part id="tasks" title={translate('app.dashboard.tasks')}>
      <Typography>{translate('app.tasks.outstanding', { smart_count: count ?? 0 })}</Typography>
      <List dense>
        {(tasks ?? []).slice(0, 5).map((t) => {
          const path = taskPath(t, entityByName);
          const target = path ? entityByName[TASK_KINDS[t.primitiveType!]] : undefined;
          return (
            <ListItem key={t.id} disableGutters>
              <ListItemText
                primary={
                  path && target && canWrite(target, company) ? (
                    <Link component={RouterLink} to={path}>
                      {t.description}
                    </Link>
                  ) : (
                    t.description
                  )
                }
                secondary={t.startDate}
              />
            </ListItem>
          );
        })}
      </List>
      {all ? (
        <Link component={RouterLink} to={all}>
          {translate('app.tasks.all')}
        </Link>
      ) : null}
    </Part>
  );
}

interface TankNode {
  id: string;
  name: string;
  capacity?: number | string | null;
}

/** Tanks and their capacity only: shown when the levels cannot be loaded. */
function TankCapacities({ entity }: { entity: EntityMeta }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { authFetch } = useServices();
  const [tanks, setTanks] = useState<{ total: number; nodes: TankNode[] } | null>(null);
  useEffect(() => {
    gqlCall<{ tanks: { totalCount: number; edges: { node: TankNode }[] } }>(
      authFetch,
      TANKS_QUERY(entity.ops.connection),
    ).then(
      (d) => setTanks({ total: d.tanks.totalCount, nodes: d.tanks.edges.map((e) => e.node) }),
      () => setTanks({ total: 0, nodes: [] }),
    );
  }, [authFetch, entity]);
  const litres = (v: TankNode['capacity']) =>
    v === null || v === undefined || v === ''
      ? '—'
      : `${Number(v).toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} L`;
  return (
    <Part id="tanks" title={useListTitle(entity)}>
      {tanks && !tanks.nodes.length ? <Typography>{translate('app.dashboard.no_tanks')}</Typography> : null}
      {tanks?.nodes.length ? (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.dashboard.tank')}</TableCell>
              <TableCell align="right">{translate('app.dashboard.capacity')}</TableCell>
              <TableCell>{translate('app.dashboard.contents')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tanks.nodes.map((t) => {
              const path = editPathFor(entity, t as unknown as Record<string, unknown>);
              return (
                <TableRow key={t.id}>
                  <TableCell>
                    {path ? (
                      <Link component={RouterLink} to={path}>
                        {t.name}
                      </Link>
                    ) : (
                      t.name
                    )}
                  </TableCell>
                  <TableCell align="right">{litres(t.capacity)}</TableCell>
                  <TableCell>{translate('app.dashboard.no_contents')}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}
      {tanks && tanks.total > tanks.nodes.length ? (
        <Typography variant="caption">
          {translate('app.dashboard.more_tanks', { n: tanks.total - tanks.nodes.length })}
        </Typography>
      ) : null}
    </Part>
  );
}

/** Tank levels: a bar per tank with its fill percent, what it holds and its volume. */
function TankLevels({ entity }: { entity: EntityMeta }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const [levels, setLevels] = useState<TankLevel[] | null | 'failed'>(null);
  useEffect(() => {
    gqlCall<{ vesselsWithContents: TankLevel[] }>(authFetch, TANK_LEVELS_QUERY, { vesselType: 'Tank' }).then(
      (d) => setLevels(d.vesselsWithContents),
      () => setLevels('failed'),
    );
  }, [authFetch]);
  if (levels === 'failed') return <TankCapacities entity={entity} />;
  const shown = (levels ?? []).slice(0, TANK_LEVELS_SHOWN);
  return (
    <Part id="tanks" title={translate('app.vessels.tank_levels')}>
      {levels && !levels.length ? <Typography>{translate('app.dashboard.no_tanks')}</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {shown.map((t) => {
          const path = editPathFor(entity, { id: t.vesselId });
          const contents = t.contents && (t.contents.volume !== 0 || t.contents.laa !== 0) ? t.contents : null;
          const percent = contents?.fillPercent ?? (contents ? null : 0);
          return (
            <Box component="li" key={t.vesselId} data-testid="tank-level">
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {path ? (
                    <Link component={RouterLink} to={path}>
                      {t.vesselName}
                    </Link>
                  ) : (
                    t.vesselName
                  )}
                </Typography>
                <Typography variant="body2">{percent === null ? '—' : formatPercent(percent)}</Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={Math.max(0, Math.min(100, percent ?? 0))}
                sx={{ height: 8, borderRadius: 4, my: 0.5 }}
                aria-label={translate('app.vessels.tank_level', {
                  name: t.vesselName,
                  percent: percent === null ? '—' : formatPercent(percent),
                })}
              />
              <Typography variant="caption" color="text.secondary" component="div">
                {contents
                  ? `${contents.alcoholName ?? ''}${contents.lot ? ` · ${translate('app.vessels.lot')} ${contents.lot}` : ''} · ${formatVolume(contents.volume)}${t.capacity ? ` / ${formatVolume(t.capacity)}` : ''}`
                  : `${translate('app.vessels.empty')}${t.capacity ? ` · ${translate('app.vessels.capacity')} ${formatVolume(t.capacity)}` : ''}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
      {levels && levels.length > shown.length ? (
        <Typography variant="caption">
          {translate('app.dashboard.more_tanks', { n: levels.length - shown.length })}
        </Typography>
      ) : null}
    </Part>
  );
}

function CountRow({ entity, count }: { entity: EntityMeta; count: number | undefined }) {
  const title = useListTitle(entity);
  const path = routePath(entity.routes?.lists.find((l) => l.name)?.name ?? '') ?? null;
  return (
    <TableRow>
      <TableCell>
        {path ? (
          <Link component={RouterLink} to={path}>
            {title}
          </Link>
        ) : (
          title
        )}
      </TableCell>
      <TableCell align="right" data-testid={`count-${entity.name}`}>
        {count ?? '…'}
      </TableCell>
    </TableRow>
  );
}

function MonthCounts({ id, names }: { id: string; names: string[] }) {
  const translate = useTranslate();
  const { authFetch, entities } = useServices();
  const company = useCurrentCompany();
  const counted = useMemo(() => countedEntities(entities, names, company), [entities, names, company]);
  const query = useMemo(() => monthCountsQuery(counted), [counted]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  useEffect(() => {
    if (!query) return;
    const range: Record<string, string> = monthRange(new Date());
    // only the variables the document declares
    const variables = Object.fromEntries(Object.entries(range).filter(([k]) => query.includes(`$${k}:`)));
    gqlCall<Record<string, { totalCount: number }>>(authFetch, query, variables).then(
      (d) => setCounts(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.totalCount]))),
      () => undefined,
    );
  }, [authFetch, query]);
  if (!counted.length) return null;
  return (
    <Part id={id} title={translate(`app.dashboard.${id}`)}>
      <Table size="small">
        <TableBody>
          {counted.map((e) => (
            <CountRow key={e.name} entity={e} count={counts[e.plural]} />
          ))}
        </TableBody>
      </Table>
    </Part>
  );
}

function Shortcut({ entity }: { entity: EntityMeta }) {
  const translate = useTranslate();
  const path = createPathFor(entity);
  if (!path) return null;
  return (
    <Button component={RouterLink} to={path} startIcon={<AddIcon />} variant="outlined" size="small">
      {translate('app.dashboard.new', { name: translate(resourceNameKey(entity), { smart_count: 1 }) })}
    </Button>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { entities, entityByName } = useServices();
  const company = useCurrentCompany();
  const shortcuts = useMemo(() => shortcutEntities(entities, company), [entities, company]);
  const tank = entityByName.tank;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="app.dashboard.title" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))' }}>
        {tasksAllowed(company) ? <Tasks /> : null}
        {tank && canRead(tank, company) ? <TankLevels entity={tank} /> : null}
        <MonthCounts id="production_month" names={PRODUCTION_RECORDS} />
        <MonthCounts id="sales_month" names={SALES_DOCUMENTS} />
        {shortcuts.length ? (
          <Part id="shortcuts" title={translate('app.dashboard.shortcuts')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {shortcuts.map((e) => (
                <Shortcut key={e.name} entity={e} />
              ))}
            </Box>
          </Part>
        ) : null}
      </Box>
    </Box>
  );
}
