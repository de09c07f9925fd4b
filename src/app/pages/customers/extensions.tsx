// What the customer screen adds to the generated customer edit screen (wired in
// ../extensions.ts): the summary panel above the form (balance, open orders, open invoices),
// loaded lazily with the screen.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

const Panel = lazyScreen(() => import('./CustomerSummaryPanel'), 'CustomerSummaryPanel');

function LazyCustomerSummary(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

const extension: EntityExtension = { editPanels: LazyCustomerSummary };

export const customerExtensions: readonly ExtensionContribution[] = [['customer', extension]];
