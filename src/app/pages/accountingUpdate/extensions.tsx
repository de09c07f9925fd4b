// What the accounting update dialog adds to the generated product and item edit forms (wired in
// ../extensions.ts): a form panel that asks before a save of a record linked to the accounting
// system. Its code loads lazily, with the form; until it is there, a save waits (gate.ts).
import { Suspense, useEffect, useRef } from 'react';
import { useCurrentCompany } from '../../services';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { guardedIdOf, type SaveGate } from './gate';

const Guard = lazyScreen(() => import('./AccountingUpdateGuard'), 'AccountingUpdateGuard');

function LazyAccountingUpdateGuard(props: ExtensionProps) {
  const asks = guardedIdOf(useCurrentCompany(), props.record) !== null;
  const anchor = useRef<HTMLSpanElement>(null);
  const gate = useRef<SaveGate>({ live: false, held: false });

  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!asks || !form) return;
    // on the form itself, like the guard's own hold: react-admin never sees the submit
    const hold = (event: Event) => {
      if (gate.current.live) return;
      event.preventDefault();
      event.stopPropagation();
      gate.current.held = true;
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, [asks]);

  return (
    <>
      <span ref={anchor} hidden />
      <Suspense fallback={null}>
        <Guard {...props} gate={gate.current} />
      </Suspense>
    </>
  );
}

const extension: EntityExtension = { formPanels: LazyAccountingUpdateGuard };

export const accountingUpdateExtensions: readonly ExtensionContribution[] = [
  ['product', extension],
  ['item', extension],
];
