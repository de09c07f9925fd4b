// The accounting update dialog (spec 8) on the product and item edit forms: when the company is
// connected to an accounting system and this record is linked to it (the server says so,
// accountingLinked), Save first asks, as the accounting system's values will override the
// change. It sits inside the generated form (a form panel) and holds back that form's submit
// (the Save button and Enter alike) until Save anyway, then submits it again; Cancel keeps the
// form as it is. A save pressed before the server answered waits for the answer. Nothing is
// asked on a new record, without a connection, or when the answer cannot be read (the server
// still takes the save). A save pressed before this code had loaded was held by the form panel
// (gate.ts) and is decided here as soon as it is.
import { useEffect, useRef, useState } from 'react';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';
import type { ExtensionProps } from '../extensions';
import { ACCOUNTING_LINKED } from './api';
import { guardedIdOf, type SaveGate } from './gate';
import './register';

export function AccountingUpdateGuard({ entity, record, gate }: ExtensionProps & { gate?: SaveGate }) {
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const id = guardedIdOf(company, record);
  const asks = id !== null;
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLSpanElement>(null);
  /** the server's answer for this record: undefined while it is asked */
  const linked = useRef<{ id: string; linked: boolean } | undefined>(undefined);
  /** a save pressed before the answer came: decided when it comes */
  const waiting = useRef(false);
  const confirmed = useRef(false);

  const submit = () => {
    confirmed.current = true;
    anchor.current?.closest('form')?.requestSubmit();
  };

  useEffect(() => {
    if (!asks || !id) return;
    let live = true;
    linked.current = undefined;
    const answered = (value: boolean) => {
      if (!live) return;
      linked.current = { id, linked: value };
      if (!waiting.current) return;
      waiting.current = false;
      if (value) setOpen(true);
      else submit();
    };
    gqlCall<{ accountingLinked: boolean }>(
      authFetch,
      ACCOUNTING_LINKED,
      { entityType: entity.name, id },
      { silent: true },
    ).then(
      (r) => answered(r.accountingLinked),
      // unknown: the save goes on (the server takes it either way)
      () => answered(false),
    );
    return () => {
      live = false;
    };
  }, [asks, id, entity.name, authFetch]);

  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!asks || !form) return;
    // on the form itself: it runs before the submit reaches React's handler at the root, and
    // stopping it there keeps react-admin from saving
    const hold = (event: Event) => {
      if (confirmed.current) {
        confirmed.current = false;
        return;
      }
      const answer = linked.current?.id === id ? linked.current : undefined;
      if (answer && !answer.linked) return;
      event.preventDefault();
      event.stopPropagation();
      if (answer) setOpen(true);
      else waiting.current = true;
    };
    form.addEventListener('submit', hold);
    if (gate) {
      gate.live = true;
      if (gate.held) {
        gate.held = false;
        const answer = linked.current?.id === id ? linked.current : undefined;
        if (!answer) waiting.current = true;
        else if (answer.linked) setOpen(true);
        else submit();
      }
    }
    return () => {
      form.removeEventListener('submit', hold);
      if (gate) gate.live = false;
    };
  }, [asks, id, gate]);

  const saveAnyway = () => {
    setOpen(false);
    submit();
  };

  return (
    <>
      <span ref={anchor} hidden />
      <ConfirmDialog
        open={open}
        title="accountingUpdate.title"
        content={entity.name === 'item' ? 'accountingUpdate.item' : 'accountingUpdate.product'}
        confirmLabel="accountingUpdate.save"
        confirmColor="warning"
        onConfirm={saveAnyway}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
