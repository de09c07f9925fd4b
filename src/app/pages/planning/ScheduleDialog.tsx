// "Schedule from template": a template, a start date, a site, an optional quantity scale and,
// for each kind of recipe the template's steps use, which recipe (a MashBill step mashes the
// mash bill chosen here) -> one task per step, saved by the server in one transaction.
import { useState } from 'react';
import { useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { SCHEDULE } from './api';

const RECIPE_RESOURCE: Record<string, string> = {
  MashBill: 'mashBills',
  Process: 'processes',
  Formula: 'formulas',
  Product: 'products',
  Item: 'items',
};

const ALL = { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' as const } };

interface Step {
  description?: string;
  primitiveType?: string;
}

function RecipePicker({ kind, value, onChange }: { kind: string; value: string; onChange: (id: string) => void }) {
  const translate = useTranslate();
  const { data = [] } = useGetList(RECIPE_RESOURCE[kind], ALL);
  return (
    <TextField
      select
      label={translate(`planning.scheduling.recipe.${kind}`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `recipe-${kind}` } }}
    >
      <MenuItem value="">{translate('planning.scheduling.none')}</MenuItem>
      {data.map((r) => (
        <MenuItem key={r.id} value={String(r.id)}>
          {String(r.name ?? r.id)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ScheduleDialog({
  open,
  onClose,
  sites,
  today,
}: {
  open: boolean;
  onClose: (scheduledFrom: string | null) => void;
  sites: { id: string; name: string }[];
  today: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { authFetch } = useServices();
  const { data: templates = [] } = useGetList('planningTemplates', { ...ALL, filter: { active: true } });
  const [templateId, setTemplateId] = useState('');
  const [startDate, setStartDate] = useState(today);
  const [siteId, setSiteId] = useState('');
  const [scale, setScale] = useState('1');
  const [recipes, setRecipes] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { data: template } = useGetOne('planningTemplates', { id: templateId }, { enabled: !!templateId });
  const steps = ((template?.steps as Step[] | undefined) ?? []).filter(Boolean);
  const kinds = [...new Set(steps.map((s) => s.primitiveType ?? ''))].filter((k) => RECIPE_RESOURCE[k]);
  const scaleNumber = scale.trim() === '' ? 1 : Number(scale);
  const valid =
    !!templateId && /^\d{4}-\d{2}-\d{2}$/.test(startDate) && Number.isFinite(scaleNumber) && scaleNumber > 0;
  const submit = async () => {
    setBusy(true);
    try {
      const d = await gqlCall<{ activitiesScheduleFromTemplate: { id: string }[] }>(authFetch, SCHEDULE, {
        input: {
          templateId,
          startDate,
          siteId: siteId || null,
          scale: scaleNumber,
          recipes: kinds.filter((k) => recipes[k]).map((k) => ({ primitiveType: k, primitiveId: recipes[k] })),
        },
      });
      notify('planning.scheduling.scheduled', {
        type: 'success',
        messageArgs: { smart_count: d.activitiesScheduleFromTemplate.length },
      });
      onClose(startDate);
    } catch {
      // the error banner shows what the server answered
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={() => onClose(null)} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('planning.scheduling.schedule')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {templates.length === 0 ? <Typography>{translate('planning.scheduling.noTemplates')}</Typography> : null}
          <TextField
            select
            label={translate('planning.scheduling.template')}
            value={templateId}
            onChange={(e) => {
              setTemplateId(e.target.value);
              setRecipes({});
            }}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-template' } }}
          >
            {templates.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {String(t.name)}
              </MenuItem>
            ))}
          </TextField>
          {steps.length ? (
            <Typography variant="body2" color="text.secondary">
              {translate('planning.scheduling.steps', { smart_count: steps.length })}:{' '}
              {steps.map((s) => s.description).join(' · ')}
            </Typography>
          ) : null}
          <TextField
            type="date"
            label={translate('planning.scheduling.startDate')}
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-start' } }}
          />
          <TextField
            select
            label={translate('planning.scheduling.site')}
            value={siteId}
            onChange={(e) => setSiteId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'schedule-site' } }}
          >
            <MenuItem value="">{translate('planning.scheduling.none')}</MenuItem>
            {sites.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={translate('planning.scheduling.scale')}
            helperText={translate('planning.scheduling.scaleHelp')}
            value={scale}
            onChange={(e) => setScale(e.target.value)}
            slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'schedule-scale' } }}
          />
          {kinds.map((k) => (
            <RecipePicker
              key={k}
              kind={k}
              value={recipes[k] ?? ''}
              onChange={(id) => setRecipes((r) => ({ ...r, [k]: id }))}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)}>{translate('planning.scheduling.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => void submit()} data-testid="schedule-save">
          {translate('planning.scheduling.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
