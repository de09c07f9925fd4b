// Scheduling (issue 17): a template expands into one task per step, all saved in one
// transaction (a failed step leaves no half a batch behind), and the calendar's read of tasks
// overlapping a span of days.
import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { activityTable } from '../../../generated/tables';
import { entityByName } from '../../../generated/entities';
import { isIsoDate } from '../../../shared/validation';
import { divRound, fromScaled, toScaled } from '../../../shared/money';
import { messages } from '../../../shared/messages';
import { validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import type { DomainContext } from '../records/actor';
import { hydrate, type ApiRecord } from '../records/hydrate';
import { assertFound, getRecord } from '../records/list';
import { createRecord } from '../records/write';

/** the entity a task's primitiveType opens (spec 3: MashBill, Process, Formula, Product, Item) */
export const RECIPE_ENTITY: Record<string, string> = {
  MashBill: 'mashBill',
  Process: 'process',
  Formula: 'formula',
  Product: 'product',
  Item: 'item',
};

export const MAX_SCALE = 1000;
export const MAX_CALENDAR_DAYS = 92;

export interface ScheduleInput {
  templateId: string;
  startDate: string;
  siteId?: string | null;
  scale?: number | null;
  recipes?: { primitiveType: string; primitiveId: string }[] | null;
}

/** yyyy-MM-dd plus `days` calendar days (UTC arithmetic on a date: no time zone can shift it). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function checkInput(input: ScheduleInput) {
  const problems: Record<string, string> = {};
  if (!ID.test(String(input.templateId))) problems.templateId = 'Choose a template';
  if (typeof input.startDate !== 'string' || !isIsoDate(input.startDate)) problems.startDate = messages.invalidDate;
  if (input.siteId != null && !ID.test(String(input.siteId))) problems.siteId = 'Choose a site';
  const scale = input.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > MAX_SCALE)
    problems.scale = `Must be more than 0 and at most ${MAX_SCALE}`;
  const recipes = input.recipes ?? [];
  if (recipes.length > Object.keys(RECIPE_ENTITY).length) problems.recipes = 'One recipe per kind of task';
  for (const [i, r] of recipes.entries()) {
    if (!RECIPE_ENTITY[r.primitiveType]) problems[`recipes.${i}.primitiveType`] = 'Not a kind of recipe';
    if (!ID.test(String(r.primitiveId))) problems[`recipes.${i}.primitiveId`] = messages.invalidReference;
  }
  if (new Set(recipes.map((r) => r.primitiveType)).size !== recipes.length)
    problems.recipes = 'One recipe per kind of task';
  if (Object.keys(problems).length) throw validationError(problems);
}

/** The recipe ids by kind, each checked to be a record of that kind in the company. */
async function recipeIds(ctx: DomainContext, recipes: ScheduleInput['recipes']) {
  const out = new Map<string, string>();
  for (const [i, r] of (recipes ?? []).entries()) {
    const id = String(r.primitiveId);
    if (!(await getRecord(ctx, entityByName[RECIPE_ENTITY[r.primitiveType]], id)))
      throw validationError({ [`recipes.${i}.primitiveId`]: messages.invalidReference });
    out.set(r.primitiveType, id);
  }
  return out;
}

interface TemplateStep {
  description: string;
  primitiveType: string;
  role?: { id: string } | null;
  dayOffset?: number | null;
  durationDays?: number | null;
  quantity?: number | string | null;
}

export async function scheduleFromTemplate(ctx: DomainContext, input: ScheduleInput): Promise<ApiRecord[]> {
  checkInput(input);
  const scale = toScaled(input.scale ?? 1, 6);
  const created = await ctx.db.transaction(async (tx) => {
    const inTx: DomainContext = { ...ctx, db: tx };
    const templateEntity = entityByName.planningTemplate;
    const template = assertFound(
      await getRecord(inTx, templateEntity, String(input.templateId)),
      templateEntity,
      String(input.templateId),
    );
    const steps = (template.steps as TemplateStep[] | null) ?? [];
    if (!steps.length) throw validationError({ templateId: 'This template has no steps' });
    const recipes = await recipeIds(inTx, input.recipes);
    const out: ApiRecord[] = [];
    for (const step of steps) {
      const start = addDays(input.startDate, step.dayOffset ?? 0);
      const quantity =
        step.quantity == null ? null : Number(fromScaled(divRound(toScaled(step.quantity, 3) * scale, 1_000_000n), 3));
      out.push(
        await createRecord(inTx, entityByName.activity, {
          description: step.description,
          primitiveType: step.primitiveType,
          primitiveId: recipes.get(step.primitiveType) ?? null,
          site: input.siteId ?? null,
          role: step.role?.id ?? null,
          template: template.id,
          startDate: start,
          endDate: addDays(start, step.durationDays ?? 0),
          quantity,
        }),
      );
    }
    return out;
  });
  return created;
}

export interface CalendarArgs {
  from: string;
  to: string;
  siteId?: string | null;
  roleId?: string | null;
}

/** Every task, completed or not, whose days (start to end, or its start alone) meet from..to. */
export async function activitiesBetween(ctx: DomainContext, args: CalendarArgs) {
  const problems: Record<string, string> = {};
  if (!isIsoDate(String(args.from))) problems.from = messages.invalidDate;
  if (!isIsoDate(String(args.to))) problems.to = messages.invalidDate;
  else if (
    !problems.from &&
    (daysBetween(args.from, args.to) < 0 || daysBetween(args.from, args.to) > MAX_CALENDAR_DAYS)
  )
    problems.to = `From 0 to ${MAX_CALENDAR_DAYS} days after the start`;
  for (const key of ['siteId', 'roleId'] as const)
    if (args[key] != null && !ID.test(String(args[key]))) problems[key] = messages.invalidReference;
  if (Object.keys(problems).length) throw validationError(problems);
  const conditions = [
    eq(activityTable.companyId, ctx.actor.companyId),
    lte(activityTable.startDate, args.to),
    or(
      gte(activityTable.endDate, args.from),
      and(isNull(activityTable.endDate), gte(activityTable.startDate, args.from)),
    ),
  ];
  if (args.siteId) conditions.push(eq(activityTable.site, String(args.siteId)));
  if (args.roleId) conditions.push(eq(activityTable.role, String(args.roleId)));
  const rows = await ctx.db
    .select()
    .from(activityTable)
    .where(and(...conditions))
    .orderBy(asc(activityTable.startDate), asc(activityTable.id))
    .limit(2000);
  return hydrate(ctx.db, ctx.actor, entityByName.activity, rows as Record<string, unknown>[]);
}
