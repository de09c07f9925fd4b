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
