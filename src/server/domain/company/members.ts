// Who has access to the company and with which permissions (Settings > Users, /useredit).
import { and, asc, eq, sql } from 'drizzle-orm';
import { membershipTable, userTable } from '../../../generated/tables';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { hasPermission } from '../../../shared/permissions';
import { recordAudit } from '../audit/audit';

export const PERMISSION =
  /^(selling|buying|production|inventory|config|audit|forecasting|scheduling|reports|values)(\.(read|write))?$/;

export async function listMembers(ctx: DomainContext) {
  const rows = await ctx.db
    .select({ id: membershipTable.id, permissions: membershipTable.permissions, user: userTable })
    .from(membershipTable)
    .innerJoin(userTable, eq(userTable.id, membershipTable.user))
    .where(eq(membershipTable.companyId, ctx.actor.companyId))
    .orderBy(asc(userTable.name));
  return rows.map((r) => ({ id: r.id, permissions: r.permissions, user: r.user }));
}

/**
 * One answer for every address that is not a member of this company, whether or not it has an
 * account: changing a member's permissions never adds anyone (issue 10, point 7). People join
 * by invitation (companyMemberInvite), with their consent.
 */
export const NOT_A_MEMBER = 'Not a member of this company: invite this address instead';

/** Changes the permissions of a member of the company, found by e-mail. */
export async function setMember(ctx: DomainContext, email: string, permissions: string[]) {
  const bad = permissions.filter((p) => !PERMISSION.test(p));
  if (bad.length) throw validationError({ permissions: `Unknown permission ${bad.join(', ')}` });
  const wanted = [...new Set(permissions)].sort();
  return ctx.db.transaction(async (tx) => {
    // only the company's own members are looked up: the answer tells nothing about accounts
    const [found] = await tx
      .select({ membership: membershipTable, user: userTable })
      .from(membershipTable)
      .innerJoin(userTable, eq(userTable.id, membershipTable.user))
      .where(
        and(
          eq(membershipTable.companyId, ctx.actor.companyId),
          sql`lower(${userTable.email}) = ${email.trim().toLowerCase()}`,
        ),
      )
      .for('update', { of: membershipTable });
    if (!found) throw validationError({ email: NOT_A_MEMBER });
    const { membership: existing, user } = found;
    if (user.id === ctx.actor.userId && !hasPermission(wanted, 'config.write'))
      throw new AppError('CONFLICT', 'You cannot remove your own access to Settings', { email });
    const where = eq(membershipTable.id, existing.id);
    const [row] = await tx.update(membershipTable).set({ permissions: wanted }).where(where).returning();
    await recordAudit(tx, ctx.actor, {
      entity: 'membership',
      entityId: row.id,
      event: 'updated',
      before: { user: user.email, permissions: existing.permissions },
      after: { user: user.email, permissions: row.permissions },
    });
    return { id: row.id, permissions: row.permissions, user };
  });
}

export async function removeMember(ctx: DomainContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const where = and(
      eq(membershipTable.companyId, ctx.actor.companyId),
      eq(membershipTable.id, /^\d{1,18}$/.test(id) ? id : '0'),
    );
    const [row] = await tx.select().from(membershipTable).where(where).for('update');
    if (!row) throw new AppError('NOT_FOUND', `Member ${id} not found`, { id });
    if (row.user === ctx.actor.userId) throw new AppError('CONFLICT', 'You cannot remove your own access', { id });
    await tx.delete(membershipTable).where(where);
    const [user] = await tx.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, row.user));
    await recordAudit(tx, ctx.actor, {
      entity: 'membership',
      entityId: row.id,
      event: 'deleted',
      before: { user: user?.email ?? row.user, permissions: row.permissions },
    });
    return { id, error: null };
  });
}
