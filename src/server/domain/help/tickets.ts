// Contact us (spec 5): subject required, at most 50 characters; text required, at most 1000.
// A ticket is kept with the company, the sender and the time (help_tickets, 0020_help.sql) and
// listed for the company's administrators (config.write).
import { and, desc, eq, sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintText } from '../../db/types';
import { userTable } from '../../../generated/tables';
import { messages } from '../../../shared/messages';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';

export const HELP_SUBJECT_MAX = 50;
export const HELP_TEXT_MAX = 1000;
export const MAX_TICKETS_LISTED = 500;

export const helpTicketsTable = pgTable(
  'help_tickets',
  {
    companyId: bigintText('company_id').notNull(),
    id: bigintText('id')
      .notNull()
      .default(sql`nextval('object_ids')`),
    userId: bigintText('user_id').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export interface HelpTicket {
  id: string;
  subject: string;
  text: string;
  userId: string;
  userName: string;
  userEmail: string;
  createdAt: string;
}

/** The form's rules, field by field: the spec's messages, or nothing when the value is good. */
export function ticketProblems(input: { subject?: string | null; text?: string | null }): Record<string, string> {
  const problems: Record<string, string> = {};
  const check = (field: 'subject' | 'text', max: number) => {
    const value = input[field] ?? '';
    if (!value.trim()) problems[field] = messages.required;
    else if ([...value].length > max) problems[field] = messages.maxLength(max);
  };
  check('subject', HELP_SUBJECT_MAX);
  check('text', HELP_TEXT_MAX);
  return problems;
}

const columns = {
  id: helpTicketsTable.id,
  subject: helpTicketsTable.subject,
  text: helpTicketsTable.text,
  userId: helpTicketsTable.userId,
  userName: userTable.name,
  userEmail: userTable.email,
  createdAt: helpTicketsTable.createdAt,
};

const toTicket = (r: { createdAt: Date } & Omit<HelpTicket, 'createdAt'>): HelpTicket => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
});

export async function createTicket(
  ctx: DomainContext,
  input: { subject?: string | null; text?: string | null },
): Promise<HelpTicket> {
  const problems = ticketProblems(input);
  if (Object.keys(problems).length) throw validationError(problems);
  const [row] = await ctx.db
    .insert(helpTicketsTable)
    .values({
      companyId: ctx.actor.companyId,
      userId: ctx.actor.userId,
      subject: input.subject!.trim(),
      text: input.text!.trim(),
    })
    .returning({ id: helpTicketsTable.id });
  const [ticket] = await ticketQuery(ctx).where(
    and(eq(helpTicketsTable.companyId, ctx.actor.companyId), eq(helpTicketsTable.id, row.id)),
  );
  return toTicket(ticket);
}

const ticketQuery = (ctx: DomainContext) =>
  ctx.db.select(columns).from(helpTicketsTable).innerJoin(userTable, eq(userTable.id, helpTicketsTable.userId));

/** The company's tickets, newest first. */
export async function listTickets(ctx: DomainContext, first = 100): Promise<HelpTicket[]> {
  const limit = Math.max(1, Math.min(first, MAX_TICKETS_LISTED));
  const rows = await ticketQuery(ctx)
    .where(eq(helpTicketsTable.companyId, ctx.actor.companyId))
    .orderBy(desc(helpTicketsTable.createdAt), desc(helpTicketsTable.id))
    .limit(limit);
  return rows.map(toTicket);
}
