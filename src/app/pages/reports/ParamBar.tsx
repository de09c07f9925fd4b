// The viewer's parameters, as its catalogue entry lists them (issue 15): the date range with the
// spec's presets (spec 9), a day for `asOf`, a picker per id (the site only when the company has
// more than one), a select for `by`. Every change replaces the query string: the view reloads
// and can be shared as it is.
import { Autocomplete, Box, MenuItem, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReportMeta } from '../../../shared/reports/types';
import type { ClientListName } from '../../clientLists/clientLists';
import { useClientList } from '../../clientLists/useClientList';
import { useCurrentCompany } from '../../services';
import { DateField } from '../../widgets/DateInputs';
import { DateRangePicker } from '../../widgets/DateRangePicker';
import { SelectFilter } from '../../widgets/SelectFilter';
import { useText } from './i18n';
import { ID_PARAMS, asOfOfQuery, queryWith, queryWithRange, rangeOfQuery, type IdParam } from './model';

interface Choice {
  id: string;
  name: string;
}

/** Where each id's choices come from: the client lists (spec 4) or the entity's list. */
const SOURCES: Record<Exclude<IdParam, 'siteId'>, { list: ClientListName } | { resource: string }> = {
  customerId: { list: 'customer' },
  productId: { list: 'product' },
  itemId: { list: 'item' },
  spiritId: { resource: 'spirits' },
  wineId: { resource: 'wines' },
  salesRepId: { resource: 'salesReps' },
  processId: { resource: 'processes' },
};

const toChoices = (rows: readonly { id: unknown; name?: unknown }[]): Choice[] =>
  rows.map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) }));

function Picker(props: {
  param: IdParam;
  label: string;
  choices: Choice[];
  value: string;
  loading: boolean;
  onChange: (v: string) => void;
}) {
  const selected = props.choices.find((c) => c.id === props.value) ?? null;
  return (
    <Autocomplete
      size="small"
      sx={{ width: 240 }}
      options={props.choices}
      loading={props.loading}
      value={selected}
      getOptionLabel={(c) => c.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, c) => props.onChange(c?.id ?? '')}
      renderInput={(params) => <TextField {...params} label={props.label} name={props.param} />}
    />
  );
}

function ClientPicker(props: {
  param: IdParam;
  list: ClientListName;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { records, status } = useClientList(props.list);
  return <Picker {...props} choices={toChoices(records)} loading={status !== 'ready' && status !== 'error'} />;
}

function ListPicker(props: {
  param: IdParam;
  resource: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  // the server's largest page: a company's spirits, wines, reps or processes fit in it
  const { data = [], isPending } = useGetList(props.resource, {
    pagination: { page: 1, perPage: 250 },
    sort: { field: 'name', order: 'ASC' },
  });
  return <Picker {...props} choices={toChoices(data)} loading={isPending} />;
}

export function ParamBar({ meta }: { meta: ReportMeta }) {
  const translate = useTranslate();
  const text = useText();
  const company = useCurrentCompany();
  const location = useLocation();
  const navigate = useNavigate();
  const q = new URLSearchParams(location.search);
  const go = (search: string) => navigate({ search }, { replace: true });
  const set = (key: string) => (value: string | null) => go(queryWith(location.search, key, value ?? ''));
  const label = (key: string) => translate(`reports.params.${key}`);
  const sites = ((company?.sites as { id: string; name: string }[] | undefined) ?? []).filter(Boolean);
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', py: 1 }}
      data-no-print
      data-testid="report-params"
    >
      {meta.params.includes('range') ? (
        <DateRangePicker
          label={label('range')}
          value={rangeOfQuery(location.search)}
          onChange={(r) => go(queryWithRange(location.search, r))}
        />
      ) : null}
      {meta.params.includes('asOf') ? (
        <DateField label={label('asOf')} name="asOf" value={asOfOfQuery(location.search)} onChange={set('asOf')} />
      ) : null}
      {ID_PARAMS.filter((p) => meta.params.includes(p)).map((p) => {
        if (p === 'siteId')
          return sites.length > 1 ? (
            <SelectFilter
              key={p}
              name={p}
              label={label(p)}
              anyLabel={label('any')}
              value={q.get(p) ?? ''}
              options={sites.map((s) => ({ id: String(s.id), name: s.name }))}
              onChange={set(p)}
            />
          ) : null;
        const source = SOURCES[p];
        const common = { param: p, label: label(p), value: q.get(p) ?? '', onChange: set(p) };
        return 'list' in source ? (
          <ClientPicker key={p} {...common} list={source.list} />
        ) : (
          <ListPicker key={p} {...common} resource={source.resource} />
        );
      })}
      {meta.by ? (
        <TextField
          select
          size="small"
          label={label('by')}
          value={meta.by.some((b) => b.value === q.get('by')) ? q.get('by') : meta.by[0].value}
          onChange={(e) => set('by')(e.target.value === meta.by![0].value ? '' : e.target.value)}
          sx={{ minWidth: 180 }}
          slotProps={{ htmlInput: { name: 'by' } }}
        >
          {meta.by.map((b) => (
            <MenuItem key={b.value} value={b.value}>
              {text(b.label)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Box>
  );
}
