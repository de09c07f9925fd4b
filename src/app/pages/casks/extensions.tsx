// What the cask screens add to the generated ones (through src/app/pages/extensions.ts): the
// cask list's Age column (the contents columns come with the vessel extensions, the fill date
// is a column of the cask's schema); the cask types list's Spirit in column and a row link to
// add empty casks of the type; a new cask opened with ?type= starts with the type's size, char
// level and cost. The cells load lazily, with the cask screens only.
import { Suspense, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import { Button, IconButton, Tooltip } from '@mui/material';
import AddBoxIcon from '@mui/icons-material/AddBox';
import { lazyScreen } from '../../shell/chunks';
import type { ExtensionContribution, ExtensionProps } from '../extensions';
import { addEmptyPath } from './paths';
import './register';

const AgeCell = lazyScreen(() => import('./AgeCell'), 'AgeCell');
const SpiritInCell = lazyScreen(() => import('./AgeCell'), 'SpiritInCell');

const lazyCell = (Cell: typeof AgeCell) =>
  function LazyCell(record: RaRecord) {
    return (
      <Suspense fallback={null}>
        <Cell record={record} />
      </Suspense>
    );
  };

function AddOfTypeLink({ record }: ExtensionProps) {
  const translate = useTranslate();
  if (record?.id === undefined || record?.id === null) return null;
  const label = translate('app.casks.add_of_type');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        component={RouterLink}
        to={addEmptyPath(String(record.id))}
        aria-label={label}
        onClick={(e: MouseEvent) => e.stopPropagation()}
      >
        <AddBoxIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The cask type's edit screen: a new cask of this type (prefilled), or many empty ones. */
function TypeEditActions({ record }: ExtensionProps) {
  const translate = useTranslate();
  if (record?.id === undefined || record?.id === null) return null;
  const id = encodeURIComponent(String(record.id));
  return (
    <>
      <Button component={RouterLink} to={`/inventory/casks/new?type=${id}`} size="small">
        {translate('app.casks.new_of_type')}
      </Button>
      <Button component={RouterLink} to={addEmptyPath(String(record.id))} size="small">
        {translate('app.casks.add_of_type')}
      </Button>
    </>
  );
}

interface CaskTypeDefaults {
  id: string;
  name?: string;
  size?: number | null;
  charLevel?: string | null;
  cost?: number | null;
}

export const caskExtensions: ExtensionContribution[] = [
  [
    'cask',
    {
      listColumns: () => [
        <DataTable.Col
          key="ageing.age"
          source="ageing.age"
          label="app.casks.age"
          disableSort
          render={lazyCell(AgeCell)}
        />,
      ],
      createDefaults: async ({ search, dataProvider, entityByName }) => {
        const typeId = search.get('type');
        if (!typeId || !/^[0-9]{1,18}$/.test(typeId)) return null;
        const { data } = await dataProvider.getOne(entityByName.caskType.plural, { id: typeId });
        const type = data as CaskTypeDefaults;
        return {
          type: { id: String(type.id), name: type.name },
          ...(type.size != null ? { size: type.size } : {}),
          ...(type.charLevel ? { charLevel: type.charLevel } : {}),
          ...(type.cost != null ? { cost: type.cost } : {}),
        };
      },
    },
  ],
  [
    'caskType',
    {
      listColumns: () => [
        <DataTable.Col
          key="spiritIn"
          source="spiritIn"
          label="app.casks.spirit_in"
          disableSort
          render={lazyCell(SpiritInCell)}
        />,
      ],
      rowActions: AddOfTypeLink,
      editActions: TypeEditActions,
    },
  ],
];
