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
