// The schedule screen's requests (schema/graphql/recurring.graphql).
export const RECURRING_RUNS = `query RecurringRuns($id: ID!) { recurringTransactionRuns(id: $id, first: 50) {
  id runDate status documentEntity documentId documentNumber error attempts at } }`;

export const RECURRING_RUN_NOW = `mutation RecurringRunNow($id: ID!) { recurringTransactionRunNow(id: $id) {
  id runDate status documentEntity documentId documentNumber } }`;

export interface RecurringRun {
  id: string;
  runDate: string;
  status: 'Created' | 'Failed';
  documentEntity: string | null;
  documentId: string | null;
  documentNumber: string | null;
  error: string | null;
  attempts: number;
  at: string;
}
