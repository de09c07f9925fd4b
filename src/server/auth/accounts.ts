import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { queryRows } from './query-rows';

export interface UserAccount {
  /** users.id as a string: bigint does not fit a JS number safely, and `sub` is a string. */
  id: string;
  email: string;
  name: string;
  locale: string | null;
  active: boolean;
}

interface UserRow {
  id: string | number;
  email: string;
  name: string;
  locale: string | null;
  active: boolean | null;
}

function toAccount(row: UserRow | undefined): UserAccount | undefined {
  if (!row) return undefined;
  return { id: String(row.id), email: row.email, name: row.name, locale: row.locale, active: row.active === true };
}

const isUserId = (id: string) => /^[1-9]\d{0,18}$/.test(id);

export async function findUserById(db: Db, id: string): Promise<UserAccount | undefined> {
  if (!isUserId(id)) return undefined;
  const rows = await queryRows<UserRow>(
    db,
    sql`SELECT id::text AS id, email, name, locale, active FROM users WHERE id = ${id}`,
  );
  return toAccount(rows[0]);
}

/** E-mail addresses are matched case-insensitively: people type them in any case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserAccount | undefined> {
  const rows = await queryRows<UserRow>(
    db,
    sql`SELECT id::text AS id, email, name, locale, active FROM users WHERE lower(email) = lower(${email}) ORDER BY id LIMIT 1`,
  );
  return toAccount(rows[0]);
}

export interface ProfileChanges {
  name?: string;
  email?: string;
  locale?: string | null;
}

/** Applies the given changes; answers undefined when the user does not exist. */
export async function updateProfile(db: Db, id: string, changes: ProfileChanges): Promise<UserAccount | undefined> {
  if (!isUserId(id)) return undefined;
  const sets = [];
  if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
  if (changes.email !== undefined) sets.push(sql`email = ${changes.email}`);
  if (changes.locale !== undefined) sets.push(sql`locale = ${changes.locale}`);
  if (sets.length === 0) return findUserById(db, id);
  const rows = await queryRows<UserRow>(
    db,
    sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING id::text AS id, email, name, locale, active`,
  );
  return toAccount(rows[0]);
}

/** True when another user already signs in with this e-mail (any case). */
export async function emailTakenByOther(db: Db, email: string, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM users WHERE lower(email) = lower(${email}) AND id <> ${id} LIMIT 1`,
  );
  return rows.length > 0;
}
