// What recurring transactions add to the generated schedule edit screen (wired in
// ../extensions.ts): the run history with links to the created documents and a Run now button,
// above the form, loaded lazily with the screen.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

const Panel = lazyScreen(() => import('./RecurringRunsPanel'), 'RecurringRunsPanel');

function LazyRecurringRuns(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

const extension: EntityExtension = { editPanels: LazyRecurringRuns };

export const recurringExtensions: readonly ExtensionContribution[] = [['recurringTransaction', extension]];
