// Who holds which planning role (issue 17): scheduling gives tasks to roles, and a company
// member holding a role is one who does that role's tasks. Set per role, whole (the members
// chosen replace the previous ones), in one transaction; every person named must be a member
// of the company and the role one of its roles.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import { messages } from '../../../shared/messages';
import { notFound, validationError } from '../kernel/errors';
import { ID } from '../kernel/ids';
import type { DomainContext } from '../records/actor';

/** More people than a distillery's crew: a bound on the input, not a business rule. */
export const MAX_ROLE_MEMBERS = 200;

export interface RoleMember {
  userId: string;
  name: string;
}

export interface RoleHolders {
  roleId: string;
  roleName: string;
  members: RoleMember[];
}

/** The company's members, by name: the people a role may be given to. */
export async function companyMembers(ctx: DomainContext): Promise<RoleMember[]> {
  return rowsOf<RoleMember>(
    await ctx.db.execute(sql`
      SELECT u.id::text AS "userId", u.name
      FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.company_id = ${ctx.actor.companyId} AND u.active
      ORDER BY lower(u.name), u.id`),
  );
}

/** Every role of the company (active ones, and inactive ones someone still holds) with its holders; or the one role asked. */
export async function roleHolders(ctx: DomainContext, roleId?: string): Promise<RoleHolders[]> {
  const company = ctx.actor.companyId;
  const rows = rowsOf<{ role_id: string; role_name: string; user_id: string | null; user_name: string | null }>(
    await ctx.db.execute(sql`
      SELECT r.id::text AS role_id, r.name AS role_name, u.id::text AS user_id, u.name AS user_name
      FROM planning_roles r
        LEFT JOIN planning_role_members rm ON rm.company_id = r.company_id AND rm.role_id = r.id
        LEFT JOIN users u ON u.id = rm.user_id
      WHERE r.company_id = ${company}
        ${roleId ? sql`AND r.id = ${roleId}` : sql`AND (r.active OR rm.user_id IS NOT NULL)`}
      ORDER BY lower(r.name), r.id, lower(u.name), u.id`),
  );
  const byRole = new Map<string, RoleHolders>();
  for (const row of rows) {
    const role = byRole.get(row.role_id) ?? { roleId: row.role_id, roleName: row.role_name, members: [] };
    byRole.set(row.role_id, role);
    if (row.user_id) role.members.push({ userId: row.user_id, name: row.user_name ?? '' });
  }
  return [...byRole.values()];
}

export async function setRoleMembers(ctx: DomainContext, roleId: string, userIds: string[]): Promise<RoleHolders> {
  const problems: Record<string, string> = {};
  if (!ID.test(String(roleId))) problems.roleId = messages.invalidReference;
  if (!Array.isArray(userIds) || userIds.length > MAX_ROLE_MEMBERS)
    problems.userIds = messages.tooManyItems(MAX_ROLE_MEMBERS);
  else
    for (const [i, id] of userIds.entries())
      if (!ID.test(String(id))) problems[`userIds.${i}`] = messages.invalidReference;
  if (Object.keys(problems).length) throw validationError(problems);
  const wanted = [...new Set(userIds.map(String))];
  const company = ctx.actor.companyId;
  await ctx.db.transaction(async (tx) => {
    const role = rowsOf(
      await tx.execute(sql`
        SELECT id FROM planning_roles WHERE company_id = ${company} AND id = ${roleId} FOR UPDATE`),
    );
    if (!role.length) throw notFound('Role', String(roleId));
    const members = new Set(
      rowsOf<{ id: string }>(
        await tx.execute(sql`
          SELECT user_id::text AS id FROM memberships WHERE company_id = ${company}`),
      ).map((m) => m.id),
    );
    const strangers = wanted.filter((id) => !members.has(id));
    if (strangers.length)
      throw validationError(
        Object.fromEntries(
          strangers.map((id) => [`userIds.${userIds.map(String).indexOf(id)}`, 'Not a member of this company']),
        ),
      );
    await tx.execute(sql`DELETE FROM planning_role_members WHERE company_id = ${company} AND role_id = ${roleId}`);
    for (const id of wanted)
      await tx.execute(sql`
        INSERT INTO planning_role_members (company_id, role_id, user_id) VALUES (${company}, ${roleId}, ${id})`);
  });
  const [holders] = await roleHolders(ctx, String(roleId));
  return holders ?? { roleId: String(roleId), roleName: '', members: [] };
}
