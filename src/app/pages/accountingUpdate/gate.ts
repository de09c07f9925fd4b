// The dialog's code loads lazily, after the form shows: a save pressed in between would go
// through unasked. The form panel, loaded with the form, holds such a save at the gate, and the
// guard decides it once it is there (Save anyway or Cancel, as for a save pressed later).
import type { RaRecord } from 'react-admin';
import type { Company } from '../../company/companies';

export interface SaveGate {
  /** the guard holds the form's submits itself */
  live: boolean;
  /** a save pressed while it was not */
  held: boolean;
}

/** The record's id when saving it may need asking (a connected company, a saved record). */
export function guardedIdOf(company: Company | null, record: RaRecord | undefined): string | null {
  const id = record?.id !== undefined && record?.id !== null && record.id !== '' ? String(record.id) : null;
  return company?.connectedToAccounting === true ? id : null;
}

/** The notification when the guard's code cannot be loaded: in the app's texts (app.chunk), which
 * are there without that code. */
export const GUARD_LOAD_FAILED = 'app.chunk.save_warning_failed';

/** The guard's code, loaded once: a load that failed is forgotten, so asking again retries it. */
export function retryingLoader<T>(importer: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    /** the code, once it is there */
    loaded: () => loaded,
    load: (): Promise<T> =>
      (pending ??= importer().then(
        (value) => (loaded = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
  };
}

/** Holds the form's saves while the guard is not there to decide them: the first held save asks
 * for the guard's code (the guard, once there, decides it). When the code cannot be loaded, the
 * save is let go and `failed` says so: Save is not held silently, and the next Save asks for the
 * code again. Answers what stops holding (the panel's cleanup). */
export function holdSavesAtGate(
  form: EventTarget,
  gate: SaveGate,
  load: () => Promise<unknown>,
  failed: (error: unknown) => void,
): () => void {
  let stopped = false;
  const hold = (event: Event) => {
    if (gate.live) return;
    // on the form itself, like the guard's own hold: react-admin never sees the submit
    event.preventDefault();
    event.stopPropagation();
    if (gate.held) return;
    gate.held = true;
    load().catch((error: unknown) => {
      if (stopped || gate.live || !gate.held) return;
      gate.held = false;
      failed(error);
    });
  };
  form.addEventListener('submit', hold);
  return () => {
    stopped = true;
    form.removeEventListener('submit', hold);
  };
}
