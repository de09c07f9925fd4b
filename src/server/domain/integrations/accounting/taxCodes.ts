// Which tax code over there each of the company's taxes is sent with (the accounting setup page's
// Taxes tab), for an accounting system whose company charges sales tax by code (QuickBooks Online
// outside the US). The codes are read with the chart (chart.ts readChart, saveTaxModel); a tax's
// code must charge the tax's own rates, one per component in order, so the tax sent by rate is
// the tax charged here; lines with no tax ('none') take a code that charges nothing, and a till's
// tax as charged ('stated', a Square day) the code of the tax the till charges. The push
// (taxCodingOf, statedTaxCodingOf) refuses, in words, a document whose tax has no code. Tables:
// migration 0051.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connect';
import { AppError, validationError } from '../../kernel/errors';
import type { DomainContext } from '../../records/actor';
import { recordAudit } from '../../audit/audit';
import { addOnFeature } from '../addOns';
import { INTEGRATION_APPS } from '../apps';
import { ConnectorError, type ExternalTaxModel, type ExternalTaxRate, type TaxLineToPush } from '../connector';
import { shareOut, toScaled } from '../../../../shared/money';

/** the choice of lines with no tax */
export const UNTAXED = 'none';
/** the choice of a document whose tax is a till's tax as charged (taxAsCharged: a Square day) */
export const STATED = 'stated';
/** the rows of the Taxes tab that are no tax of the company */
const KINDS = { untaxed: UNTAXED, stated: STATED } as const;
type Kind = 'tax' | keyof typeof KINDS;
/** the percents compared at the tax's precision (schema: 3 decimals) */
const RATE_SCALE = 3;

export interface TaxCodeView {
  ref: string;
  name: string;
  salesRates: string;
  purchaseRates: string;
}
export interface TaxCodeMappingView {
  /** tax: one of the company's taxes; untaxed: lines with no tax; stated: a till's tax as charged */
  kind: Kind;
  taxId: string | null;
  name: string;
  rate: number | null;
  active: boolean;
  code: TaxCodeView | null;
}

interface CodeRow {
  ref: string;
  name: string;
  sales_rates: ExternalTaxRate[];
  purchase_rates: ExternalTaxRate[];
}

/** The accounting app's key (one accounting system per company: QuickBooks Online today). */
const APP = INTEGRATION_APPS.find((a) => a.addOn === 'accounting')!.key;

/** Saves what the chart read found: whether the company over there charges sales tax, and its
 * codes (those gone over there are dropped; a choice of one is refused at the next push). */
export async function saveTaxModel(db: Db, companyId: string, appKey: string, model: ExternalTaxModel) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE integration_connections SET uses_sales_tax = ${model.usesSalesTax}
      WHERE company_id = ${companyId} AND app = ${appKey}`);
    await tx.execute(sql`DELETE FROM accounting_tax_codes WHERE company_id = ${companyId} AND app = ${appKey}`);
    for (const code of model.codes)
      await tx.execute(sql`INSERT INTO accounting_tax_codes (company_id, app, ref, name, sales_rates, purchase_rates)
        VALUES (${companyId}, ${appKey}, ${code.externalId}, ${code.name},
          ${JSON.stringify(code.salesRates)}::jsonb, ${JSON.stringify(code.purchaseRates)}::jsonb)`);
  });
}

/** A reconnect to another company: its codes and the choices of them mean nothing there. */
export async function forgetTaxCodes(db: Db, companyId: string, appKey: string) {
  await db.execute(sql`DELETE FROM accounting_tax_codes WHERE company_id = ${companyId} AND app = ${appKey}`);
  await db.execute(sql`DELETE FROM accounting_tax_code_choices WHERE company_id = ${companyId} AND app = ${appKey}`);
  await db.execute(sql`UPDATE integration_connections SET uses_sales_tax = NULL
    WHERE company_id = ${companyId} AND app = ${appKey}`);
}

const ratesText = (rates: ExternalTaxRate[]) =>
  rates.map((r, i) => `${r.name} ${Number(r.percent)}%${i > 0 && r.compound ? ' compound' : ''}`).join(' + ');
const viewOf = (row: CodeRow): TaxCodeView => ({
  ref: row.ref,
  name: row.name,
  salesRates: ratesText(row.sales_rates),
  purchaseRates: ratesText(row.purchase_rates),
});

async function codesOf(db: Db, companyId: string): Promise<Map<string, CodeRow>> {
  const rows = rowsOf<CodeRow>(
    await db.execute(sql`SELECT ref, name, sales_rates, purchase_rates FROM accounting_tax_codes
      WHERE company_id = ${companyId} AND app = ${APP} ORDER BY name, ref`),
  );
  return new Map(rows.map((r) => [r.ref, r]));
}

async function choicesOf(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = rowsOf<{ tax_key: string; ref: string }>(
    await db.execute(sql`SELECT tax_key, ref FROM accounting_tax_code_choices
      WHERE company_id = ${companyId} AND app = ${APP}`),
  );
  return new Map(rows.map((r) => [r.tax_key, r.ref]));
}

interface TaxRow {
  id: string;
  name: string;
  rate: string;
  active: boolean;
}

/** A rate of ours: a tax's own, or one of its components (compound: on the amount plus the
 * components before it). */
interface OurRate {
  rate: string;
  compound: boolean;
}

/** The tax's rates as a code must charge them: its components' in order, or its own rate. */
async function taxRates(db: Db, companyId: string, taxId: string, rate: string): Promise<OurRate[]> {
  const parts = rowsOf<OurRate>(
    await db.execute(sql`SELECT rate::text, compound FROM taxes_components WHERE company_id = ${companyId}
      AND parent_id = ${taxId} ORDER BY position`),
  );
  return parts.length ? parts : [{ rate, compound: false }];
}

/** The same percents in the same order, each compound (after the first, where it is moot) when
 * the other's is. */
const sameRates = (ours: OurRate[], theirs: ExternalTaxRate[]) =>
  ours.length === theirs.length &&
  ours.every(
    (r, i) =>
      toScaled(r.rate, RATE_SCALE) === toScaled(theirs[i].percent, RATE_SCALE) &&
      (i === 0 || Boolean(r.compound) === Boolean(theirs[i].compound)),
  );
const chargesNothing = (rates: ExternalTaxRate[]) => rates.every((r) => toScaled(r.percent, RATE_SCALE) === 0n);
const ourRatesText = (rates: OurRate[]) =>
  rates.map((r, i) => `${Number(r.rate)}%${i > 0 && r.compound ? ' compound' : ''}`).join(' + ');

function requireAccounting(ctx: DomainContext) {
  const feature = addOnFeature('accounting');
  if (!ctx.actor.features[feature])
    throw new AppError('FORBIDDEN', `This feature is not enabled for the company (${feature})`, { feature });
}

/** Whether the company over there charges sales tax, as its chart read found (null: not read). */
async function usesSalesTax(db: Db, companyId: string, appKey: string = APP): Promise<boolean | null> {
  const [row] = rowsOf<{ uses_sales_tax: boolean | null }>(
    await db.execute(sql`SELECT uses_sales_tax FROM integration_connections
      WHERE company_id = ${companyId} AND app = ${appKey}`),
  );
  return row?.uses_sales_tax ?? null;
}

function mappingOf(
  tax: TaxRow | null,
  choices: Map<string, string>,
  codes: Map<string, CodeRow>,
  kind: Kind = 'tax',
): TaxCodeMappingView {
  const ref = choices.get(tax ? tax.id : KINDS[kind as keyof typeof KINDS]);
  const code = ref ? codes.get(ref) : undefined;
  return {
    kind: tax ? 'tax' : kind,
    taxId: tax?.id ?? null,
    name: tax?.name ?? '',
    rate: tax ? Number(tax.rate) : null,
    active: tax?.active ?? true,
    code: code ? viewOf(code) : null,
  };
}

/** The company's taxes, active ones first: an inactive tax is still on documents issued before. */
async function companyTaxes(db: Db, companyId: string, taxId?: string): Promise<TaxRow[]> {
  return rowsOf<TaxRow>(
    await db.execute(sql`SELECT id::text, name, rate::text, active FROM taxes WHERE company_id = ${companyId}
      ${taxId ? sql`AND id = ${taxId}` : sql``} ORDER BY active DESC, name, id LIMIT 500`),
  );
}

/** The Taxes tab: whether the company over there charges sales tax, its codes, and each tax
 * (active ones first), then lines with no tax, then a till's tax as charged, with its code. */
export async function listTaxCodes(ctx: DomainContext) {
  requireAccounting(ctx);
  const { companyId } = ctx.actor;
  const codes = await codesOf(ctx.db, companyId);
  const choices = await choicesOf(ctx.db, companyId);
  const taxes = await companyTaxes(ctx.db, companyId);
  return {
    usesSalesTax: await usesSalesTax(ctx.db, companyId),
    codes: [...codes.values()].map(viewOf),
    taxes: [
      ...taxes.map((t) => mappingOf(t, choices, codes)),
      mappingOf(null, choices, codes, 'untaxed'),
      mappingOf(null, choices, codes, 'stated'),
    ],
  };
}

/** Sets (ref) or clears (null) the code a tax's lines (kind tax), lines with no tax (untaxed) or
 * a till's tax as charged (stated) are sent with. */
export async function setTaxCode(
  ctx: DomainContext,
  taxId: string | null | undefined,
  ref: string | null | undefined,
  kindArg?: string | null,
) {
  requireAccounting(ctx);
  const { companyId } = ctx.actor;
  const id = taxId ?? null;
  const asked = kindArg ?? (id === null ? 'untaxed' : 'tax');
  if (!['tax', ...Object.keys(KINDS)].includes(asked) || (asked === 'tax') !== (id !== null))
    throw validationError({ kind: 'Must be tax (with a taxId), untaxed or stated (without one)' });
  const kind = asked as Kind;
  if (id !== null && !/^\d{1,18}$/.test(String(id))) throw validationError({ taxId: 'No such tax in this company' });
  if (ref !== null && ref !== undefined && (typeof ref !== 'string' || ref.length > 100))
    throw validationError({ ref: 'No such tax code in the accounting system' });
  return ctx.db.transaction(async (tx) => {
    const tax = id ? (await companyTaxes(tx, companyId, String(id)))[0] : null;
    if (id && !tax) throw validationError({ taxId: 'No such tax in this company' });
    const codes = await codesOf(tx, companyId);
    const key = tax ? tax.id : KINDS[kind as keyof typeof KINDS];
    const before = (await choicesOf(tx, companyId)).get(key) ?? null;
    if (ref) {
      const code = codes.get(ref);
      if (!code)
        throw validationError({
          ref: 'No such tax code in the accounting system: press Sync now on Apps to read them again',
        });
      if (tax) {
        const ours = await taxRates(tx, companyId, tax.id, tax.rate);
        if (!sameRates(ours, code.sales_rates))
          throw validationError({
            ref: `${code.name} charges ${ratesText(code.sales_rates) || 'nothing'} on sales, and ${tax.name} charges ${ourRatesText(ours)}: choose a code of the same rates, in the same order`,
          });
      } else if (kind === 'stated') {
        if (chargesNothing(code.sales_rates))
          throw validationError({
            ref: `${code.name} charges nothing on sales: a till's tax as charged needs the code of the tax the till charges (HST ON, say)`,
          });
      } else if (!chargesNothing(code.sales_rates))
        throw validationError({
          ref: `${code.name} charges ${ratesText(code.sales_rates)} on sales: lines with no tax need a code that charges nothing (exempt, zero-rated or out of scope)`,
        });
      await tx.execute(sql`INSERT INTO accounting_tax_code_choices (company_id, app, tax_key, ref)
        VALUES (${companyId}, ${APP}, ${key}, ${ref})
        ON CONFLICT (company_id, app, tax_key) DO UPDATE SET ref = EXCLUDED.ref`);
    } else
      await tx.execute(sql`DELETE FROM accounting_tax_code_choices WHERE company_id = ${companyId}
        AND app = ${APP} AND tax_key = ${key}`);
    const field = kind === 'stated' ? 'statedTaxCode' : kind === 'untaxed' ? 'untaxedCode' : 'accountingTaxCode';
    await recordAudit(tx, ctx.actor, {
      entity: tax ? 'tax' : 'company',
      entityId: tax ? tax.id : companyId,
      event: 'updated',
      before: { [field]: before },
      after: { [field]: ref || null },
    });
    return mappingOf(tax, await choicesOf(tx, companyId), codes, kind);
  });
}

/** A document's tax, as the shared totals computed it: per tax, its base and its components'
 * amounts (each rounded once), in cents. */
export interface DocumentTax {
  taxId: string;
  name: string;
  baseCents: number;
  /** its rates in order with their amounts; a compound one is charged on the base plus those
   * before it */
  components: { rate: string; compound: boolean; amountCents: number }[];
}

/** What the push sends of a document's tax when the company over there charges sales tax: each
 * line's code (by the line's tax, or the untaxed code), how its charges split over the goods'
 * codes, and the tax by rate. Null when it does not (the tax goes as a total). Refuses, in words,
 * a tax or untaxed lines with no code, a code no longer there, and a code that does not charge
 * the tax's rates on this side (`side`: the code's sales or purchase rates). */
export async function taxCodingOf(
  db: Db,
  companyId: string,
  app: { key: string; connector: { provider: string } },
  side: 'sales' | 'purchase',
  doc: {
    /** each line's tax (null: none) */
    lineTaxIds: (string | null)[];
    /** each line's amount in cents (the weights its charges are split by) */
    lineAmountsCents: number[];
    /** its tax by tax, read only when it is sent by rate */
    taxes: () => Promise<DocumentTax[]>;
  },
) {
  if (!(await chargesSalesTax(db, companyId, app.key))) return null;
  const provider = app.connector.provider;
  const taxes = await doc.taxes();
  const codes = await codesOf(db, companyId);
  const choices = await choicesOf(db, companyId);
  const onSide = side === 'sales' ? 'on sales' : 'on purchases';
  const ratesOnSide = (code: CodeRow) => (side === 'sales' ? code.sales_rates : code.purchase_rates);
  const refuse = (message: string): never => {
    throw new ConnectorError({ kind: 'rejected', message });
  };
  const codeFor = (key: string, name: string) => {
    const ref = choices.get(key);
    const what = key === UNTAXED ? 'Lines with no tax have' : `The tax ${name} has`;
    if (!ref) return refuse(`${what} no ${provider} tax code: choose one on the accounting setup page (Taxes)`);
    const code = codes.get(ref);
    if (!code)
      return refuse(
        `${what} a ${provider} tax code that is no longer there: choose another on the accounting setup page (Taxes)`,
      );
    if (key === UNTAXED && !chargesNothing(ratesOnSide(code)))
      return refuse(
        `${code.name}, the code of lines with no tax, charges ${ratesText(ratesOnSide(code))} ${onSide}: choose a code that charges nothing on the accounting setup page (Taxes)`,
      );
    return code;
  };
  const names = new Map(taxes.map((t) => [t.taxId, t.name]));
  const lineCodes = doc.lineTaxIds.map((taxId) => codeFor(taxId ?? UNTAXED, names.get(taxId ?? '') || 'of a line').ref);
  // charges are taxed like the goods (shared documentTotals): split over the goods' codes by
  // their amounts; goods that add up to nothing leave them to the untaxed code
  const weights = new Map<string, number>();
  lineCodes.forEach((code, i) => weights.set(code, (weights.get(code) ?? 0) + (doc.lineAmountsCents[i] ?? 0)));
  const weighed = [...weights].filter(([, weightCents]) => weightCents !== 0);
  const chargeCodes =
    weighed.length && weighed.reduce((sum, [, w]) => sum + w, 0) !== 0
      ? weighed.map(([codeExternalId, weightCents]) => ({ codeExternalId, weightCents }))
      : [{ codeExternalId: lineCodes[0] ?? codeFor(UNTAXED, '').ref, weightCents: 1 }];
  // one line per rate (Intuit: each rate listed once): two taxes that share a rate add up
  const byRate = new Map<string, TaxLineToPush>();
  for (const tax of taxes) {
    const code = codeFor(tax.taxId, tax.name);
    const rates = ratesOnSide(code);
    if (!sameRates(tax.components, rates))
      refuse(
        `${code.name} charges ${ratesText(rates) || 'nothing'} ${onSide}, and ${tax.name} charges ${ourRatesText(tax.components)}: ${
          side === 'sales'
            ? 'choose a code of the same rates'
            : `a bill taxed ${tax.name} needs a code that charges the same on sales and on purchases; choose one`
        } on the accounting setup page (Taxes)`,
      );
    let before = 0;
    rates.forEach((rate, i) => {
      const { amountCents, compound } = tax.components[i];
      const line = byRate.get(rate.externalId) ?? {
        rateExternalId: rate.externalId,
        percent: rate.percent,
        baseCents: 0,
        amountCents: 0,
      };
      line.baseCents += tax.baseCents + (compound ? before : 0);
      line.amountCents += amountCents;
      before += amountCents;
      byRate.set(rate.externalId, line);
    });
  }
  return { lineCodes, coding: { chargeCodes, taxLines: [...byRate.values()] } };
}

/** Whether the company over there charges sales tax, as its chart read found. */
export const chargesSalesTax = async (db: Db, companyId: string, appKey: string) =>
  (await usesSalesTax(db, companyId, appKey)) === true;

/** A document whose tax is a till's tax as charged (no tax here names its rates), to a company
 * over there that charges sales tax: every line and charge with the code chosen for such tax,
 * and the stated tax split over that code's rates by their percents (cumulative rounding: the
 * parts add up to it), each on the whole document (its lines and charges). */
export async function statedTaxCodingOf(
  db: Db,
  companyId: string,
  app: { key: string; connector: { provider: string } },
  side: 'sales' | 'purchase',
  doc: { label: string; lineCount: number; taxCents: number; baseCents: number },
) {
  const ref = (await choicesOf(db, companyId)).get(STATED);
  const where = 'on the accounting setup page (Taxes, Tax as charged)';
  const refuse = (message: string): never => {
    throw new ConnectorError({ kind: 'rejected', message });
  };
  if (!ref)
    return refuse(
      `The tax of ${doc.label} is a tax as charged (by a till), which has no ${app.connector.provider} tax code: choose one ${where}`,
    );
  const code = (await codesOf(db, companyId)).get(ref);
  if (!code)
    return refuse(
      `The ${app.connector.provider} tax code of a tax as charged is no longer there: choose another ${where}`,
    );
  const rates = side === 'sales' ? code.sales_rates : code.purchase_rates;
  const weights = rates.map((r) => toScaled(r.percent, RATE_SCALE));
  if (!weights.some((w) => w !== 0n))
    return refuse(
      `${code.name}, the code of a tax as charged, charges nothing: choose the code of the tax the till charges ${where}`,
    );
  const shares = shareOut(BigInt(doc.taxCents), weights);
  const taxLines: TaxLineToPush[] = rates.map((rate, i) => ({
    rateExternalId: rate.externalId,
    percent: rate.percent,
    baseCents: doc.baseCents,
    amountCents: Number(shares[i]),
  }));
  return {
    lineCodes: Array.from({ length: doc.lineCount }, () => code.ref),
    coding: { chargeCodes: [{ codeExternalId: code.ref, weightCents: 1 }], taxLines },
  };
}
