// The notification after a delete (spec 8), kept pure for tests.

export interface DeleteOutcome {
  message: string;
  args: Record<string, unknown>;
  type: 'success' | 'warning';
  suffix?: { message: string; args: Record<string, unknown> };
}

/** Spec 8: 'Delete successful' for one; 'Deleted {n} of {total}' (warning with '({k} error(s))' when some failed). */
export function deleteOutcome(total: number, deleted: number): DeleteOutcome {
  const failed = total - deleted;
  if (total === 1 && failed === 0) return { message: 'app.delete.success', args: {}, type: 'success' };
  return {
    message: 'app.delete.result',
    args: { n: deleted, total },
    type: failed > 0 ? 'warning' : 'success',
    ...(failed > 0 ? { suffix: { message: 'app.delete.errors', args: { k: failed } } } : {}),
  };
}

/** The ids a batch delete could not delete, with the server's error for each. */
export function failuresOf(meta: unknown, ids: readonly unknown[], deleted: readonly unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  const failures = (
    (meta as { failures?: { id: unknown; error?: string | null }[] } | undefined)?.failures ?? []
  ).filter((f) => f.error);
  for (const f of failures) out.set(String(f.id), String(f.error));
  const done = new Set(deleted.map(String));
  for (const id of ids) if (!done.has(String(id)) && !out.has(String(id))) out.set(String(id), 'Not deleted');
  return out;
}

/**
 * The refusals of a batch delete in words (issue 16): how many rows stay and each distinct
 * reason once, in the order first met, so the live region reads 'because it has invoices' once
 * for ten customers that all have invoices.
 */
export function refusalSummary(errors: ReadonlyMap<string, string>): { count: number; reasons: string[] } {
  return { count: errors.size, reasons: [...new Set(errors.values())] };
}
