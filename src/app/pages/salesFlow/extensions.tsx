// What the sales flow adds to the generated estimate, sales order, shipment and invoice edit
// screens (through src/app/pages/extensions.ts): the buttons that make the next document.
// On a sales order, a panel of each line's shipped, undelivered and invoiced quantities. The
// buttons, the panel, their texts and calls load lazily with the screen.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { ExtensionContribution, ExtensionProps } from '../extensions';
import { FLOW_STEPS } from './steps';

const Actions = lazyScreen(() => import('./FlowActions'), 'SalesFlowActions');
const Progress = lazyScreen(() => import('./OrderProgress'), 'OrderProgress');

const lazy = (Component: typeof Actions) =>
  function LazySalesFlow(props: ExtensionProps) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };

export const salesFlowExtensions: readonly ExtensionContribution[] = [
  ...Object.keys(FLOW_STEPS).map((name) => [name, { editActions: lazy(Actions) }] as const),
  // the order's back order: what each line still has to ship
  ['salesOrder', { editPanels: lazy(Progress) }],
];
