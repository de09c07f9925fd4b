// accountCreate (spec 7): the account is made in the accounting system first, when one is
// connected, and then locally with ref = its id, so the answer carries the ref the picker
// stores. The other system is asked outside the transaction (no row stays locked while it
// answers; a refreshed token is kept even if the local write fails); its refusal answers a
// VALIDATION_ERROR in its own words. The requestid is made from the company, name and type: a
// second click after a lost answer gets the same account back, not a second one. Without a
// connection (or while paused) the account is local only and the sync creates it later.
import { and, eq, sql } from 'drizzle-orm';
import { inputValidators } from '../../../../generated/validators';
import { entities } from '../../../../generated/entities';
import { accountTable } from '../../../../generated/tables';
import { validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import type { ApiRecord } from '../../records/hydrate';
import { createRecord } from '../../records/write';
import { hooksOf } from '../../records/hooks';
import { INTEGRATION_APPS, accountingApp, type AccountingApp } from '../apps';
import { askNow } from '../askNow';
import { requestIdOf, withTokens } from '../calls';
import { accountingAppsOf } from './queueDocument';
import { connectionOf, tokensOf } from '../store';
import { queueLocalAccounts } from './chart';

/** The context accountCreate hands the records layer: the ref the other system gave. */
type WithExternalRef = DomainContext & { accountExternalRef?: string };

function validAccountInput(input: unknown): { name: string; type: string; parentRef?: string | null } {
  const parsed = inputValidators.account.create.safeParse(input);
  if (parsed.success) return parsed.data as { name: string; type: string; parentRef?: string | null };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : 'input');
    fields[key] ??= issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys.join(', ')}` : issue.message;
  }
  throw validationError(fields);
}

/** The accounting app the company is connected to (and sending to), if any. */
async function connectedAccountingApp(ctx: DomainContext): Promise<AccountingApp | null> {
  for (const app of INTEGRATION_APPS) {
    if (app.addOn !== 'accounting' || !ctx.actor.features[app.feature]) continue;
    const connection = await connectionOf(ctx.db, ctx.actor.companyId, app.key);
    if (connection?.status === 'connected') return app;
  }
  return null;
}

async function createOver(
  ctx: DomainContext,
  app: AccountingApp,
  input: { name: string; type: string; parentRef?: string | null },
) {
  const { companyId } = ctx.actor;
  const connection = await connectionOf(ctx.db, companyId, app.key);
  const tokens = connection && tokensOf(connection);
  if (!tokens) return null;
  return askNow(
    app.connector.provider,
    'create the account',
    () =>
      withTokens(ctx.db, companyId, app, { tokens }, (t) =>
        app.connector.pushAccount(
          t,
          { name: input.name, type: input.type, parentExternalId: input.parentRef ?? null },
          requestIdOf(companyId, app.key, 'accountCreate', `${input.type}:${input.name.toLowerCase()}`),
        ),
      ),
    // QuickBooks' own refusal of the account (a name in use, a character it does not take)
    (words: string) => validationError({ name: words }),
  );
}

export async function createAccount(ctx: DomainContext, rawInput: unknown): Promise<ApiRecord> {
  const input = validAccountInput(rawInput);
  const [sameName] = await ctx.db
    .select({ id: accountTable.id })
    .from(accountTable)
    .where(
      and(eq(accountTable.companyId, ctx.actor.companyId), sql`lower(${accountTable.name}) = lower(${input.name})`),
    )
    .limit(1);
  if (sameName) throw validationError({ name: 'Already used by another record' });
  const app = await connectedAccountingApp(ctx);
  const externalRef = app ? await createOver(ctx, app, input) : null;
  const withRef: WithExternalRef = { ...ctx, ...(externalRef ? { accountExternalRef: externalRef } : {}) };
  const account = entities.find((e) => e.name === 'account')!;
  return createRecord(withRef, account, input);
}

/** Inside the records layer's transaction: the ref the other system gave is stored with the
 * account; an account made without one (not connected, paused, a CSV import) waits in the sync
 * log for every connected or paused accounting app. */
export const accountHooks = hooksOf('account', {
  // the accounting system's chart is the truth (chart.ts): a linked account renamed or retyped
  // here would be put back by the next read, so it is changed there
  beforeWrite: async (ctx, change) => {
    const before = change.before;
    if (change.mode !== 'update' || !before?.ref || ctx.history) return;
    const changed = (['name', 'type'] as const).filter(
      (field) => change.input[field] !== undefined && change.input[field] !== before[field],
    );
    if (!changed.length) return;
    const [app] = await accountingAppsOf(ctx);
    if (!app) return;
    const provider = accountingApp(app).connector.provider;
    throw validationError(
      Object.fromEntries(
        changed.map((field) => [
          field,
          `This account is kept in ${provider}: change it there, and Sync now brings it here`,
        ]),
      ),
    );
  },
  afterWrite: async (ctx, change) => {
    if (change.mode !== 'create') return;
    const ref = (ctx as WithExternalRef).accountExternalRef;
    const { companyId } = ctx.actor;
    if (ref) {
      await ctx.db
        .update(accountTable)
        .set({ ref })
        .where(and(eq(accountTable.companyId, companyId), eq(accountTable.id, change.after.id)));
      // the answer and the audit entry are made from this record
      change.after.ref = ref;
      return;
    }
    if (change.after.ref || ctx.history) return;
    for (const app of await accountingAppsOf(ctx)) await queueLocalAccounts(ctx.db, companyId, app, change.after.id);
  },
});
