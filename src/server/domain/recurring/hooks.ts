// The rules of saving a recurring transaction (records hooks, inside the save's transaction):
// the template of its type is chosen (the records layer has checked it is of the company);
// the end is not before the start; a purchase order schedule needs buying.write, a sales order
// or invoice schedule selling.write (the entity's own rule accepts either). The server sets
// nextRun: the start date on create, and again from the series when the dates change.
import { hasPermission } from '../../../shared/permissions';
import type { Actor, DomainContext } from '../records/actor';
import { hooksOf } from '../records/hooks';
import { forbidden, validationError } from '../kernel/errors';
import { dayIn, timeZoneOf } from '../company/timeZone';
import { addDays, firstRunAfter, type Frequency } from './nextRun';
import { DOCUMENT_OF, type ScheduleType } from './copy';
import { deleteRuns } from './runs';

const TEMPLATE_LABEL: Record<ScheduleType, string> = {
  SalesOrder: 'sales order',
  Invoice: 'invoice',
  PurchaseOrder: 'purchase order',
};

/** The permission a schedule of this type needs to be saved, deleted or run. */
export const writePermissionOf = (type: string) => (type === 'PurchaseOrder' ? 'buying.write' : 'selling.write');
export const readPermissionOf = (type: string) => (type === 'PurchaseOrder' ? 'buying.read' : 'selling.read');

export function assertMayWrite(actor: Actor, type: string) {
  if (!hasPermission(actor.permissions, writePermissionOf(type)))
    throw forbidden(`manage ${TEMPLATE_LABEL[type as ScheduleType] ?? 'document'} schedules`);
}

const idOf = (v: unknown): string | null =>
  v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : v == null ? null : String(v);

/** Fields that decide the calendar: changing one recomputes the next run. */
const CALENDAR = ['frequency', 'interval', 'startDate', 'endDate'] as const;

export const recurringHooks = hooksOf('recurringTransaction', {
  async beforeWrite(ctx: DomainContext, { mode, before, input }) {
    // the schedule as it will be: the saved record with the input's changes over it
    const merged = { ...(before ?? {}), ...input } as Record<string, unknown>;
    const type = String(merged.type) as ScheduleType;
    if (before && before.type !== type) assertMayWrite(ctx.actor, before.type);
    assertMayWrite(ctx.actor, type);

    const problems: Record<string, string> = {};
    const template = DOCUMENT_OF[type];
    if (!idOf(merged[template])) problems[template] = `Choose the template ${TEMPLATE_LABEL[type]}`;
    const startDate = String(merged.startDate);
    const endDate = (merged.endDate as string | null | undefined) ?? null;
    if (endDate && endDate < startDate) problems.endDate = 'Must be on or after the first run date';
    if (merged.interval != null && Number(merged.interval) < 1) problems.interval = 'Must be at least 1';
    if (Object.keys(problems).length) throw validationError(problems);

    const cadence = {
      frequency: merged.frequency as Frequency,
      interval: (merged.interval as number | null) ?? null,
      startDate,
      endDate,
    };
    // readOnly fields are not in the API's input; set here, they are written with the row
    const target = input as Record<string, unknown>;
    if (mode === 'create') {
      target.nextRun = firstRunAfter(cadence, null);
      return;
    }
    const lastRun = before!.lastRun ?? null;
    const changed = CALENDAR.some((f) => f in input && (input[f] ?? null) !== (before![f] ?? null));
    const reactivated = input.active === true && before!.active === false;
    if (reactivated) {
      // the dates it missed while turned off are skipped, not caught up: it starts again today
      const yesterday = addDays(dayIn(await timeZoneOf(ctx), new Date()), -1);
      target.nextRun = firstRunAfter(cadence, lastRun && lastRun > yesterday ? lastRun : yesterday);
    } else if (changed) target.nextRun = firstRunAfter(cadence, lastRun);
  },
  async beforeDelete(ctx, record) {
    assertMayWrite(ctx.actor, record.type);
    await deleteRuns(ctx.db, ctx.actor.companyId, record.id);
  },
});
