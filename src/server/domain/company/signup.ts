// Self-service sign-up (spec 2.1 /signup; issue 10, point 15): a person creates their company
// and becomes its administrator. Nothing is created until the link mailed to the address is
// opened, so nobody can sign an address up that is not theirs. Asking answers the same whether
// or not the address already has an account: a known address gets a mail saying so instead of
// a link, and the page only ever says "check your e-mail".
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { companySettingsTable, companyTable, membershipTable, userTable } from '../../../generated/tables';
import { entityByName } from '../../../generated/entities';
import { rowsOf, type Db } from '../../db/connect';
import { hashPassword } from '../../auth/passwords';
import { PASSWORD_MIN_LENGTH } from '../../auth/user-routes';
import { AppError } from '../kernel/errors';
import { recordAudit } from '../audit/audit';
import type { MailMessage } from '../../http/mail';

/** How long a confirmation link works. */
export const SIGNUP_HOURS = 24;
/** Bounds of what the form sends (the user and company schemas' maxLength; a password long
 * enough for any passphrase, short enough that hashing it costs nothing special). */
export const SIGNUP_MAX = { name: 100, email: 200, companyName: 100, password: 200 } as const;
/** One message for every reason a link cannot be used, so the answer tells nothing. */
export const INVALID_SIGNUP_LINK =
  'This link cannot be used: it has expired or was already used. Sign up again, or sign in if your account exists.';

/** Every permission string of spec 6: the person who signs a company up administers it. */
export const ADMIN_PERMISSIONS = [
  'selling',
  'buying',
  'production',
  'inventory',
  'config',
  'audit',
  'forecasting',
  'scheduling',
  'reports',
]
  .flatMap((p) => [`${p}.read`, `${p}.write`])
  .concat('values');

// one @, no spaces, a dot in the domain: the app's 'Invalid e-mail' rule
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCALES = ['en', 'fr'];
const PROVINCES: readonly string[] = entityByName.company.fields.find((f) => f.name === 'province')?.values ?? [];

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  companyName: string;
  province: string;
  locale: string;
}

/** The form's values checked and trimmed, or the field errors in the app's words. */
export function validateSignup(body: unknown): { input?: SignupInput; errors: Record<string, string> } {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
  const errors: Record<string, string> = {};
  const bounded = (key: keyof typeof SIGNUP_MAX, value: string) => {
    if (!value) errors[key] = 'Required';
    else if (value.length > SIGNUP_MAX[key]) errors[key] = `Max length ${SIGNUP_MAX[key]}`;
    // a name or company name goes into a mail's subject and text: no line breaks or controls
    // eslint-disable-next-line no-control-regex
    else if (/[\u0000-\u001f\u007f]/.test(value) && key !== 'password') errors[key] = 'Invalid characters';
  };
  const name = text('name');
  const email = text('email');
  const companyName = text('companyName');
  const province = text('province');
  // a password is taken as typed: spaces are part of it
  const password = typeof raw.password === 'string' ? raw.password : '';
  bounded('name', name);
  bounded('email', email);
  if (!errors.email && !EMAIL.test(email)) errors.email = 'Invalid e-mail';
  bounded('companyName', companyName);
  if (!password) errors.password = 'Required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Min length ${PASSWORD_MIN_LENGTH}`;
  else if (password.length > SIGNUP_MAX.password) errors.password = `Max length ${SIGNUP_MAX.password}`;
  if (!province) errors.province = 'Required';
  else if (!PROVINCES.includes(province)) errors.province = `Must be one of ${PROVINCES.join(', ')}`;
  const locale = typeof raw.locale === 'string' && LOCALES.includes(raw.locale) ? raw.locale : 'en';
  if (Object.keys(errors).length) return { errors };
  return { input: { name, email, password, companyName, province, locale }, errors };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/**
 * Records the request and answers the mail to send: a confirmation link for a new address, a
 * notice for one that already has an account (nothing is stored for it).
 */
export async function requestSignup(db: Db, input: SignupInput, publicOrigin: string): Promise<MailMessage> {
  // hashed in both cases, so the answer takes as long for a known address as for a new one
  const passwordHash = await hashPassword(input.password);
  const [known] = rowsOf(await db.execute(sql`SELECT 1 FROM users WHERE lower(email) = lower(${input.email}) LIMIT 1`));
  if (known) return accountExistsMail(input, publicOrigin);
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`
    INSERT INTO signup_requests (email, name, company_name, province, locale, password_hash, token_hash, expires_at)
    VALUES (${input.email}, ${input.name}, ${input.companyName}, ${input.province}, ${input.locale},
      ${passwordHash}, ${hashOf(token)}, now() + ${`${SIGNUP_HOURS} hours`}::interval)
    ON CONFLICT (lower(email)) DO UPDATE SET email = excluded.email, name = excluded.name,
      company_name = excluded.company_name, province = excluded.province, locale = excluded.locale,
      password_hash = excluded.password_hash, token_hash = excluded.token_hash,
      created_at = now(), expires_at = excluded.expires_at`);
  return confirmationMail(input, `${publicOrigin}/signup/confirm/${token}`);
}

interface SignupRow {
  id: string | number;
  email: string;
  name: string;
  company_name: string;
  province: string;
  locale: string;
  password_hash: string;
}

/**
 * Opens a confirmation link: creates the user (with the password chosen at sign-up), the
 * company with its settings at their defaults, and the membership with every permission, in
 * one transaction; the request is used up. Answers the new ids and the e-mail to sign in with.
 */
export async function confirmSignup(
  db: Db,
  token: string,
): Promise<{ userId: string; companyId: string; email: string }> {
  const invalid = () => new AppError('NOT_FOUND', INVALID_SIGNUP_LINK, {});
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = rowsOf<SignupRow>(
      await tx.execute(sql`
        DELETE FROM signup_requests WHERE token_hash = ${hashOf(token)} AND expires_at > now()
        RETURNING id, email, name, company_name, province, locale, password_hash`),
    );
    if (!row) throw invalid();
    // the address may have got an account since (an invitation, another sign-up): keep it
    const [taken] = rowsOf(await tx.execute(sql`SELECT 1 FROM users WHERE lower(email) = lower(${row.email})`));
    if (taken) throw invalid();
    const [user] = await tx
      .insert(userTable)
      .values({ email: row.email, name: row.name, locale: row.locale, admin: true, active: true })
      .returning({ id: userTable.id });
    await tx.execute(sql`
      INSERT INTO auth_credentials (user_id, password_hash, updated_at) VALUES (${user.id}, ${row.password_hash}, now())`);
    const [company] = await tx
      .insert(companyTable)
      .values({ name: row.company_name, province: row.province })
      .returning();
    // every setting at its schema default (doneSetup false: the setup wizard opens)
    const [settings] = await tx.insert(companySettingsTable).values({ companyId: company.id }).returning();
    const [membership] = await tx
      .insert(membershipTable)
      .values({ companyId: company.id, user: user.id, permissions: ADMIN_PERMISSIONS })
      .returning();
    const actor = { userId: user.id, companyId: company.id, permissions: ADMIN_PERMISSIONS, features: {} };
    const fields = (r: Record<string, unknown>) => {
      const { companyId: _c, ...rest } = r;
      return rest;
    };
    await recordAudit(tx, actor, {
      entity: 'company',
      entityId: company.id,
      event: 'created',
      before: null,
      after: { ...fields(company), signup: String(row.id) },
    });
    await recordAudit(tx, actor, {
      entity: 'companySettings',
      entityId: settings.id,
      event: 'created',
      before: null,
      after: fields(settings),
    });
    await recordAudit(tx, actor, {
      entity: 'membership',
      entityId: membership.id,
      event: 'created',
      before: null,
      after: { user: row.email, permissions: membership.permissions },
    });
    return { userId: String(user.id), companyId: String(company.id), email: row.email };
  });
}

function confirmationMail(input: SignupInput, link: string): MailMessage {
  return {
    to: input.email,
    subject: `Confirm your Distillery account for ${oneLine(input.companyName)}`,
    text: [
      `Hello ${oneLine(input.name)},`,
      `Open this link to confirm your e-mail address and create ${oneLine(input.companyName)} in Distillery:`,
      link,
      `The link works for ${SIGNUP_HOURS} hours. If you did not sign up, ignore this message: nothing is created.`,
    ].join('\n\n'),
  };
}

function accountExistsMail(input: SignupInput, publicOrigin: string): MailMessage {
  return {
    to: input.email,
    subject: 'You already have a Distillery account',
    text: [
      'Someone (probably you) asked to sign up to Distillery with this e-mail address, which already has an account.',
      `Sign in at ${publicOrigin}/ instead. If you did not ask, ignore this message: nothing was changed.`,
    ].join('\n\n'),
  };
}
