// What the document totals add to the generated screens of the seven sales and purchasing
// documents (wired in ../extensions.ts): a panel inside the form, after the lines, showing the
// subtotal, each tax and the total as the person edits, loaded lazily with the screen.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import { MONEY_DOCUMENTS } from '../../../shared/money/documents';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

const Panel = lazyScreen(() => import('./DocumentTotalsPanel'), 'DocumentTotalsPanel');

function LazyDocumentTotals(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

const extension: EntityExtension = { formPanels: LazyDocumentTotals };

export const documentTotalsExtensions: readonly ExtensionContribution[] = MONEY_DOCUMENTS.map(
  (d) => [d.entity, extension] as const,
);
