// What purchasing adds to the generated purchase order screen (through src/app/pages/extensions.ts):
// the Receive button in the edit screen's toolbar. The button, its call and its texts load
// lazily with the edit screen, not in the first page load.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { ExtensionContribution, ExtensionProps } from '../extensions';

const Receive = lazyScreen(() => import('./ReceiveButton'), 'ReceiveButton');

function LazyReceiveButton(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Receive {...props} />
    </Suspense>
  );
}

export const purchasingExtensions: readonly ExtensionContribution[] = [
  ['purchaseOrder', { editActions: LazyReceiveButton }],
];
