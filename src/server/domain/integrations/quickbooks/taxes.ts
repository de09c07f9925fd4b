// QuickBooks Online's sales tax model outside the US (developer.intuit.com, "Manage sales tax for
// non-US locales"; TaxCode, TaxRate and Preferences entities): the company charges sales tax when
// Preferences.TaxPrefs.UsingSalesTax is true; each sales or purchase line then names a TaxCode,
// and a TaxCode lists the TaxRates it charges (SalesTaxRateList, PurchaseTaxRateList, each
// TaxRateDetail a TaxRateRef and its TaxOrder). A TaxRate's RateValue is its percent.
import type { ConnectorTokens, ExternalTaxCode, ExternalTaxModel, ExternalTaxRate } from '../connector';
import type { TaxCodingToPush } from '../connector';
import { query } from './api';
import { fromScaled } from '../../../../shared/money';

/** Intuit's MAXRESULTS limit: a company has a few dozen codes at most */
const PAGE = 1000;

interface QboRateDetail {
  TaxRateRef?: { value?: string; name?: string };
  TaxTypeApplicable?: string;
  TaxOrder?: number;
}
interface QboTaxCode {
  Id?: string;
  Name?: string;
  Active?: boolean;
  Hidden?: boolean;
  SalesTaxRateList?: { TaxRateDetail?: QboRateDetail[] | QboRateDetail };
  PurchaseTaxRateList?: { TaxRateDetail?: QboRateDetail[] | QboRateDetail };
}
interface QboTaxRate {
  Id?: string;
  Name?: string;
  RateValue?: number | string;
}

const listOf = <T>(value: T[] | T | undefined): T[] => (Array.isArray(value) ? value : value ? [value] : []);

function ratesOf(
  list: QboTaxCode['SalesTaxRateList'],
  rates: Map<string, { name: string; percent: string }>,
): ExternalTaxRate[] | null {
  const details = listOf(list?.TaxRateDetail)
    .map((d, i) => ({ ref: d.TaxRateRef?.value, type: d.TaxTypeApplicable, order: Number(d.TaxOrder ?? 0), i }))
    .sort((a, b) => a.order - b.order || a.i - b.i);
  const out: ExternalTaxRate[] = [];
  for (const d of details) {
    const rate = d.ref ? rates.get(String(d.ref)) : undefined;
    // a rate the company no longer has, or one charged on a tax alone (TaxOnTax), which no tax
    // here is: the code cannot be matched to a tax here
    if (!rate || d.type === 'TaxOnTax') return null;
    out.push({
      externalId: String(d.ref),
      name: rate.name,
      percent: rate.percent,
      // TaxOnAmountPlusTax: on the amount plus the taxes before it, as a compound component
      ...(d.type === 'TaxOnAmountPlusTax' ? { compound: true } : {}),
    });
  }
  return out;
}

export async function readTaxModel(tokens: ConnectorTokens): Promise<ExternalTaxModel> {
  const prefs = await query(tokens, 'select * from Preferences');
  const preferences = listOf(prefs.Preferences as Record<string, unknown>[] | Record<string, unknown> | undefined)[0];
  const usesSalesTax = (preferences?.TaxPrefs as { UsingSalesTax?: boolean } | undefined)?.UsingSalesTax === true;
  if (!usesSalesTax) return { usesSalesTax, codes: [] };
  const rateRows = listOf(
    (await query(tokens, `select * from TaxRate maxresults ${PAGE}`)).TaxRate as QboTaxRate[] | undefined,
  );
  const rates = new Map<string, { name: string; percent: string }>();
  for (const r of rateRows)
    if (r.Id && r.RateValue !== undefined && Number.isFinite(Number(r.RateValue)))
      rates.set(String(r.Id), { name: String(r.Name ?? r.Id).slice(0, 100), percent: String(r.RateValue) });
  const codeRows = listOf(
    (await query(tokens, `select * from TaxCode maxresults ${PAGE}`)).TaxCode as QboTaxCode[] | undefined,
  );
  const codes: ExternalTaxCode[] = [];
  for (const c of codeRows) {
    if (!c.Id || !c.Name || c.Active === false || c.Hidden === true) continue;
    const salesRates = ratesOf(c.SalesTaxRateList, rates);
    const purchaseRates = ratesOf(c.PurchaseTaxRateList, rates);
    if (!salesRates || !purchaseRates) continue;
    codes.push({ externalId: String(c.Id), name: String(c.Name).slice(0, 100), salesRates, purchaseRates });
  }
  return { usesSalesTax, codes };
}

/** Cents as a JSON number from exact decimal text (the shared money module's fromScaled). */
export const money = (cents: number) => Number(fromScaled(BigInt(cents), 2));

/** The transaction's tax as Intuit's non-US model takes an amount given rather than computed:
 * TxnTaxDetail.TaxLine, one per TaxRate (each rate listed once), its Amount the tax charged at
 * that rate and NetAmountTaxable what it was charged on; TotalTax their sum. */
export function taxDetailOf(coding: TaxCodingToPush, totalCents: number) {
  return {
    TotalTax: money(totalCents),
    TaxLine: coding.taxLines.map((line) => ({
      DetailType: 'TaxLineDetail',
      Amount: money(line.amountCents),
      TaxLineDetail: {
        TaxRateRef: { value: line.rateExternalId },
        PercentBased: true,
        TaxPercent: Number(line.percent),
        NetAmountTaxable: money(line.baseCents),
      },
    })),
  };
}

/** A line's TaxCodeRef when the document is sent with codes. */
export const taxCodeRefOf = (code: string | null | undefined) => (code ? { TaxCodeRef: { value: code } } : {});
