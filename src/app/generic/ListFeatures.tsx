// The parts every list shares (spec 2.5, 8, 9): the URL sync of its filters (history entry
// replaced), the '/' key, 'Loading {objects}' and 'No {objects} found', the expanded row
// with the record's remaining fields, the column width slider, printing, and the error
// tooltip of a row a batch delete could not delete.
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  type KeyboardEvent as ReactKeyboardEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  DataTableBody,
  DataTableRow,
  useDataTableCallbacksContext,
  useListContext,
  useResourceContext,
  useRecordContext,
  useLocaleState,
  useStore,
  useStoreContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { Box, GlobalStyles, Slider, Tooltip, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import WidthIcon from '@mui/icons-material/WidthNormal';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { refusalSummary } from './deleteOutcome';
import type { EntityMeta, FieldMeta } from '../../shared/meta';
import { fieldLabelKey, resourceNameKey } from './labels';
import { fieldText } from './recordText';
import { useServices } from '../services';
import { isSlashShortcut } from '../widgets/keys';
import {
  buildListSearch,
  clampColumnWidth,
  COLUMN_WIDTH_DEFAULT,
  COLUMN_WIDTH_MAX,
  COLUMN_WIDTH_MIN,
  parseListSearch,
  paramsFromUrl,
  type StoredListParams,
} from './listUrl';

// ---------------------------------------------------------------- URL <-> list

/** Before the list mounts: a URL with list params replaces the stored ones (page size kept). */
export function useSeedFromUrl(
  storeKey: string,
  defaults: { sort: { field: string; order: string }; perPage: number },
) {
  const { getItem, setItem } = useStoreContext();
  const location = useLocation();
  useState(() => {
    const url = parseListSearch(location.search);
    if (url) setItem(storeKey, paramsFromUrl(getItem<StoredListParams>(storeKey), url, defaults));
    return true;
  });
}

/** Inside the list: its filter, sort and page go to the query string (replace); a new URL comes back in. */
export function ListUrlSync({ defaultSort }: { defaultSort: { field: string; order: string } }) {
  const { filterValues, displayedFilters, sort, page, setFilters, setSort, setPage } = useListContext();
  const location = useLocation();
  const navigate = useNavigate();
  const written = useRef<string | null>(null);
  const applying = useRef<string | null>(null);
  const first = useRef(true);
  const defaults = useMemo(() => ({ sort: defaultSort }), [defaultSort]);

  // a URL the list did not write (a link to this list with other filters)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.search === written.current) return;
    const url = parseListSearch(location.search);
    if (!url) return;
    const target = buildListSearch(
      {
        filter: url.filter,
        sort: url.sort ? { field: url.sort, order: url.order ?? 'ASC' } : sort,
        page: url.page ?? 1,
      },
      defaults,
    );
    applying.current = target;
    setFilters(url.filter ?? {}, Object.fromEntries(Object.keys(url.filter ?? {}).map((k) => [k, true])), false);
    if (url.sort) setSort({ field: url.sort, order: url.order ?? 'ASC' });
    if (url.page) setPage(url.page);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  useEffect(() => {
    const search = buildListSearch({ filter: filterValues, sort, page }, defaults);
    if (applying.current !== null) {
      if (search !== applying.current) return;
      applying.current = null;
    }
    if (search !== location.search) {
      written.current = search;
      navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, state: location.state });
    }
    // displayedFilters: a shown but empty filter needs no URL change
  }, [
    filterValues,
    displayedFilters,
    sort,
    page,
    location.search,
    location.pathname,
    location.hash,
    location.state,
    navigate,
    defaults,
  ]);

  return null;
}

// ---------------------------------------------------------------- '/' key

/** What the keyboard can reach: fields, buttons, MUI selects (a combobox div), not hidden inputs. */
const FOCUSABLE = 'input, select, textarea, button, [role="combobox"], [tabindex]';

/** The first control in `box` a user can tab to. */
function firstFocusable(box: Element): HTMLElement | null {
  for (const el of box.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.tabIndex < 0 || el.getAttribute('aria-hidden') === 'true') continue;
    if ((el as HTMLInputElement).disabled || (el as HTMLInputElement).type === 'hidden') continue;
    return el;
  }
  return null;
}

/**
 * '/' focuses the search box of the list in `root`, or opens its filter menu; a list whose
 * filters are always shown (no search, no menu) marks their box `data-slash-focus` and '/'
 * focuses the first of them.
 */
export function useSlashKey(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSlashShortcut(e)) return;
      const el = root.current;
      if (!el) return;
      const search = el.querySelector<HTMLInputElement>('input[name="q"]');
      const menu = el.querySelector<HTMLButtonElement>('.RaFilterButton-root button, button.add-filter');
      const marked = el.querySelector('[data-slash-focus]');
      const first = !search && !menu && marked ? firstFocusable(marked) : null;
      if (!search && !menu && !first) return;
      e.preventDefault();
      if (search) search.focus();
      else if (menu) menu.click();
      else first?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [root]);
}

// ---------------------------------------------------------------- loading and empty

export function useObjectsName(entity: EntityMeta): string {
  const translate = useTranslate();
  return translate(resourceNameKey(entity), { smart_count: 2 }).toLocaleLowerCase();
}

/** 'Loading {objects}' while the first page loads. */
export function ListLoading({ entity }: { entity: EntityMeta }) {
  const { isPending } = useListContext();
  const translate = useTranslate();
  const objects = useObjectsName(entity);
  if (!isPending) return null;
  return (
    <Typography role="status" variant="body2" sx={{ px: 2, py: 1, color: 'text.secondary' }}>
      {translate('lists.loading', { objects })}
    </Typography>
  );
}

/** 'No {objects} found' */
export function ListEmpty({ entity }: { entity: EntityMeta }) {
  const translate = useTranslate();
  const objects = useObjectsName(entity);
  return (
    <Typography variant="body2" sx={{ p: 2 }} role="status">
      {translate('lists.empty', { objects })}
    </Typography>
  );
}

// ---------------------------------------------------------------- expanded row

/** The record's remaining fields (those not shown as columns). */
export function RecordDetails({ entity, fields }: { entity: EntityMeta; fields: readonly FieldMeta[] }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { entityByName } = useServices();
  if (!record) return null;
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, py: 1 }}
    >
      {fields.map((f) => (
        <Box key={f.name} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {translate(fieldLabelKey(entity, f))}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {fieldText(entity, f, record[f.name], translate, entityByName, locale)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

// ---------------------------------------------------------------- column width

export function useColumnWidth(listKey: string) {
  return useStore<number>(`${listKey}.columnWidth`, COLUMN_WIDTH_DEFAULT);
}

export function ColumnWidthSlider({ listKey }: { listKey: string }) {
  const translate = useTranslate();
  const [width, setWidth] = useColumnWidth(listKey);
  const label = translate('lists.column_width');
  return (
    <Tooltip title={label}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: 130, px: 1 }} data-no-print>
        <WidthIcon fontSize="small" color="action" aria-hidden />
        <Slider
          size="small"
          min={COLUMN_WIDTH_MIN}
          max={COLUMN_WIDTH_MAX}
          value={clampColumnWidth(width)}
          onChange={(_e, v) => setWidth(clampColumnWidth(v))}
          slotProps={{ input: { 'aria-label': label } }}
        />
      </Box>
    </Tooltip>
  );
}

/** Cells at most `width` characters wide, the rest ellipsed. */
export const columnWidthSx = (width: number) => ({
  '& td.MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):not(.MuiTableCell-paddingNone), & th.MuiTableCell-root:not(.MuiTableCell-paddingCheckbox):not(.MuiTableCell-paddingNone)':
    {
      maxWidth: `${clampColumnWidth(width)}ch`,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
  '& tr[id$="-expand"] td': { maxWidth: 'none', whiteSpace: 'normal' },
  // a collapsed row's (empty) detail row takes no room and is no row for assistive technology
  '& tr.RaDataTable-expandRow:has(> td:empty)': { display: 'none' },
});

// ---------------------------------------------------------------- print

export function PrintStyles({ orientation }: { orientation: 'landscape' | 'portrait' }) {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: orientation, margin: '12mm' },
          'header, nav, .MuiAppBar-root, .MuiDrawer-root, .RaSidebar-root, .RaTopToolbar-root, .RaFilterForm-root, .MuiTablePagination-root, .RaBulkActionsToolbar-root, .MuiSnackbar-root, [data-no-print], .MuiTableCell-paddingCheckbox':
            { display: 'none !important' },
          'body, #root, main, .RaLayout-content': { background: '#fff !important', overflow: 'visible !important' },
          '.RaList-main, .RaList-content, .MuiPaper-root': {
            boxShadow: 'none !important',
            overflow: 'visible !important',
          },
          'td, th': { maxWidth: 'none !important', whiteSpace: 'normal !important' },
        },
      }}
    />
  );
}

export function PrintButton() {
  return (
    <Button label="lists.print" onClick={() => window.print()}>
      <PrintIcon />
    </Button>
  );
}

// ---------------------------------------------------------------- failed rows

export interface RowErrors {
  errors: ReadonlyMap<string, string>;
  setErrors: (errors: ReadonlyMap<string, string>) => void;
}

const RowErrorsContext = createContext<RowErrors>({ errors: new Map(), setErrors: () => {} });

export function RowErrorsProvider({ children }: { children: ReactNode }) {
  const [errors, set] = useState<ReadonlyMap<string, string>>(new Map());
  const setErrors = useCallback((e: ReadonlyMap<string, string>) => set(e), []);
  const value = useMemo(() => ({ errors, setErrors }), [errors, setErrors]);
  return (
    <RowErrorsContext.Provider value={value}>
      <RowErrorsAnnouncement errors={errors} />
      {children}
    </RowErrorsContext.Provider>
  );
}

/**
 * The rows a batch delete left, in words (issue 16, WCAG 1.4.1 and 4.1.3): the rows are marked in
 * colour and stay selected, and this assertive live region — in the page before any delete, so
 * screen readers hear it change — says how many stayed and why, visibly too: neither the colour
 * nor hovering a row's tooltip is needed to learn it.
 */
function RowErrorsAnnouncement({ errors }: { errors: ReadonlyMap<string, string> }) {
  const translate = useTranslate();
  const { count, reasons } = refusalSummary(errors);
  return (
    <Box role="alert" data-testid="row-errors" data-no-print sx={{ px: 2 }}>
      {count ? (
        <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
          <ErrorIcon color="error" fontSize="small" aria-hidden />
          {translate('app.delete.refused', { smart_count: count, reasons: reasons.join('; ') })}
        </Typography>
      ) : null}
    </Box>
  );
}

export const useRowErrors = () => useContext(RowErrorsContext);

/**
 * A row that opens its record on click is a Tab stop too, opened with Enter (issue 16: react-admin
 * leaves it to the mouse). Only the row itself reacts: Enter on its checkbox or a link inside
 * keeps doing what that control does.
 */
function useRowKeyboard(record: RaRecord | undefined) {
  const { rowClick } = useDataTableCallbacksContext();
  const resource = useResourceContext();
  const link = typeof rowClick === 'function' && record ? rowClick(record.id, resource ?? '', record) : rowClick;
  if (!link || typeof link !== 'string') return {};
  return {
    tabIndex: 0,
    onKeyDown: (e: ReactKeyboardEvent<HTMLTableRowElement>) => {
      if (e.key !== 'Enter' || e.target !== e.currentTarget) return;
      e.preventDefault();
      e.currentTarget.click();
    },
  };
}

/** A row of the table; after a failed batch delete, its checkbox carries the error in a tooltip. */
const ErrorAwareRow = forwardRef<HTMLTableRowElement, React.ComponentProps<typeof DataTableRow>>(
  function ErrorAwareRow(props, ref) {
    const record = useRecordContext();
    const translate = useTranslate();
    const { errors } = useRowErrors();
    const keyboard = useRowKeyboard(record && 'id' in record ? (record as RaRecord) : undefined);
    const error = record ? errors.get(String(record.id as Identifier)) : undefined;
    if (!error) return <DataTableRow {...props} {...keyboard} ref={ref} />;
    const text = translate('lists.row_error', { error });
    return (
      <Tooltip title={text} placement="right" describeChild>
        <DataTableRow
          {...props}
          {...keyboard}
          ref={ref}
          data-row-error={error}
          sx={{
            '& .MuiTableCell-paddingCheckbox': { boxShadow: (t) => `inset 3px 0 0 ${t.palette.error.main}` },
            '& .MuiTableCell-paddingCheckbox .MuiCheckbox-root': { color: 'error.main' },
          }}
        />
      </Tooltip>
    );
  },
);

export const ErrorAwareBody = forwardRef<HTMLTableSectionElement, React.ComponentProps<typeof DataTableBody>>(
  function ErrorAwareBody(props, ref) {
    return <DataTableBody {...props} ref={ref} row={ErrorAwareRow} />;
  },
);
