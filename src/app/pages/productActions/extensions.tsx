// What the product and item actions add to the generated product, item and bundle screens
// (through src/app/pages/extensions.ts): the quantity on hand in a list column and above the
// edit form, and an actions menu with a Transactions link in the edit screen's toolbar.
// Components load lazily.
import { Suspense } from 'react';
import { DataTable, useLocaleState, type RaRecord } from 'react-admin';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

const Menu = lazyScreen(() => import('./OnHand'), 'StockActionsMenu');
const Panel = lazyScreen(() => import('./OnHand'), 'OnHandPanel');
const Cell = lazyScreen(() => import('./OnHand'), 'OnHandCell');

function OnHandLabel() {
  const [locale] = useLocaleState();
  return <>{locale === 'fr' ? 'En stock' : 'On hand'}</>;
}

const onHandColumn = () => [
  <DataTable.Col
    key="onHand"
    source="onHand.quantity"
    label={<OnHandLabel />}
    disableSort
    align="right"
    render={(record: RaRecord) => (
      <Suspense fallback={null}>
        <Cell record={record} />
      </Suspense>
    )}
  />,
];

const lazy = (Component: typeof Menu) =>
  function LazyStockExtension(props: ExtensionProps) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };

const stock: EntityExtension = { editActions: lazy(Menu), editPanels: lazy(Panel), listColumns: onHandColumn };

export const stockExtensions: ExtensionContribution[] = [
  ['product', stock],
  ['item', stock],
  ['bundle', { editActions: lazy(Menu) }],
];
