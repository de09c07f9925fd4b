// Portal users (issue 18): a person linked to one customer of the company. Staff invite an
// e-mail address for a customer; the person accepts with the link mailed there, signed in (with
// the portal's client) under that address. As with company invitations (company/invitations.ts)
// nobody is linked without accepting, only a hash of the link's secret is stored, and inviting
// answers the same whether or not the address has an account.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import { AppError, validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { recordAudit } from '../audit/audit';
import { INVALID_INVITATION, INVITATION_DAYS } from '../company/invitations';
import { requirePortalAddOn } from './access';

/** Portal users and pending invitations one company may have: inviting is no way to mail the world. */
export const MAX_PORTAL_USERS = 500;

// the app's 'Invalid e-mail' rule (company/invitations.ts)
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
const isId = (id: string) => /^\d{1,18}$/.test(id);

export interface PortalUser {
  id: string;
  customerId: string;
  customerName: string;
  email: string;
  /** Invited until the person accepts; then Active */
  status: 'Invited' | 'Active';
  expiresAt: string | null;
}

interface PortalUserRow {
  id: string;
  customer_id: string;
  customer_name: string;
  email: string;
  user_id: string | null;
  expires_at: string | Date | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const toPortalUser = (row: PortalUserRow): PortalUser => ({
  id: String(row.id),
  customerId: String(row.customer_id),
  customerName: row.customer_name,
  email: row.email,
  status: row.user_id ? 'Active' : 'Invited',
  expiresAt: row.user_id || !row.expires_at ? null : new Date(row.expires_at).toISOString(),
});

const SELECT_USERS = sql`
  SELECT p.id::text AS id, p.customer_id::text AS customer_id, c.name AS customer_name, p.email,
         p.user_id::text AS user_id, p.expires_at
  FROM portal_users p JOIN customers c ON c.company_id = p.company_id AND c.id = p.customer_id`;

/** Invites (or invites again) an address to the portal as a user of one customer of the
 * company; answers the pending link and the secret for the mail. An address that already
 * accepted for this customer is refused, and so is every invitation while the company's
 * customerPortal add-on is off (nobody would get in). */
export async function invitePortalUser(
  ctx: DomainContext,
  customerId: string,
  rawEmail: string,
): Promise<{ user: PortalUser; token: string }> {
  requirePortalAddOn(ctx.actor.features);
  const email = rawEmail.trim();
  if (!EMAIL.test(email) || email.length > EMAIL_MAX_LENGTH) throw validationError({ email: 'Invalid e-mail' });
  if (!isId(customerId)) throw validationError({ customerId: 'No such customer in this company' });
  const { companyId, userId } = ctx.actor;
  const token = randomBytes(32).toString('base64url');
  return ctx.db.transaction(async (tx) => {
    const [customer] = rowsOf<{ id: string }>(
      await tx.execute(sql`SELECT id FROM customers WHERE company_id = ${companyId} AND id = ${customerId}`),
    );
    if (!customer) throw validationError({ customerId: 'No such customer in this company' });
    const [{ n }] = rowsOf<{ n: number | string }>(
      await tx.execute(sql`SELECT count(*) AS n FROM portal_users WHERE company_id = ${companyId}`),
    );
    if (Number(n) >= MAX_PORTAL_USERS)
      throw new AppError('TOO_MANY_REQUESTS', `At most ${MAX_PORTAL_USERS} portal users: remove some first`, {});
    const [accepted] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        SELECT id FROM portal_users WHERE company_id = ${companyId} AND customer_id = ${customerId}
          AND lower(email) = lower(${email}) AND user_id IS NOT NULL`),
    );
    if (accepted) throw validationError({ email: 'Already a portal user of this customer' });
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO portal_users (company_id, customer_id, email, token_hash, invited_by, expires_at)
        VALUES (${companyId}, ${customerId}, ${email}, ${hashOf(token)}, ${isId(userId) ? userId : null},
                now() + ${`${INVITATION_DAYS} days`}::interval)
        ON CONFLICT (company_id, customer_id, lower(email)) DO UPDATE SET token_hash = excluded.token_hash,
          invited_by = excluded.invited_by, created_at = now(), expires_at = excluded.expires_at
        RETURNING id::text AS id`),
    );
    await recordAudit(tx, ctx.actor, {
      entity: 'portalUser',
      entityId: row.id,
      event: 'created',
      before: null,
      after: { customer: customerId, email },
    });
    const [user] = rowsOf<PortalUserRow>(await tx.execute(sql`${SELECT_USERS} WHERE p.id = ${row.id}`));
    return { user: toPortalUser(user), token };
  });
}

/** The company's portal users and pending invitations (expired ones included: staff invite again). */
export async function listPortalUsers(ctx: DomainContext): Promise<PortalUser[]> {
  const rows = rowsOf<PortalUserRow>(
    await ctx.db.execute(
      sql`${SELECT_USERS} WHERE p.company_id = ${ctx.actor.companyId} ORDER BY c.name, lower(p.email), p.id`,
    ),
  );
  return rows.map(toPortalUser);
}

/** Active customers whose name contains `search`, by name, for the invitation's customer picker
 * (the setup permission does not include selling, so the customer list is not the way). */
export async function customerChoices(ctx: DomainContext, search: string) {
  const text = search.trim().slice(0, 100);
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rowsOf<{ id: string; name: string }>(
    await ctx.db.execute(sql`
      SELECT id::text AS id, name FROM customers
      WHERE company_id = ${ctx.actor.companyId} AND active AND name ILIKE ${pattern}
      ORDER BY name, id LIMIT 50`),
  );
}

/** Ends a portal user's access (or cancels the invitation) at once: the next request is refused. */
export async function removePortalUser(ctx: DomainContext, id: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string; email: string; customer_id: string }>(
      await tx.execute(sql`
        DELETE FROM portal_users WHERE company_id = ${ctx.actor.companyId} AND id = ${isId(id) ? id : '0'}
        RETURNING id::text AS id, email, customer_id::text AS customer_id`),
    );
    if (!row) throw new AppError('NOT_FOUND', `Portal user ${id} not found`, { id });
    await recordAudit(tx, ctx.actor, {
      entity: 'portalUser',
      entityId: row.id,
      event: 'deleted',
      before: { customer: row.customer_id, email: row.email },
      after: null,
    });
    return { id: row.id, error: null };
  });
}

/** The signed-in person accepts a portal invitation of company `companyId` sent to their
 * address: the link now holds them. Answers the customer's id. One message for every reason
 * it cannot be used. */
export async function acceptPortalInvitation(db: Db, userId: string, companyId: string, token: string) {
  const invalid = () => new AppError('NOT_FOUND', INVALID_INVITATION, {});
  if (!/^[A-Za-z0-9_-]{43}$/.test(token) || !isId(companyId)) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ id: string; customer_id: string; email: string }>(
      await tx.execute(sql`
        SELECT id::text AS id, customer_id::text AS customer_id, email FROM portal_users
        WHERE token_hash = ${hashOf(token)} AND company_id = ${companyId} AND user_id IS NULL
          AND expires_at > now() FOR UPDATE`),
    );
    const [user] = rowsOf<{ email: string; active: boolean }>(
      await tx.execute(sql`SELECT email, active FROM users WHERE id = ${userId}`),
    );
    if (!row || !user?.active || user.email.toLowerCase() !== row.email.toLowerCase()) throw invalid();
    await tx.execute(sql`
      UPDATE portal_users SET user_id = ${userId}, token_hash = NULL, expires_at = NULL, accepted_at = now()
      WHERE id = ${row.id}`);
    await recordAudit(
      tx,
      { userId, companyId, permissions: [], features: {} },
      {
        entity: 'portalUser',
        entityId: row.id,
        event: 'updated',
        before: { status: 'Invited' },
        after: { status: 'Active' },
      },
    );
    return row.customer_id;
  });
}
