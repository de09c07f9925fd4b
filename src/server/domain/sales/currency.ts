// A document's currency and exchange rate (spec section 3, company settings multiCurrency and
// homeCurrency). Checked before the row is written, and the defaults are put into the input so
// the row is written with them:
// - a new document without a currency takes its customer's / supplier's when the company works
//   in several currencies, else the home currency (a one-currency company bills in it whatever
//   a customer record says);
// - one currency only: any other currency is refused on the field;
// - several: a foreign-currency document needs its exchange rate (home = foreign x rate, > 0);
//   a home-currency document's rate is 1, whatever was sent.
import { and, eq } from 'drizzle-orm';
import { validationError } from '../kernel/errors';
import type { DomainContext } from '../records/actor';
import { entityOf, tableOf } from '../records/fields';
import type { WriteChange } from '../records/hooks';
import { toScaled } from '../../../shared/money';
import type { MoneyDocument } from './documents';
import { moneySettings } from './settings';

type Input = Record<string, unknown>;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

async function partyCurrency(ctx: DomainContext, doc: MoneyDocument, partyId: unknown): Promise<string | null> {
  if (!given(partyId)) return null;
  const { table } = tableOf(entityOf(doc.party));
  const [row] = await ctx.db
    .select({ currency: table.currency })
    .from(table)
    .where(and(eq(table.companyId, ctx.actor.companyId), eq(table.id, String(partyId))));
  return (row?.currency as string | null) ?? null;
}

export async function applyCurrencyRules(ctx: DomainContext, doc: MoneyDocument, change: WriteChange) {
  const input = change.input as Input;
  const before = change.before as Input | null;
  const settings = await moneySettings(ctx);
  const home = settings.homeCurrency;

  if (change.mode === 'create' && !given(input.currency))
    input.currency = (settings.multiCurrency && (await partyCurrency(ctx, doc, input[doc.party]))) || home;
  if (change.mode === 'update' && input.currency === null) input.currency = home;
  const currency = String(input.currency ?? before?.currency ?? home);

  if (currency !== home && !settings.multiCurrency)
    throw validationError({
      currency: `This company works in ${home} only: turn on multiple currencies in the company settings to use ${currency}`,
    });
  if (currency === home) {
    // the home currency converts to itself
    if (Number(before?.exchangeRate ?? 0) !== 1 || input.exchangeRate !== undefined) input.exchangeRate = 1;
    return;
  }
  // a document moved into another currency needs that currency's rate, not the one it had
  const changed = before !== null && before.currency !== currency;
  const rate = input.exchangeRate !== undefined || changed ? input.exchangeRate : before?.exchangeRate;
  if (!given(rate) || toScaled(rate as number, 6) <= 0n)
    throw validationError({
      exchangeRate: `Give the exchange rate from ${currency} to ${home} (1 ${currency} = how many ${home}), more than 0`,
    });
}
