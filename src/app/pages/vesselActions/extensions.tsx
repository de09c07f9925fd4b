// What the vessel actions add to the generated screens of tanks, fermenters, casks and bulk
// containers (through src/app/pages/extensions.ts): list columns of contents (alcohol, lot,
// volume, strength, LAA, fill percent; one vesselContents(ids) call per page), a row actions
// menu, the actions menu and the contents panel of the edit screen. The components load
// lazily, with the vessel screens only.
import { Suspense } from 'react';
import { DataTable, type RaRecord } from 'react-admin';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import type { ContentsColumn } from './VesselWidgets';
import { VESSEL_ENTITIES } from './actions';
import './register';

const ContentsCell = lazyScreen(() => import('./VesselWidgets'), 'ContentsCell');
const RowMenu = lazyScreen(() => import('./VesselWidgets'), 'RowVesselActions');
const EditMenu = lazyScreen(() => import('./VesselWidgets'), 'EditVesselActions');
const Panel = lazyScreen(() => import('./VesselWidgets'), 'ContentsPanel');

const COLUMNS: { column: ContentsColumn; label: string; numeric: boolean }[] = [
  { column: 'alcoholName', label: 'app.vessels.contents', numeric: false },
  { column: 'lot', label: 'app.vessels.lot', numeric: false },
  { column: 'volume', label: 'app.vessels.volume', numeric: true },
  { column: 'strength', label: 'app.vessels.strength', numeric: true },
  { column: 'laa', label: 'app.vessels.laa', numeric: true },
  { column: 'fillPercent', label: 'app.vessels.fill', numeric: true },
];

const lazyCell = (column: ContentsColumn) => (record: RaRecord) => (
  <Suspense fallback={null}>
    <ContentsCell record={record} column={column} />
  </Suspense>
);

const lazy = (Component: typeof RowMenu) =>
  function LazyExtension(props: ExtensionProps) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };

const vesselExtension = (): EntityExtension => ({
  listColumns: () =>
    COLUMNS.map(({ column, label, numeric }) => (
      <DataTable.Col
        key={`contents.${column}`}
        source={`contents.${column}`}
        label={label}
        disableSort
        align={numeric ? 'right' : undefined}
        render={lazyCell(column)}
      />
    )),
  rowActions: lazy(RowMenu),
  editActions: lazy(EditMenu),
  editPanels: lazy(Panel),
});

export const vesselExtensions: ExtensionContribution[] = Object.entries(VESSEL_ENTITIES).map(
  ([entity]) => [entity, vesselExtension()] as const,
);
