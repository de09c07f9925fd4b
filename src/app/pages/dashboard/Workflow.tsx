// /production/overview, the workflow view (spec 2.3): the steps the company's workflow
// preferences turn on, each with its screens, what waits in it (records not completed) and,
// for the vessels, what each holds. People with config.write choose the steps here.
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import type { EntityMeta } from '../../../shared/meta';
import { useCurrentCompany, useServices } from '../../services';
import { useRouteTitle as useListTitle } from '../../shell/titles';
import { gqlCall } from '../../shell/gql';
import {
  WORKFLOW_PREFERENCE_KEYS as PREFERENCE_KEYS,
  workflowSteps,
  type WorkflowEntry,
  type WorkflowPreferences,
} from '../../shell/workflow';
const FIELDS = PREFERENCE_KEYS.join(' ');
const VESSEL_TYPES: Record<string, string> = { EquipmentTanks: 'Tank', EquipmentFermenters: 'Fermenter' };

interface VesselState {
  vesselId: string;
  vesselName: string;
  contents: { alcoholName?: string | null; lot?: string | null; volume: number; strength: number } | null;
}

/** How many records of a production entity are not completed yet (null: it has no such flag). */
function useWaiting(entity: EntityMeta): number | null {
  const { authFetch } = useServices();
  const [count, setCount] = useState<number | null>(null);
  const completable = entity.fields.some((f) => f.name === 'completed');
  useEffect(() => {
    if (!completable) return;
    let live = true;
    gqlCall<Record<string, { totalCount: number }>>(
      authFetch,
      `query Waiting { ${entity.ops.connection}(first: 1, filters: [{ field: "completed", comparator: eq, value: "false" }]) { totalCount } }`,
      {},
      { silent: true },
    ).then(
      (d) => live && setCount(d[entity.ops.connection]?.totalCount ?? 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [authFetch, entity, completable]);
  return completable ? count : null;
}

function Vessels({ type }: { type: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { authFetch } = useServices();
  const [vessels, setVessels] = useState<VesselState[] | null>(null);
  useEffect(() => {
    gqlCall<{ vesselsWithContents: VesselState[] }>(
      authFetch,
      `query OverviewVessels($t: VesselType!) { vesselsWithContents(vesselType: $t) { vesselId vesselName contents { alcoholName lot volume strength } } }`,
      { t: type },
      { silent: true },
    ).then(
      (d) => setVessels(d.vesselsWithContents),
      () => setVessels([]),
    );
  }, [authFetch, type]);
  const litres = (v: number) =>
    v.toLocaleString(locale === 'fr' ? 'fr-CA' : 'en-CA', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const full = (vessels ?? []).filter((v) => v.contents);
  if (!vessels) return null;
  return (
    <List dense aria-label={translate('app.workflow.holding')} sx={{ pl: 2 }}>
      {!full.length ? (
        <ListItem disableGutters>
          <Typography variant="body2" color="text.secondary">
            {translate('app.workflow.all_empty')}
          </Typography>
        </ListItem>
      ) : null}
      {full.map((v) => (
        <ListItem key={v.vesselId} disableGutters>
          <Typography variant="body2">
            {translate('app.workflow.holds', {
              vessel: v.vesselName,
              volume: litres(v.contents!.volume),
              strength: v.contents!.strength.toFixed(2),
              alcohol: v.contents!.alcoholName ?? '',
              lot: v.contents!.lot ? ` (${v.contents!.lot})` : '',
            })}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function EntryLink({ entry }: { entry: WorkflowEntry }) {
  const translate = useTranslate();
  const title = useListTitle(entry.entity);
  const waiting = useWaiting(entry.entity);
  return (
    <>
      <ListItem disableGutters>
        <Link component={RouterLink} to={entry.path}>
          {title}
        </Link>
        {waiting ? (
          <Typography component="span" variant="body2" sx={{ ml: 1 }}>
            {translate('app.workflow.waiting', { smart_count: waiting })}
          </Typography>
        ) : null}
      </ListItem>
      {VESSEL_TYPES[entry.name] ? <Vessels type={VESSEL_TYPES[entry.name]} /> : null}
    </>
  );
}

function StepChoice({
  preferences,
  onChange,
}: {
  preferences: WorkflowPreferences;
  onChange: (p: WorkflowPreferences) => void;
}) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const save = (key: keyof WorkflowPreferences, value: boolean) =>
    gqlCall<{ productionOverviewSetPreferences: WorkflowPreferences }>(
      authFetch,
      `mutation SetWorkflow($p: WorkflowPreferencesInput!) { productionOverviewSetPreferences(preferences: $p) { ${FIELDS} } }`,
      { p: { [key]: value } },
    ).then(
      (d) => onChange(d.productionOverviewSetPreferences),
      () => undefined,
    );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1">
        {translate('app.workflow.choose')}
      </Typography>
      <FormGroup row>
        {PREFERENCE_KEYS.map((key) => (
          <FormControlLabel
            key={key}
            control={<Checkbox checked={preferences[key]} onChange={(e) => void save(key, e.target.checked)} />}
            label={translate(`app.workflow.preference.${key}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

export function Workflow() {
  const translate = useTranslate();
  const { entities, authFetch } = useServices();
  const company = useCurrentCompany();
  // undefined while they load (the steps wait for them), null when they cannot be read (all show)
  const [preferences, setPreferences] = useState<WorkflowPreferences | null | undefined>(undefined);
  useEffect(() => {
    gqlCall<{ productionOverviewPreferences: WorkflowPreferences }>(
      authFetch,
      `query WorkflowPreferences { productionOverviewPreferences { ${FIELDS} } }`,
      {},
      { silent: true },
    ).then(
      (d) => setPreferences(d.productionOverviewPreferences),
      () => setPreferences(null),
    );
  }, [authFetch]);
  const steps = useMemo(
    () => workflowSteps(entities, company, undefined, preferences),
    [entities, company, preferences],
  );
  const canChoose = hasPermission(company?.permissions ?? [], 'config.write');
  if (preferences === undefined) return <Title title="app.workflow.title" />;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="app.workflow.title" />
      {canChoose && preferences ? <StepChoice preferences={preferences} onChange={setPreferences} /> : null}
      {!steps.length ? <Typography>{translate('app.workflow.empty')}</Typography> : null}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        }}
      >
        {steps.map((s, i) => (
          <Card key={s.step} component="li" aria-labelledby={`workflow-${s.step}`}>
            <CardContent>
              <Typography variant="overline">{translate('app.workflow.step', { n: i + 1 })}</Typography>
              <Typography variant="h6" component="h2" id={`workflow-${s.step}`}>
                {translate(`app.workflow.steps.${s.step}`)}
              </Typography>
              <List dense>
                {s.entries.map((entry) => (
                  <EntryLink key={entry.name} entry={entry} />
                ))}
              </List>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
