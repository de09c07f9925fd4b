// /audit: the company's audit log, newest first (spec 2.3, 2.4, 6). Filters for date range,
// record type, record id (`?entityId=` preselects it, from a transaction's Audit history),
// event and user live in the query string; each row expands to the changed fields, before
// and after. Paged with Relay cursors like the generic lists; page size remembered.
import { ListEmptyText, ListLoadingText } from '../../widgets/ListStatusTexts';
import { SelectFilter as SharedSelectFilter, type SelectFilterProps } from '../../widgets/SelectFilter';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  DataProviderContext,
  DataTable,
  List,
  Pagination,
  TopToolbar,
  useListContext,
  useRecordContext,
  useStoreContext,
  useTranslate,
} from 'react-admin';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import type { EntityMeta } from '../../../shared/meta';
import { fieldLabelKey, resourceNameKey } from '../../generic/labels';
import {
  ColumnWidthSlider,
  columnWidthSx,
  ListUrlSync,
  PrintButton,
  PrintStyles,
  useColumnWidth,
} from '../../generic/ListFeatures';
import { paramsFromUrl, type StoredListParams } from '../../generic/listUrl';
import { filterWithRange, rangeOfFilter } from '../../generic/periodFilter';
import { useCurrentCompany, useServices } from '../../services';
import { DateRangePicker } from '../../widgets/DateRangePicker';
import { formatDateTime } from '../../widgets/dateRules';
import { AUDIT_RESOURCE, createAuditProvider, loadMembers, type AuditEntryRow, type MemberUser } from './api';
import { AUDIT_EVENTS, AUDIT_FILTER, AUDIT_SORT, auditParamsFromSearch, changeValueText, parseChanges } from './model';
import '../exciseTransactions/register';
import { listChromeFitSx } from '../../generic/fitLayout';
import { SortedHead } from '../../generic/SortedHead';
import './register';

const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;
/** the list's store key: its path */
const LIST_KEY = '/audit';

function useEntityLabel() {
  const translate = useTranslate();
  const { entityByName } = useServices();
  return (name: string) => {
    const entity = entityByName[name];
    if (entity) return translate(resourceNameKey(entity), { smart_count: 1 });
    // a vessel action posts under its kind (TransferToTank): the transactions list names those
    const plain = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
    return translate(`transactions.ref_types.${name}`, { _: plain });
  };
}

function fieldLabel(entity: EntityMeta | undefined, field: string, translate: ReturnType<typeof useTranslate>) {
  const meta = entity?.fields.find((f) => f.name === field);
  return meta && entity ? translate(fieldLabelKey(entity, meta), { _: field }) : field;
}

/** The expanded row: each changed field, before -> after. */
function ChangesPanel() {
  const row = useRecordContext<AuditEntryRow>();
  const translate = useTranslate();
  const { entityByName } = useServices();
  if (!row) return null;
  const changes = parseChanges(row.changes);
  if (!changes.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {translate('audit.no_changes')}
      </Typography>
    );
  const entity = entityByName[row.entity];
  const empty = translate('audit.empty_value');
  return (
    <Table size="small" sx={{ my: 1, maxWidth: 900 }} aria-label={translate('audit.columns.changes')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('audit.columns.field')}</TableCell>
          <TableCell>{translate('audit.columns.before')}</TableCell>
          <TableCell aria-hidden />
          <TableCell>{translate('audit.columns.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={c.field}>
            <TableCell>{fieldLabel(entity, c.field, translate)}</TableCell>
            <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
              {changeValueText(c.before) || empty}
            </TableCell>
            <TableCell aria-hidden>→</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{changeValueText(c.after) || empty}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Select(props: Omit<SelectFilterProps, 'anyLabel'>) {
  const translate = useTranslate();
  return <SharedSelectFilter minWidth={170} {...props} anyLabel={translate('audit.filters.any')} />;
}

function EntityIdFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const v = draft.trim();
    if (v !== value) onChange(v);
  };
  return (
    <TextField
      size="small"
      fullWidth={false}
      label={translate('audit.filters.entityId')}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { name: AUDIT_FILTER.entityId, inputMode: 'numeric' } }}
    />
  );
}

function AuditFilterBar() {
  const { filterValues, displayedFilters, setFilters, data } = useListContext<AuditEntryRow>();
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { authFetch, entities } = useServices();
  const entityLabel = useEntityLabel();
  const [members, setMembers] = useState<MemberUser[]>([]);
  const canListMembers = !!company && hasPermission(company.permissions, 'config.read');
  useEffect(() => {
    if (!canListMembers) return;
    let live = true;
    loadMembers(authFetch).then(
      (m) => live && setMembers(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [authFetch, canListMembers]);

  const set = (next: Record<string, unknown>) => setFilters(next, displayedFilters, false);
  const change = (key: string, value: string) => {
    const next = { ...filterValues };
    if (value) next[key] = value;
    else delete next[key];
    set(next);
  };
  const value = (key: string) =>
    filterValues[key] === undefined || filterValues[key] === null ? '' : String(filterValues[key]);

  const entityOptions = useMemo(() => {
    const names = new Set<string>(entities.filter((e) => e.crud).map((e) => e.name));
    for (const row of data ?? []) names.add(row.entity);
    const current = value(AUDIT_FILTER.entity);
    if (current) names.add(current);
    return [...names].map((id) => ({ id, name: entityLabel(id) })).sort((a, b) => a.name.localeCompare(b.name));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entities, data, filterValues]);
  const userOptions = useMemo(() => {
    const users = new Map(members.map((m) => [m.id, m.name]));
    for (const row of data ?? [])
      if (row.userId && !users.has(row.userId)) users.set(row.userId, row.userName ?? row.userId);
    const current = value(AUDIT_FILTER.userId);
    if (current && !users.has(current)) users.set(current, current);
    return [...users].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [members, data, filterValues]);

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', py: 1 }} data-no-print>
      <DateRangePicker
        value={rangeOfFilter(filterValues)}
        onChange={(r) => set(filterWithRange(filterValues, r))}
        allowAll
      />
      <Select
        name={AUDIT_FILTER.entity}
        label={translate('audit.filters.entity')}
        value={value(AUDIT_FILTER.entity)}
        options={entityOptions}
        onChange={(v) => change(AUDIT_FILTER.entity, v)}
      />
      <EntityIdFilter value={value(AUDIT_FILTER.entityId)} onChange={(v) => change(AUDIT_FILTER.entityId, v)} />
      <Select
        name={AUDIT_FILTER.event}
        label={translate('audit.filters.event')}
        value={value(AUDIT_FILTER.event)}
        options={AUDIT_EVENTS.map((e) => ({ id: e, name: translate(`audit.events.${e}`) }))}
        onChange={(v) => change(AUDIT_FILTER.event, v)}
      />
      <Select
        name={AUDIT_FILTER.userId}
        label={translate('audit.filters.user')}
        value={value(AUDIT_FILTER.userId)}
        options={userOptions}
        onChange={(v) => change(AUDIT_FILTER.userId, v)}
      />
    </Box>
  );
}

const ListStatus = () => <ListLoadingText objectsKey="audit.objects" />;

const EmptyText = () => <ListEmptyText objectsKey="audit.objects" />;

function AuditTable() {
  const translate = useTranslate();
  const entityLabel = useEntityLabel();
  const label = (key: string) => translate(`audit.columns.${key}`);
  return (
    <DataTable<AuditEntryRow>
      storeKey={`${LIST_KEY}.datatable`}
      rowClick="expand"
      expand={<ChangesPanel />}
      expandSingle
      bulkActionButtons={false}
      // the sorted column's header says so to screen readers (issue 16)
      head={SortedHead}
      empty={<EmptyText />}
    >
      <DataTable.Col source="at" label={label('at')} render={(r) => formatDateTime(r.at)} />
      <DataTable.Col source="userName" label={label('user')} disableSort render={(r) => r.userName ?? r.userId ?? ''} />
      <DataTable.Col source="entity" label={label('entity')} disableSort render={(r) => entityLabel(r.entity)} />
      <DataTable.Col source="entityId" label={label('entityId')} disableSort />
      <DataTable.Col
        source="event"
        label={label('event')}
        disableSort
        render={(r) => translate(`audit.events.${r.event}`, { _: r.event })}
      />
      <DataTable.Col
        source="changes"
        label={label('changes')}
        disableSort
        render={(r) =>
          parseChanges(r.changes)
            .map((c) => c.field)
            .join(', ')
        }
      />
    </DataTable>
  );
}

/** On open: the URL's filters (or `?entityId=`), else the defaults; the page size remembered. */
function useSeedParams() {
  const { getItem, setItem } = useStoreContext();
  const location = useLocation();
  useState(() => {
    const stored = getItem<StoredListParams>(LIST_KEY);
    setItem(
      LIST_KEY,
      paramsFromUrl(
        stored ? { ...stored, sort: null, order: null } : undefined,
        auditParamsFromSearch(location.search),
        {
          sort: AUDIT_SORT,
          perPage: DEFAULT_PAGE_SIZE,
        },
      ),
    );
    return true;
  });
}

export function AuditPage() {
  const { authFetch } = useServices();
  const translate = useTranslate();
  const provider = useMemo(() => createAuditProvider(authFetch), [authFetch]);
  useSeedParams();
  const [columnWidth] = useColumnWidth(LIST_KEY);
  return (
    <DataProviderContext.Provider value={provider}>
      <Box sx={{ ...columnWidthSx(columnWidth), ...listChromeFitSx }}>
        <PrintStyles orientation="portrait" />
        <List<AuditEntryRow>
          resource={AUDIT_RESOURCE}
          storeKey={LIST_KEY}
          disableSyncWithLocation
          sort={AUDIT_SORT}
          perPage={DEFAULT_PAGE_SIZE}
          pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
          actions={
            <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <PrintButton />
              <ColumnWidthSlider listKey={LIST_KEY} />
            </TopToolbar>
          }
          empty={false}
          title={translate('audit.title')}
        >
          <ListUrlSync defaultSort={AUDIT_SORT} />
          <AuditFilterBar />
          <ListStatus />
          <AuditTable />
        </List>
      </Box>
    </DataProviderContext.Provider>
  );
}
