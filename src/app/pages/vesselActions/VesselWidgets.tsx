// What a vessel's list row and edit screen show of the excise ledger: its contents (one cell
// per column, sharing one vesselContents call per list page), the actions menu offering the
// actions that fit the vessel's type and state, and the contents panel above the edit form.
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button as RaButton, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip, IconButton, LinearProgress, Menu, MenuItem, Paper, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ScienceIcon from '@mui/icons-material/Science';
import { hasAny } from '../../../shared/permissions';
import { useCurrentCompany } from '../../services';
import { formatNumber } from '../../widgets/numberRules';
import type { ExtensionProps } from '../extensions';
import { actionPath, actionsFor, holdsSomething, VESSEL_ENTITIES } from './actions';
import { useVesselStates, type VesselContents, type VesselState } from './api';
import { formatLaa, formatPercent, formatStrength, formatVolume } from './format';
import './register';

export type ContentsColumn = 'alcoholName' | 'lot' | 'volume' | 'strength' | 'laa' | 'fillPercent';

export const WRITE_PERMISSIONS = ['production.write', 'inventory.write'];

/** The ids of the list page the cell is on (all cells share one call for them). */
function usePageIds(record: RaRecord): string[] {
  const { data } = useListContext();
  return useMemo(() => {
    const ids = (data ?? []).map((r) => String(r.id));
    return ids.includes(String(record.id)) ? ids : [...ids, String(record.id)];
  }, [data, record.id]);
}

export function ContentsCell({ record, column }: { record: RaRecord; column: ContentsColumn }) {
  const translate = useTranslate();
  const { states, failed } = useVesselStates(usePageIds(record));
  if (!states) return null;
  if (failed) return column === 'alcoholName' ? <Muted>{translate('app.vessels.unavailable')}</Muted> : null;
  const contents = states.get(String(record.id))?.contents;
  if (!holdsSomething(contents))
    return column === 'alcoholName' ? <Muted>{translate('app.vessels.empty')}</Muted> : null;
  switch (column) {
    case 'alcoholName':
      return <>{contents.alcoholName ?? ''}</>;
    case 'lot':
      return <>{contents.lot ?? ''}</>;
    case 'volume':
      return <>{formatNumber(contents.volume, 3)}</>;
    case 'strength':
      return <>{formatNumber(contents.strength, 2)}</>;
    case 'laa':
      return <>{formatNumber(contents.laa, 3)}</>;
    case 'fillPercent':
      return contents.fillPercent == null ? null : <FillBar percent={contents.fillPercent} />;
  }
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

export function FillBar({ percent, wide = false }: { percent: number; wide?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minWidth: wide ? 160 : 90 }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, percent))}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-hidden
      />
      <Typography component="span" variant="body2" sx={{ minWidth: 44, textAlign: 'right' }}>
        {formatPercent(percent)}
      </Typography>
    </Box>
  );
}

const canAct = (permissions: readonly string[] | undefined) => !!permissions && hasAny(permissions, WRITE_PERMISSIONS);

function ActionsMenu({
  entity,
  record,
  state,
  trigger,
}: ExtensionProps & {
  state: VesselState | undefined;
  trigger: (open: (e: MouseEvent<HTMLElement>) => void, disabled: boolean) => ReactNode;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const vesselType = VESSEL_ENTITIES[entity.name];
  const actions = vesselType && state ? actionsFor(vesselType, state.contents) : [];
  const id = `vessel-actions-${String(record.id)}`;
  return (
    // the row opens the record on click; the menu's clicks stay here (React events bubble through portals)
    <Box component="span" onClick={(e: MouseEvent) => e.stopPropagation()}>
      {trigger((e) => setAnchor(e.currentTarget), !state)}
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.length ? (
          actions.map((a) => (
            <MenuItem
              key={a.key}
              component={RouterLink}
              to={actionPath(a, { vesselId: String(record.id) })}
              onClick={() => setAnchor(null)}
            >
              {translate(`app.vesselActions.action.${a.key}`)}
            </MenuItem>
          ))
        ) : (
          <MenuItem disabled>{translate('app.vessels.no_actions')}</MenuItem>
        )}
      </Menu>
    </Box>
  );
}

/** The actions menu of a list row: a ⋮ button. */
export function RowVesselActions(props: ExtensionProps) {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { states } = useVesselStates(usePageIds(props.record));
  if (!canAct(company?.permissions)) return null;
  return (
    <ActionsMenu
      {...props}
      state={states?.get(String(props.record.id))}
      trigger={(open, disabled) => (
        <IconButton
          size="small"
          aria-label={translate('app.vessels.actions_menu')}
          aria-haspopup="menu"
          onClick={open}
          disabled={disabled}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}

/** The actions menu of an edit screen's toolbar. */
export function EditVesselActions(props: ExtensionProps) {
  const company = useCurrentCompany();
  const ids = useMemo(() => [String(props.record.id)], [props.record.id]);
  const { states } = useVesselStates(ids);
  if (!canAct(company?.permissions)) return null;
  return (
    <ActionsMenu
      {...props}
      state={states?.get(String(props.record.id))}
      trigger={(open, disabled) => (
        <RaButton label="app.vessels.actions" aria-haspopup="menu" onClick={open} disabled={disabled}>
          <ScienceIcon />
        </RaButton>
      )}
    />
  );
}

/** 'Vodka · lot L-12 · 1,000.000 L · 40.00 % · 400.000 LAA' pieces, for panels and pickers. */
export function contentsParts(
  contents: VesselContents | null | undefined,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  if (!holdsSomething(contents)) return [translate('app.vessels.empty')];
  return [
    contents.alcoholName ?? translate(`app.vessels.alcohol_type.${contents.alcoholType}`),
    ...(contents.lot ? [`${translate('app.vessels.lot')} ${contents.lot}`] : []),
    formatVolume(contents.volume),
    formatStrength(contents.strength),
    `${formatLaa(contents.laa)} ${translate('app.vessels.laa')}`,
  ];
}

/** What a vessel holds, as a block (edit panel, action form). */
export function ContentsSummary({ state, title }: { state: VesselState | undefined; title?: string }) {
  const translate = useTranslate();
  const contents = state?.contents;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="vessel-contents">
      <Typography variant="subtitle2" component="h2" gutterBottom>
        {title ?? translate('app.vessels.panel')}
      </Typography>
      {!state ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.vessels.loading')}
        </Typography>
      ) : !holdsSomething(contents) ? (
        <Chip size="small" label={translate('app.vessels.empty')} />
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography variant="body1" sx={{ fontWeight: 500 }}>
            {contents.alcoholName ?? translate(`app.vessels.alcohol_type.${contents.alcoholType}`)}
          </Typography>
          {contents.lot ? <Labelled label={translate('app.vessels.lot')} value={contents.lot} /> : null}
          <Labelled label={translate('app.vessels.volume')} value={formatNumber(contents.volume, 3)} />
          <Labelled label={translate('app.vessels.strength')} value={formatNumber(contents.strength, 2)} />
          <Labelled label={translate('app.vessels.laa')} value={formatNumber(contents.laa, 3)} />
          {contents.ageDate ? <Labelled label={translate('app.vessels.age_date')} value={contents.ageDate} /> : null}
          {contents.fillPercent != null ? <FillBar percent={contents.fillPercent} wide /> : null}
        </Box>
      )}
    </Paper>
  );
}

function Labelled({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

/** The contents panel above a vessel's edit form. */
export function ContentsPanel({ record }: ExtensionProps) {
  const ids = useMemo(() => [String(record.id)], [record.id]);
  const { states, failed } = useVesselStates(ids);
  const translate = useTranslate();
  if (failed)
    return (
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.vessels.unavailable')}
        </Typography>
      </Box>
    );
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <ContentsSummary state={states?.get(String(record.id)) ?? (states ? emptyState(record) : undefined)} />
    </Box>
  );
}

const emptyState = (record: RaRecord): VesselState => ({
  vesselType: 'Tank',
  vesselId: String(record.id),
  vesselName: '',
  contents: null,
});
