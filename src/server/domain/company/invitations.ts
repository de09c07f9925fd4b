// Joining a company by invitation (issue 10, point 7): an administrator invites an e-mail
// address with permissions; the person accepts with the link mailed there, signed in with that
// address. Nobody is added without accepting, and inviting answers the same whether or not the
// address has an account (the invitation never looks the address up).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { membershipTable, userTable } from '../../../generated/tables';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { recordAudit } from '../audit/audit';
import { PERMISSION } from './members';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** Pending invitations a company may have at once: inviting is no way to mail the world. */
export const MAX_PENDING_INVITATIONS = 100;
/** One message for every reason an invitation cannot be used, so the answer tells nothing. */
export const INVALID_INVITATION =
  'This invitation cannot be used: it has expired, was cancelled or already accepted, or was sent to another e-mail address.';

// one @, no spaces, a dot in the domain: the app's 'Invalid e-mail' rule
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export interface Invitation {
  id: string;
  email: string;
  permissions: string[];
  expiresAt: string;
}

interface InvitationRow {
  id: string | number;
  company_id: string | number;
  email: string;
  permissions: string[];
  expires_at: string | Date;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const toInvitation = (row: InvitationRow): Invitation => ({
  id: String(row.id),
  email: row.email,
  permissions: row.permissions,
  expiresAt: new Date(row.expires_at).toISOString(),
});

/** Creates (or renews) the company's invitation of an address; answers it and the link's secret. */
export async function inviteMember(
  ctx: DomainContext,
  rawEmail: string,
  permissions: string[],
): Promise<{ invitation: Invitation; token: string }> {
  const email = rawEmail.trim();
  if (!EMAIL.test(email) || email.length > EMAIL_MAX_LENGTH) throw validationError({ email: 'Invalid e-mail' });
  const bad = permissions.filter((p) => !PERMISSION.test(p));
  if (bad.length) throw validationError({ permissions: `Unknown permission ${bad.join(', ')}` });
  const wanted = [...new Set(permissions)].sort();
  const token = randomBytes(32).toString('base64url');
  const { companyId, userId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    // the company's members are the administrator's to see already: no account is revealed
    const member = await tx
      .select({ id: membershipTable.id })
      .from(membershipTable)
      .innerJoin(userTable, eq(userTable.id, membershipTable.user))
      .where(and(eq(membershipTable.companyId, companyId), sql`lower(${userTable.email}) = lower(${email})`));
    if (member.length) throw validationError({ email: 'Already a member of this company' });
    const [{ n }] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`
        SELECT count(*) AS n FROM company_invitations
        WHERE company_id = ${companyId} AND expires_at > now() AND lower(email) <> lower(${email})`),
    );
    if (Number(n) >= MAX_PENDING_INVITATIONS)
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `At most ${MAX_PENDING_INVITATIONS} invitations may wait for an answer: cancel some first`,
        {},
      );
    const [row] = rowsOf<InvitationRow>(
      await tx.execute(sql`
        INSERT INTO company_invitations (company_id, email, permissions, token_hash, invited_by, expires_at)
        VALUES (${companyId}, ${email}, ${sql`ARRAY[${sql.join(
          wanted.map((p) => sql`${p}`),
          sql`, `,
        )}]::text[]`}, ${hashOf(token)}, ${userId}, now() + ${`${INVITATION_DAYS} days`}::interval)
        ON CONFLICT (company_id, lower(email)) DO UPDATE SET permissions = excluded.permissions,
          token_hash = excluded.token_hash, invited_by = excluded.invited_by,
          created_at = now(), expires_at = excluded.expires_at
        RETURNING id, company_id, email, permissions, expires_at`),
    );
    return { invitation: toInvitation(row), token };
  });
}

/** The company's invitations still waiting for an answer. */
export async function listInvitations(ctx: DomainContext): Promise<Invitation[]> {
  const rows = rowsOf<InvitationRow>(
    await ctx.db.execute(sql`
      SELECT id, company_id, email, permissions, expires_at FROM company_invitations
      WHERE company_id = ${ctx.actor.companyId} AND expires_at > now() ORDER BY created_at, id`),
  );
  return rows.map(toInvitation);
}

export async function cancelInvitation(ctx: DomainContext, id: string) {
  const rows = rowsOf(
    await ctx.db.execute(sql`
      DELETE FROM company_invitations
      WHERE company_id = ${ctx.actor.companyId} AND id = ${/^\d{1,18}$/.test(id) ? id : '0'} RETURNING id`),
  );
  if (!rows.length) throw new AppError('NOT_FOUND', `Invitation ${id} not found`, { id });
  return { id, error: null };
}

/**
 * The signed-in user accepts an invitation sent to their address: they become a member with
 * its permissions (a member already keeps theirs) and the invitation is used up. Answers the
 * company's id.
 */
export async function acceptInvitation(db: Db, userId: string, token: string): Promise<string> {
  const invalid = () => new AppError('NOT_FOUND', INVALID_INVITATION, {});
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = rowsOf<InvitationRow>(
      await tx.execute(sql`
        SELECT id, company_id, email, permissions, expires_at FROM company_invitations
        WHERE token_hash = ${hashOf(token)} AND expires_at > now() FOR UPDATE`),
    );
    const [user] = await tx.select().from(userTable).where(eq(userTable.id, userId));
    if (!row || !user?.active || user.email.toLowerCase() !== row.email.toLowerCase()) throw invalid();
    const companyId = String(row.company_id);
    const where = and(eq(membershipTable.companyId, companyId), eq(membershipTable.user, userId));
    const [existing] = await tx.select().from(membershipTable).where(where);
    if (!existing) {
      const [membership] = await tx
        .insert(membershipTable)
        .values({ companyId, user: userId, permissions: row.permissions })
        .returning();
      const actor = { userId, companyId, permissions: row.permissions, features: {} };
      await recordAudit(tx, actor, {
        entity: 'membership',
        entityId: membership.id,
        event: 'created',
        before: null,
        after: { user: user.email, permissions: membership.permissions, invitation: String(row.id) },
      });
    }
    await tx.execute(sql`DELETE FROM company_invitations WHERE id = ${row.id}`);
    return companyId;
  });
}
