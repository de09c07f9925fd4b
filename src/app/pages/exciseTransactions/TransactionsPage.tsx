// The excise transactions list of a vessel or an alcohol record (spec 2.5): the object's name
// and contents at the top; filters for date range (default Last 30 days, or All), site (only
// with more than one site), activity and excise type, in the query string; rows by date with
// running balances where spec 5 allows them; a totals row over every selected row; a row menu
// (Details, Trace lot, Audit history, Delete transaction); batch delete; landscape printing;
// CSV export. Show reversed (in the query string too) adds the reversed rows, struck through,
// and their reversals, neither of them deletable, and no balances (the API gives none). '/'
// focuses the first filter, through the generic lists' handler. Read-only without
// production.write.
import { ListEmptyText, ListLoadingText } from '../../widgets/ListStatusTexts';
import { SelectFilter as SharedSelectFilter, type SelectFilterProps } from '../../widgets/SelectFilter';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { matchPath, useLocation, useNavigate, useParams, Link as RouterLink } from 'react-router-dom';
import {
  Button,
  ColumnsButton,
  DataProviderContext,
  DataTable,
  List,
  Pagination,
  RecordContextProvider,
  TopToolbar,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useStoreContext,
  useTranslate,
} from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  IconButton,
  Link,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Switch,
  TableCell,
  TableFooter,
  TableRow,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import HistoryIcon from '@mui/icons-material/History';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { EXCISE_CATEGORIES, EXCISE_CATEGORY_NAMES, type AlcoholType } from '../../../shared/excise/categories';
import { hasAny, hasPermission } from '../../../shared/permissions';
import { holdsValues } from '../../access';
import { isFeatureOn, type Company } from '../../company/companies';
import { downloadFile } from '../../data/download';
import { deleteOutcome } from '../../generic/deleteOutcome';
import {
  ColumnWidthSlider,
  columnWidthSx,
  ErrorAwareBody,
  ListUrlSync,
  PrintButton,
  PrintStyles,
  RowErrorsProvider,
  useColumnWidth,
  useRowErrors,
  useSlashKey,
} from '../../generic/ListFeatures';
import { paramsFromUrl, parseListSearch, printOrientationFor, type StoredListParams } from '../../generic/listUrl';
import { PermissionDenied } from '../../generic/PermissionDenied';
import { editPathFor, routeTable } from '../../routing/paths';
import { useCurrentCompany, useServices } from '../../services';
import { routePath } from '../../shell/namedRoutes';
import { DateRangePicker } from '../../widgets/DateRangePicker';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';
import { formatNumber } from '../../widgets/numberRules';
import { customPages } from '../registry';
import {
  ACTION_REF_TYPES,
  auditPathFor,
  balancesVisible,
  DEFAULT_SORT,
  detailsPathFor,
  entityNameOfRefType,
  FILTER,
  filterWithRange,
  filterWithReversed,
  isDeletable,
  lotTracePath,
  rangeOfFilter,
  refIdsOf,
  reversalKind,
  showsReversed,
} from './model';
import { ownerFromParams, type TransactionsOwner } from './owners';
import {
  createTransactionsProvider,
  deleteTransaction,
  exportTransactions,
  TRANSACTIONS_RESOURCE,
  type ExciseTransactionRow,
  type TransactionsMeta,
} from './api';
import type { ConnectionDataProvider } from '../../data/connectionProvider';
import { showDay } from '../../widgets/dateDisplay';
import './register';
import { listChromeFitSx } from '../../generic/fitLayout';
import { SortedHead } from '../../generic/SortedHead';

/** spec 9: list page sizes 25, 50, 100, default 25, remembered per list */
const PAGE_SIZES = [25, 50, 100];
const DEFAULT_PAGE_SIZE = 25;
/** columns the user can add with the Columns button */
const HIDDEN_BY_DEFAULT = ['litres', 'kg', 'siteName', 'userName', 'comments'];

type Row = ExciseTransactionRow & { __totals?: boolean };

// ---------------------------------------------------------------- page context

interface ListSetup {
  owner: TransactionsOwner;
  id: string;
  provider: ConnectionDataProvider;
  writable: boolean;
  /** every row loaded in this list, by id (a batch delete needs the refIds of rows on other pages) */
  seen: Map<string, ExciseTransactionRow>;
}

const SetupContext = createContext<ListSetup | null>(null);
const useSetup = (): ListSetup => {
  const setup = useContext(SetupContext);
  if (!setup) throw new Error('outside the transactions list');
  return setup;
};

const useMeta = (): TransactionsMeta | undefined => useListContext().meta as TransactionsMeta | undefined;

// ---------------------------------------------------------------- texts

function useLabels() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      refType: (refType: string) =>
        translate(`transactions.ref_types.${refType}`, { _: refType.replace(/([a-z])([A-Z])/g, '$1 $2') }),
      excise: (category: string) => {
        const info = (EXCISE_CATEGORIES as Record<string, { en: string; fr: string } | undefined>)[category];
        return info ? (locale === 'fr' ? info.fr : info.en) : category;
      },
    }),
    [translate, locale],
  );
}

const qty = (v: number | null | undefined, precision = 3) =>
  v === null || v === undefined ? '' : formatNumber(v, precision);

/** The routes the app serves (a Details link must lead somewhere). */
function useRoutable(): (path: string) => boolean {
  const { entities } = useServices();
  return useMemo(() => {
    const patterns = [...customPages.flatMap((p) => p.paths), ...routeTable(entities).map((r) => r.path)];
    return (path: string) => {
      const pathname = path.split('?')[0];
      return patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
    };
  }, [entities]);
}

// ---------------------------------------------------------------- summary

function OwnerSummaryCard() {
  const translate = useTranslate();
  const meta = useMeta();
  const { owner } = useSetup();
  const summary = meta?.owner;
  if (!summary) return null;
  let line: string;
  if (owner.vessel) {
    const c = summary.contents;
    line = c
      ? translate('transactions.summary.holds', {
          alcohol: c.alcoholName ?? '',
          lot: c.lot ? translate('transactions.summary.lot', { lot: c.lot }) : '',
          volume: qty(c.volume),
          strength: qty(c.strength, 2),
          laa: qty(c.laa),
        }) +
        (c.fillPercent !== null && c.fillPercent !== undefined
          ? ` · ${translate('transactions.summary.fill', { percent: formatNumber(c.fillPercent, 1) })}`
          : '')
      : translate('transactions.summary.empty');
  } else {
    const h = summary.onHand;
    line = translate('transactions.summary.on_hand', {
      volume: qty(h?.volume ?? 0),
      laa: qty(h?.laa ?? 0),
      smart_count: h?.vesselCount ?? 0,
    });
  }
  return (
    <Card sx={{ mb: 1 }} data-testid="transactions-summary">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="h6" component="h1">
          {summary.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" role="status">
          {line}
        </Typography>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------- filters

function alcoholTypesOf(owner: TransactionsOwner, company: Company | null): AlcoholType[] {
  if (owner.kind === 'spirit') return ['Spirit'];
  if (owner.kind === 'wine') return ['Wine'];
  if (owner.kind === 'nonExcise') return ['NonExcise'];
  return isFeatureOn(company, 'allowWine') ? ['Spirit', 'Wine', 'NonExcise'] : ['Spirit', 'NonExcise'];
}

function SelectFilter(props: Omit<SelectFilterProps, 'anyLabel'>) {
  const translate = useTranslate();
  return <SharedSelectFilter minWidth={180} {...props} anyLabel={translate('transactions.filters.any')} />;
}

function TransactionFilterBar() {
  const { filterValues, displayedFilters, setFilters, data } = useListContext<Row>();
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { owner } = useSetup();
  const labels = useLabels();
  const sites = ((company?.sites as { id: string; name: string }[] | undefined) ?? []).filter(Boolean);
  const set = (next: Record<string, unknown>) => setFilters(next, displayedFilters, false);
  const change = (key: string, value: string) => {
    const next = { ...filterValues };
    if (value) next[key] = value;
    else delete next[key];
    set(next);
  };
  const value = (key: string) => (typeof filterValues[key] === 'string' ? (filterValues[key] as string) : '');

  const activities = useMemo(() => {
    const all = new Set([...ACTION_REF_TYPES, ...(data ?? []).map((r) => r.refType).filter(Boolean)]);
    const current = filterValues[FILTER.activity];
    if (typeof current === 'string' && current) all.add(current);
    return [...all].map((id) => ({ id, name: labels.refType(id) })).sort((a, b) => a.name.localeCompare(b.name));
  }, [data, filterValues, labels]);
  const types = alcoholTypesOf(owner, company);
  const categories = EXCISE_CATEGORY_NAMES.filter((c) => types.includes(EXCISE_CATEGORIES[c].alcoholType)).map(
    (id) => ({ id, name: labels.excise(id) }),
  );

  return (
    // data-slash-focus: the '/' key (useSlashKey) focuses the first control here, the date range
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', py: 1 }}
      data-no-print
      data-slash-focus
    >
      <DateRangePicker
        value={rangeOfFilter(filterValues)}
        onChange={(r) => set(filterWithRange(filterValues, r))}
        allowAll
      />
      {sites.length > 1 ? (
        <SelectFilter
          name={FILTER.site}
          label={translate('transactions.filters.site')}
          value={value(FILTER.site)}
          options={sites.map((s) => ({ id: String(s.id), name: s.name }))}
          onChange={(v) => change(FILTER.site, v)}
        />
      ) : null}
      <SelectFilter
        name={FILTER.activity}
        label={translate('transactions.filters.activity')}
        value={value(FILTER.activity)}
        options={activities}
        onChange={(v) => change(FILTER.activity, v)}
      />
      <SelectFilter
        name={FILTER.excise}
        label={translate('transactions.filters.excise')}
        value={value(FILTER.excise)}
        options={categories}
        onChange={(v) => change(FILTER.excise, v)}
      />
      <FormControlLabel
        sx={{ ml: 0, minHeight: 40 }}
        control={
          <Switch
            size="small"
            name={FILTER.reversed}
            checked={showsReversed(filterValues)}
            onChange={(e) => set(filterWithReversed(filterValues, e.target.checked))}
          />
        }
        label={translate('transactions.filters.show_reversed')}
      />
    </Box>
  );
}

// ---------------------------------------------------------------- toolbar

function ExportButton() {
  const { filterValues, sort } = useListContext();
  const { authFetch } = useServices();
  const { id } = useSetup();
  const meta = useMeta();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const url = await exportTransactions(authFetch, id, filterValues, sort);
      const name = (meta?.owner?.name || 'transactions').replace(/[^\w.-]+/g, '-');
      await downloadFile(url, authFetch, `${name}-transactions.csv`);
    } catch (error) {
      // a GraphQL failure is on the error banner already
      if (!(error as { graphQLErrors?: unknown }).graphQLErrors)
        notify((error as Error)?.message || 'app.list.export_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="app.list.export_csv" onClick={() => void onClick()} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}

function Actions({ csv, tableKey, listKey }: { csv: boolean; tableKey: string; listKey: string }) {
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <ColumnsButton storeKey={tableKey} />
      {csv ? <ExportButton /> : null}
      <PrintButton />
      <ColumnWidthSlider listKey={listKey} />
    </TopToolbar>
  );
}

// ---------------------------------------------------------------- delete

function useReverse() {
  const { authFetch } = useServices();
  const { provider } = useSetup();
  const refresh = useRefresh();
  return useMemo(
    () => ({
      reverse: (refId: string) => deleteTransaction(authFetch, refId),
      done: () => {
        provider.forget(TRANSACTIONS_RESOURCE);
        refresh();
      },
    }),
    [authFetch, provider, refresh],
  );
}

/** Batch delete: one exciseTransactionDelete per distinct refId, then 'Deleted {n} of {total}'. */
function BulkReverseButton() {
  const { selectedIds, onSelect } = useListContext();
  const { seen } = useSetup();
  const { reverse, done } = useReverse();
  const { setErrors } = useRowErrors();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onConfirm = async () => {
    setDeleting(true);
    const { refIds, rowsOf } = refIdsOf(selectedIds, seen);
    const failed = new Map<string, string>();
    let deleted = 0;
    // one at a time: reversals of one vessel serialise on the server anyway
    for (const refId of refIds) {
      try {
        await reverse(refId);
        deleted += 1;
      } catch (error) {
        for (const rowId of rowsOf.get(refId) ?? []) failed.set(rowId, (error as Error)?.message || 'Not deleted');
      }
    }
    const outcome = deleteOutcome(refIds.length, deleted);
    const text =
      translate(outcome.message, outcome.args) +
      (outcome.suffix ? ` ${translate(outcome.suffix.message, outcome.suffix.args)}` : '');
    notify(text, { type: outcome.type });
    setErrors(failed);
    onSelect(selectedIds.filter((id) => failed.has(String(id))));
    setDeleting(false);
    setOpen(false);
    done();
  };

  const name = translate('app.delete.selected', { smart_count: selectedIds.length });
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={deleting}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        loading={deleting}
        title="widgets.delete.title"
        titleArgs={{ name }}
        content="widgets.delete.content"
        confirmLabel="ra.action.delete"
        confirmColor="error"
        onConfirm={() => void onConfirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

// ---------------------------------------------------------------- row menu

function RowMenu() {
  const row = useRecordContext<Row>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const { writable } = useSetup();
  const { reverse, done } = useReverse();
  const labels = useLabels();
  const routable = useRoutable();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!row || row.__totals) return null;

  const recordPath = (refType: string, refId: string) => {
    const entity = entityByName[entityNameOfRefType(refType)];
    return entity?.routes ? editPathFor(entity, { id: refId }) : null;
  };
  const details = detailsPathFor(row, recordPath);
  const trace = lotTracePath(row, routePath('ReportsView'));
  const auditAllowed = !!company && isFeatureOn(company, 'allowAudit') && hasAny(company.permissions, ['audit']);
  const audit = auditAllowed ? auditPathFor(row.refId, routePath('Audit')) : null;
  const close = () => setAnchor(null);

  const onDetails = () => {
    close();
    if (details && routable(details)) navigate(details);
    else notify('transactions.no_further_details', { type: 'info' });
  };
  const onDelete = async () => {
    setDeleting(true);
    try {
      await reverse(row.refId);
      notify('app.delete.success', { type: 'success' });
      setConfirming(false);
      done();
    } catch {
      // spec 8: delete call errors are not shown beyond the error banner
      setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    // a click in the menu or its dialog is not a click on the row
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'inline-flex' }} data-no-print>
      <IconButton
        size="small"
        aria-label={translate('transactions.menu.open')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem onClick={onDetails}>
          <ListItemIcon>
            <InfoIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('transactions.menu.details')}</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={!trace}
          onClick={() => {
            close();
            if (trace) navigate(trace);
          }}
        >
          <ListItemIcon>
            <TimelineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('transactions.menu.trace_lot')}</ListItemText>
        </MenuItem>
        {audit ? (
          <MenuItem
            onClick={() => {
              close();
              navigate(audit);
            }}
          >
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('transactions.menu.audit')}</ListItemText>
          </MenuItem>
        ) : null}
        {writable && isDeletable(row) ? (
          <MenuItem
            onClick={() => {
              close();
              setConfirming(true);
            }}
            sx={{ color: 'error.main' }}
          >
            <ListItemIcon>
              <DeleteIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{translate('transactions.menu.delete')}</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
      <ConfirmDialog
        open={confirming}
        loading={deleting}
        title="widgets.delete.title"
        titleArgs={{
          name: translate('transactions.delete_name', { activity: labels.refType(row.refType), date: row.date }),
        }}
        content="widgets.delete.content"
        confirmLabel="ra.action.delete"
        confirmColor="error"
        onConfirm={() => void onDelete()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

// ---------------------------------------------------------------- cells

function LotCell({ row }: { row: Row }) {
  const trace = lotTracePath(row, routePath('ReportsView'));
  if (!row.lot) return null;
  if (!trace) return <>{row.lot}</>;
  return (
    <Link component={RouterLink} to={trace} onClick={(e) => e.stopPropagation()}>
      {row.lot}
    </Link>
  );
}

function ActivityCell({ row }: { row: Row }) {
  const translate = useTranslate();
  const labels = useLabels();
  const kind = reversalKind(row);
  return (
    <>
      {labels.refType(row.refType)}
      {kind ? (
        <Chip
          size="small"
          variant="outlined"
          color={kind === 'reversed' ? 'warning' : 'default'}
          label={translate(`transactions.${kind}`)}
          title={translate(`transactions.${kind}_hint`)}
          sx={{ ml: 0.5 }}
          data-reversal={kind}
        />
      ) : null}
    </>
  );
}

/** A quantity of a reversed row is struck through: a reversal cancels it. */
function Quantity({ row, children }: { row: Row; children: ReactNode }) {
  if (row.__totals || !row.reversed || row.reversesId) return <>{children}</>;
  return <s>{children}</s>;
}

function ExciseCell({ row }: { row: Row }) {
  const labels = useLabels();
  return <>{labels.excise(row.excise)}</>;
}

/** The expanded row: what the columns do not show. */
function TransactionDetails() {
  const row = useRecordContext<Row>();
  const translate = useTranslate();
  const labels = useLabels();
  if (!row) return null;
  const items: [string, ReactNode][] = [
    [translate('transactions.columns.activity'), `${labels.refType(row.refType)} (${row.refId})`],
    [translate('transactions.columns.litres'), qty(row.litres)],
    [translate('transactions.columns.kg'), qty(row.kg)],
    [translate('transactions.columns.site'), row.siteName ?? ''],
    [translate('transactions.columns.user'), row.userName ?? ''],
    [translate('transactions.columns.comments'), row.comments ?? ''],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, py: 1 }}
    >
      {items
        .filter(([, v]) => v !== '')
        .map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ color: 'text.secondary' }}>
              {k}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {v}
            </Box>
          </Box>
        ))}
    </Box>
  );
}

// ---------------------------------------------------------------- totals row

const FootContext = createContext({ selectable: false });

/** The totals of every row the filters select (`totals`), under the matching columns. */
function TotalsFoot({ children }: { children?: ReactNode }) {
  const meta = useMeta();
  const { selectable } = useContext(FootContext);
  const totals = meta?.totals;
  if (!totals) return null;
  const record = {
    id: '__totals',
    __totals: true,
    totalCount: totals.totalCount,
    volume: totals.totalVolume,
    litres: totals.totalLitres,
    laa: totals.totalLaa,
    kg: totals.totalKg,
    value: totals.totalValue,
  };
  return (
    <TableFooter sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } }}>
      <TableRow data-testid="transactions-totals">
        <TableCell padding="none" />
        {selectable ? <TableCell padding="checkbox" /> : null}
        <RecordContextProvider value={record}>{children}</RecordContextProvider>
      </TableRow>
    </TableFooter>
  );
}

// ---------------------------------------------------------------- the list

/** Remembers every loaded row (for batch delete across pages). */
function RowsMemory() {
  const { data } = useListContext<Row>();
  const { seen } = useSetup();
  useEffect(() => {
    for (const row of data ?? []) seen.set(String(row.id), row);
  }, [data, seen]);
  return null;
}

function NotFound() {
  const meta = useMeta();
  const { isPending } = useListContext();
  const translate = useTranslate();
  if (isPending || !meta || meta.owner) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ m: 1 }}>
      {translate('transactions.not_found')}
    </Alert>
  );
}

const ListStatus = () => <ListLoadingText objectsKey="transactions.objects" />;

const EmptyText = () => <ListEmptyText objectsKey="transactions.objects" />;

function TransactionsTable({ tableKey }: { tableKey: string }) {
  const { filterValues, sort, data } = useListContext<Row>();
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { owner, writable } = useSetup();
  const rows = data ?? [];
  const balances =
    balancesVisible(filterValues, sort) && rows.some((r) => r.volumeBalance !== null || r.laaBalance !== null);
  const values = holdsValues(company);
  const sites = ((company?.sites as unknown[] | undefined) ?? []).length;
  const label = (key: string) => translate(`transactions.columns.${key}`);
  const total = (render: (r: Row) => ReactNode) => (r: Row) => (r.__totals ? null : render(r));
  const num =
    (source: keyof Row, precision = 3) =>
    (r: Row) => <Quantity row={r}>{qty(r[source] as number | null, precision)}</Quantity>;

  return (
    <FootContext.Provider value={{ selectable: writable }}>
      {!balancesVisible(filterValues, sort) ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2 }} data-no-print>
          {translate('transactions.balances_hidden')}
        </Typography>
      ) : null}
      <DataTable<Row>
        storeKey={tableKey}
        hiddenColumns={HIDDEN_BY_DEFAULT}
        rowClick="expand"
        expand={<TransactionDetails />}
        expandSingle
        bulkActionButtons={writable ? <BulkReverseButton /> : false}
        isRowSelectable={isDeletable}
        // the sorted column's header says so to screen readers (issue 16)
        head={SortedHead}
        body={ErrorAwareBody}
        foot={TotalsFoot}
        empty={<EmptyText />}
      >
        <DataTable.Col
          source="date"
          label={label('date')}
          render={(r) =>
            r.__totals
              ? translate('transactions.totals', { count: (r as unknown as { totalCount: number }).totalCount })
              : showDay(r.date)
          }
        />
        <DataTable.Col
          source="refType"
          label={label('activity')}
          render={total((r) => (
            <ActivityCell row={r} />
          ))}
        />
        <DataTable.Col
          source="excise"
          label={label('excise')}
          render={total((r) => (
            <ExciseCell row={r} />
          ))}
        />
        <DataTable.Col
          source="description"
          label={label('description')}
          disableSort
          render={total((r) => r.description)}
        />
        <DataTable.Col
          source="lot"
          label={label('lot')}
          render={total((r) => (
            <LotCell row={r} />
          ))}
        />
        {owner.vessel ? (
          <DataTable.Col
            source="alcoholName"
            label={label('alcohol')}
            disableSort
            render={total((r) => r.alcoholName)}
          />
        ) : (
          <DataTable.Col source="vesselName" label={label('vessel')} disableSort render={total((r) => r.vesselName)} />
        )}
        <DataTable.Col source="volume" label={label('volume')} align="right" render={num('volume')} />
        <DataTable.Col
          source="strength"
          label={label('strength')}
          align="right"
          disableSort
          render={total((r) => (
            <Quantity row={r}>{qty(r.strength, 2)}</Quantity>
          ))}
        />
        <DataTable.Col source="laa" label={label('laa')} align="right" render={num('laa')} />
        <DataTable.Col source="litres" label={label('litres')} align="right" render={num('litres')} />
        <DataTable.Col source="kg" label={label('kg')} align="right" disableSort render={num('kg')} />
        {values ? (
          <DataTable.Col source="value" label={label('value')} align="right" disableSort render={num('value', 2)} />
        ) : null}
        {balances ? (
          <DataTable.Col
            source="volumeBalance"
            label={label('volumeBalance')}
            align="right"
            disableSort
            render={total((r) => qty(r.volumeBalance))}
          />
        ) : null}
        {balances ? (
          <DataTable.Col
            source="laaBalance"
            label={label('laaBalance')}
            align="right"
            disableSort
            render={total((r) => qty(r.laaBalance))}
          />
        ) : null}
        {sites > 1 ? (
          <DataTable.Col source="siteName" label={label('site')} disableSort render={total((r) => r.siteName)} />
        ) : null}
        <DataTable.Col source="userName" label={label('user')} disableSort render={total((r) => r.userName)} />
        <DataTable.Col source="comments" label={label('comments')} disableSort render={total((r) => r.comments)} />
        <DataTable.Col
          source="actions"
          label={
            <Box component="span" sx={{ visibility: 'hidden' }}>
              {label('actions')}
            </Box>
          }
          disableSort
          render={() => <RowMenu />}
        />
      </DataTable>
    </FootContext.Provider>
  );
}

/** The list's stored params on open: the URL's filter, sort and page, else the defaults; the page size remembered. */
function useSeedParams(storeKey: string) {
  const { getItem, setItem } = useStoreContext();
  const location = useLocation();
  useState(() => {
    const stored = getItem<StoredListParams>(storeKey);
    const url = parseListSearch(location.search) ?? {};
    setItem(
      storeKey,
      paramsFromUrl(stored ? { ...stored, sort: null, order: null } : undefined, url, {
        sort: DEFAULT_SORT,
        perPage: DEFAULT_PAGE_SIZE,
      }),
    );
    return true;
  });
}

function TransactionsList({ owner, id }: { owner: TransactionsOwner; id: string }) {
  const company = useCurrentCompany();
  const translate = useTranslate();
  const { authFetch } = useServices();
  const provider = useMemo(() => createTransactionsProvider(authFetch), [authFetch]);
  const seen = useMemo(() => new Map<string, ExciseTransactionRow>(), []);
  const writable = !!company && hasPermission(company.permissions, 'production.write');
  const setup = useMemo<ListSetup>(
    () => ({ owner, id, provider, writable, seen }),
    [owner, id, provider, writable, seen],
  );
  const listKey = owner.path;
  const tableKey = `${owner.path}.datatable`;
  useSeedParams(listKey);
  const [columnWidth] = useColumnWidth(listKey);
  const queryMeta = useMemo(() => ({ owner, id }), [owner, id]);
  const csv = company?.allowCSVExport === true;
  const root = useRef<HTMLDivElement>(null);
  useSlashKey(root);

  return (
    <DataProviderContext.Provider value={provider}>
      <SetupContext.Provider value={setup}>
        <Box ref={root} sx={{ ...columnWidthSx(columnWidth), ...listChromeFitSx }}>
          <PrintStyles orientation={printOrientationFor('exciseTransactions')} />
          <RowErrorsProvider>
            <List<Row>
              resource={TRANSACTIONS_RESOURCE}
              storeKey={listKey}
              disableSyncWithLocation
              queryOptions={{ meta: queryMeta }}
              sort={DEFAULT_SORT}
              perPage={DEFAULT_PAGE_SIZE}
              pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
              actions={<Actions csv={csv} tableKey={tableKey} listKey={listKey} />}
              empty={false}
              title={<TransactionsTitle fallback={translate('transactions.button')} />}
            >
              <ListUrlSync defaultSort={DEFAULT_SORT} />
              <RowsMemory />
              <OwnerSummaryCard />
              <NotFound />
              <TransactionFilterBar />
              <ListStatus />
              <TransactionsTable tableKey={tableKey} />
            </List>
          </RowErrorsProvider>
        </Box>
      </SetupContext.Provider>
    </DataProviderContext.Provider>
  );
}

function TransactionsTitle({ fallback }: { fallback: string }) {
  const meta = useMeta();
  const translate = useTranslate();
  const name = meta?.owner?.name;
  return <>{name ? translate('transactions.title', { name }) : fallback}</>;
}

export function TransactionsPage() {
  const params = useParams();
  const company = useCurrentCompany();
  const translate = useTranslate();
  const found = ownerFromParams(params);
  if (!found) return null;
  const { owner, id } = found;
  if (owner.feature && !isFeatureOn(company, owner.feature))
    return <PermissionDenied action="app.permission.view" name={translate('transactions.button')} />;
  return <TransactionsList key={`${owner.kind}:${id}`} owner={owner} id={id} />;
}
