// What the accounting update dialog adds to the generated product and item edit forms (wired in
// ../extensions.ts): a form panel that asks before a save of a record linked to the accounting
// system. Its code loads lazily, with the form.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';

const Guard = lazyScreen(() => import('./AccountingUpdateGuard'), 'AccountingUpdateGuard');

function LazyAccountingUpdateGuard(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Guard {...props} />
    </Suspense>
  );
}

const extension: EntityExtension = { formPanels: LazyAccountingUpdateGuard };

export const accountingUpdateExtensions: readonly ExtensionContribution[] = [
  ['product', extension],
  ['item', extension],
];
