// logClientError (spec 7): what browsers report is stored for the team, truncated to the
// column limits so a runaway report cannot fill the database. Any signed-in user may report;
// the report is filed under the company only when the user is a member of it.
import { clientErrorTable } from '../../../generated/tables';
import type { Db } from '../../db/connect';
import { validationError } from '../kernel/errors';

const cut = (v: unknown, n: number) => (typeof v === 'string' ? v.slice(0, n) : null);

export async function logClientError(
  db: Db,
  /** companyId: the company the report is filed under (null when the user is not a member) */
  report: { userId: string; companyId: string | null; userAgent?: string; version?: string },
  input: { query?: string | null; variables?: string | null; message?: string | null },
): Promise<boolean> {
  if (!input.message?.trim()) throw validationError({ message: 'Required' });
  await db.insert(clientErrorTable).values({
    inCompany: report.companyId && /^\d{1,18}$/.test(report.companyId) ? report.companyId : null,
    byUser: report.userId,
    message: cut(input.message, 4000)!,
    query: cut(input.query, 20000),
    variables: cut(input.variables, 20000),
    userAgent: cut(report.userAgent, 500),
    version: cut(report.version, 40),
    createdAt: new Date().toISOString(),
  });
  return true;
}
