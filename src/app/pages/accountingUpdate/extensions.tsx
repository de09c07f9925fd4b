// What the accounting update dialog adds to the generated product and item edit forms (wired in
// ../extensions.ts): a form panel that asks before a save of a record linked to the accounting
// system. Its code loads lazily, with the form; until it is there, a save waits (gate.ts). When
// the code cannot be loaded (the network), the waiting save is let go with a notification, and
// the next Save loads it again: a failed load is not kept, as React.lazy would keep it.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useNotify } from 'react-admin';
import { useCurrentCompany } from '../../services';
import { withChunkTimeout } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { GUARD_LOAD_FAILED, guardedIdOf, holdSavesAtGate, retryingLoader, type SaveGate } from './gate';

type GuardComponent = ComponentType<ExtensionProps & { gate?: SaveGate }>;

const guardCode = retryingLoader<GuardComponent>(() =>
  withChunkTimeout(() => import('./AccountingUpdateGuard')).then((m) => m.AccountingUpdateGuard),
);

function LazyAccountingUpdateGuard(props: ExtensionProps) {
  const asks = guardedIdOf(useCurrentCompany(), props.record) !== null;
  const notify = useNotify();
  const anchor = useRef<HTMLSpanElement>(null);
  const gate = useRef<SaveGate>({ live: false, held: false });
  const [Guard, setGuard] = useState<GuardComponent | undefined>(guardCode.loaded);

  useEffect(() => {
    if (!asks) return;
    let live = true;
    const load = () =>
      guardCode.load().then((component) => {
        if (live) setGuard(() => component);
      });
    // loaded with the form; a failure here is told only when a save waits for it
    if (!guardCode.loaded()) load().catch(() => undefined);
    const form = anchor.current?.closest('form');
    // passes the saves through once the guard holds them itself (gate.live)
    const stop = form
      ? holdSavesAtGate(form, gate.current, load, () => notify(GUARD_LOAD_FAILED, { type: 'error' }))
      : undefined;
    return () => {
      live = false;
      stop?.();
    };
  }, [asks, notify]);

  return (
    <>
      <span ref={anchor} hidden />
      {Guard ? <Guard {...props} gate={gate.current} /> : null}
    </>
  );
}

const extension: EntityExtension = { formPanels: LazyAccountingUpdateGuard };

export const accountingUpdateExtensions: readonly ExtensionContribution[] = [
  ['product', extension],
  ['item', extension],
];
