// A list screen configured by metadata: columns from entity.list.columns (the other visible
// fields are hidden columns the user can add), default sort, filters from entity.filters plus
// a search box when the entity has searchable fields, pages of 25/50/100, bulk delete, CSV
// export. A preset list (/inventory/itemcategories) filters by its preset permanently.
// Filters, sort and page live in the query string (replaced, never pushed); the page size is
// remembered per list; '/' focuses search; one expanded row at a time shows the remaining
// fields; a column width slider; printing (spec 2.5).
import { useMemo, useRef, useState } from 'react';
import {
  ColumnsButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  TextInput,
  TopToolbar,
  useTranslate,
  type RaRecord,
  useStore,
  useGetOne,
} from 'react-admin';
import { InputAdornment } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { EntityMeta, FieldMeta } from '../../shared/meta';
import { canRead, canWrite, isVisibleField } from '../access';
import { useParams } from 'react-router-dom';
import { createLinkFor, editPathFor, presetFromParams, type ListRouteEntry, type Preset } from '../routing/paths';
import { useCurrentCompany, useServices } from '../services';
import { fieldTypes, type FieldContext } from './fieldTypes';
import { enumValueKey, fieldLabelKey, resourceNameKey } from './labels';
import { DateRangeFilters, dateBoundsFilter, isDateFilterField } from './DateRangeFilters';
import { BulkDeleteButton, ExportCsvButton } from './ListButtons';
import { CountedPagination } from './CountedPagination';
import { ImportCsvButton } from '../pages/csvImport/ImportButton';
import {
  ColumnWidthSlider,
  columnWidthSx,
  ErrorAwareBody,
  ListEmpty,
  ListLoading,
  ListUrlSync,
  PrintButton,
  PrintStyles,
  RecordDetails,
  RowErrorsProvider,
  useColumnWidth,
  useSeedFromUrl,
  useSlashKey,
} from './ListFeatures';
import { printOrientationFor } from './listUrl';
import { listFitSx } from './fitLayout';
import { SEARCH_DEBOUNCE_MS } from '../widgets/SearchBox';
import { Box } from '@mui/material';
import { PermissionDenied } from './PermissionDenied';
import { SEARCH_KEY } from '../data/filters';
import { extensionsOf, type EntityExtension } from '../pages/extensions';
import { HelpLink } from '../help/HelpLink';
import { SortedHead } from './SortedHead';

export const PAGE_SIZES = [25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;

/** "Categories", "Categories – Item" for a preset list, "Maintenance logs – Bottling line" for
 * a list of one record's children (the record's title, never its raw id). */
export function useListTitle(entity: EntityMeta, preset?: Preset): string {
  const translate = useTranslate();
  const { entityByName } = useServices();
  const base = translate(resourceNameKey(entity), { smart_count: 2 });
  // a list path's :xId names a record: fetch its title (one ref per list path in the schema)
  const refEntry = Object.entries(preset ?? {}).find(
    ([name]) => entity.fields.find((f) => f.name === name)?.type === 'ref',
  );
  const refTarget = refEntry ? entityByName[entity.fields.find((f) => f.name === refEntry[0])?.ref ?? ''] : undefined;
  const { data: refRecord } = useGetOne(
    refTarget?.plural ?? '',
    { id: String(refEntry?.[1] ?? '') },
    { enabled: !!refTarget?.crud && !!refEntry },
  );
  const parts = Object.entries(preset ?? {}).map(([name, value]) => {
    const field = entity.fields.find((f) => f.name === name);
    if (field?.type === 'ref' && refEntry?.[0] === name) {
      const title = refRecord?.[refTarget?.titleField ?? 'name'];
      return title === undefined || title === null || title === '' ? '…' : String(title);
    }
    return field?.type === 'enum'
      ? translate(enumValueKey(entity, field, String(value)), { _: String(value) })
      : String(value);
  });
  return parts.length ? `${base} – ${parts.join(', ')}` : base;
}

function ListActions(props: {
  entity: EntityMeta;
  preset?: Preset;
  writable: boolean;
  csv: boolean;
  dateFields: readonly string[];
  tableKey: string;
  listKey: string;
}) {
  const { entity, preset, writable, csv, dateFields, tableKey, listKey } = props;
  const createTo = createLinkFor(entity, preset);
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <FilterButton />
      <ColumnsButton storeKey={tableKey} />
      {writable && createTo ? <CreateButton to={createTo} /> : null}
      {csv ? <ExportCsvButton entity={entity} preset={preset} dateFields={dateFields} /> : null}
      {writable && entity.csv ? <ImportCsvButton entity={entity} /> : null}
      <PrintButton />
      <ColumnWidthSlider listKey={listKey} />
      {entity.help ? <HelpLink article={entity.help} /> : null}
    </TopToolbar>
  );
}

/** The last column of a list whose extensions add row actions (a menu, a link). */
function rowActionColumns(entity: EntityMeta, extensions: EntityExtension[]) {
  const actions = extensions.flatMap((e) => (e.rowActions ? [e.rowActions] : []));
  if (!actions.length) return [];
  return [
    <DataTable.Col
      key="_rowActions"
      // no source and no label: not offered by the column picker
      label=""
      disableSort
      align="right"
      render={(record: RaRecord) => (
        <Box component="span" sx={{ display: 'inline-flex', gap: 0.5 }}>
          {actions.map((Action, i) => (
            <Action key={i} entity={entity} record={record} />
          ))}
        </Box>
      )}
    />,
  ];
}

export function GenericList({ route }: { route: ListRouteEntry }) {
  const { entity } = route;
  const params = useParams();
  // a list path's :params preset fields too (/production/maintenancelog/:equipmentId)
  const paramsKey = JSON.stringify(params);
  const preset = useMemo<Preset | undefined>(() => {
    const merged = { ...route.preset, ...presetFromParams(entity, route.path, JSON.parse(paramsKey)) };
    return Object.keys(merged).length ? merged : undefined;
  }, [entity, route.preset, route.path, paramsKey]);
  const { entityByName } = useServices();
  const company = useCurrentCompany();
  const translate = useTranslate();
  const title = useListTitle(entity, preset);

  // columns and row actions added to this entity's list (pages/extensions.ts)
  const extensions = useMemo(() => extensionsOf(entity.name), [entity]);

  const { columns, hidden, filters, details, dateFields, dateLabels, primary } = useMemo(() => {
    const visible = (f: FieldMeta | undefined): f is FieldMeta => !!f && f.name !== 'id' && isVisibleField(f, company);
    const ctx = (field: FieldMeta): FieldContext => ({ entity, field, entityByName, translate });
    const byName = new Map(entity.fields.map((f) => [f.name, f]));
    const columnFields = entity.list.columns.map((n) => byName.get(n)).filter(visible);
    const hiddenFields = entity.fields.filter((f) => visible(f) && !columnFields.includes(f) && f.type !== 'lines');
    const presetKeys = new Set(Object.keys(preset ?? {}));
    const filterFields = entity.filters
      .map((n) => byName.get(n))
      .filter(visible)
      .filter((f) => !presetKeys.has(f.name));
    // date filters are range pickers with the spec's presets (DateRangeFilters.tsx)
    const dateFilterFields = filterFields.filter(isDateFilterField);
    const filterInputs = [
      ...(entity.fields.some((f) => f.searchable)
        ? [
            <TextInput
              key={SEARCH_KEY}
              source={SEARCH_KEY}
              label="app.list.search"
              alwaysOn
              resettable
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />,
          ]
        : []),
      ...filterFields.filter((f) => !isDateFilterField(f)).flatMap((f) => fieldTypes[f.type].filters(ctx(f))),
    ];
    return {
      columns: [
        ...columnFields.map((f) => fieldTypes[f.type].column(ctx(f))),
        ...extensions.flatMap((e) => e.listColumns?.({ entity, translate }) ?? []),
        ...hiddenFields.map((f) => fieldTypes[f.type].column(ctx(f))),
        ...rowActionColumns(entity, extensions),
      ],
      hidden: hiddenFields.map((f) => f.name),
      filters: filterInputs,
      // the expanded row: every visible field that is not a column of the list
      details: entity.fields.filter((f) => visible(f) && !columnFields.includes(f)),
      dateFields: dateFilterFields.map((f) => f.name),
      // the columns a phone keeps (fitLayout.ts)
      primary: columnFields.slice(0, 2).map((f) => f.name),
      dateLabels: Object.fromEntries(dateFilterFields.map((f) => [f.name, translate(fieldLabelKey(entity, f))])),
    };
  }, [entity, entityByName, company, translate, preset, extensions]);

  const defaultSort = useMemo(
    () => ({ field: entity.list.sort.field, order: entity.list.sort.reverse ? 'DESC' : 'ASC' }) as const,
    [entity],
  );
  const listKey = route.path;
  useSeedFromUrl(listKey, { sort: defaultSort, perPage: DEFAULT_PAGE_SIZE });
  // the date pickers' ranges as bounds the API understands, on top of the path's preset
  const [stored] = useStore<{ filter?: Record<string, unknown> }>(listKey, {});
  const storedFilter = JSON.stringify(stored?.filter ?? {});
  const permanentFilter = useMemo(
    () => ({ ...preset, ...dateBoundsFilter(JSON.parse(storedFilter) as Record<string, unknown>, dateFields) }),
    [preset, storedFilter, dateFields],
  );
  const root = useRef<HTMLDivElement>(null);
  useSlashKey(root);
  const [columnWidth] = useColumnWidth(listKey);
  // the person asked for the exact count of a list over EXACT_COUNT_LIMIT rows (CountedPagination)
  const [exactCount, setExactCount] = useState(false);

  if (!canRead(entity, company)) return <PermissionDenied action="app.permission.view" name={title} />;
  const writable = canWrite(entity, company);
  const csv = company?.allowCSVExport === true;
  const tableKey = `${route.path}.datatable`;

  return (
    <Box ref={root} sx={{ ...columnWidthSx(columnWidth), ...listFitSx(primary) }}>
      <PrintStyles orientation={printOrientationFor(entity.name)} />
      <RowErrorsProvider>
        <List
          resource={entity.plural}
          storeKey={listKey}
          disableSyncWithLocation
          debounce={SEARCH_DEBOUNCE_MS}
          filter={permanentFilter}
          filters={filters}
          sort={defaultSort}
          perPage={DEFAULT_PAGE_SIZE}
          pagination={<CountedPagination rowsPerPageOptions={PAGE_SIZES} onCountExactly={() => setExactCount(true)} />}
          queryOptions={exactCount ? { meta: { exactCount: true } } : undefined}
          actions={
            <ListActions
              entity={entity}
              preset={preset}
              writable={writable}
              csv={csv}
              dateFields={dateFields}
              tableKey={tableKey}
              listKey={listKey}
            />
          }
          empty={false}
          title={title}
        >
          <ListUrlSync defaultSort={defaultSort} />
          <ListLoading entity={entity} />
          <DateRangeFilters fields={dateFields} labels={dateLabels} />
          <DataTable
            storeKey={tableKey}
            hiddenColumns={hidden}
            rowClick={(_id, _resource, record) => editPathFor(entity, record, preset) ?? false}
            bulkActionButtons={writable ? <BulkDeleteButton entity={entity} /> : false}
            expand={details.length ? <RecordDetails entity={entity} fields={details} /> : undefined}
            expandSingle
            head={SortedHead}
            body={ErrorAwareBody}
            empty={<ListEmpty entity={entity} />}
          >
            {columns}
          </DataTable>
        </List>
      </RowErrorsProvider>
    </Box>
  );
}
