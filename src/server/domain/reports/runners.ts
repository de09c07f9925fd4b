// Every report's runner by its catalogue name. A runner reads the ledgers and records of the
// actor's company (ctx.actor.companyId: every query filters by it) and answers cells as text
// aligned with its catalogue columns: quantities with 3 decimals, money with the currency's.
import type { DomainContext } from '../records/actor';
import type { ReportRun } from '../../../shared/reports/types';
import type { ReportParams } from './params';
import { productionRunners } from './production';
import { inventoryRunners } from './inventory';
import { salesRunners } from './sales';

export type ReportRunner = (ctx: DomainContext, params: ReportParams) => Promise<ReportRun>;

export const RUNNERS: Record<string, ReportRunner> = {
  ...productionRunners,
  ...inventoryRunners,
  ...salesRunners,
};
