// A sales or purchasing document laid out for print (issue 13 "Printing"), as plain data the
// HTML is written from (./documentHtml.ts): the company block (name, address, business number,
// and the licences of the document's site), the parties and their addresses, the details
// (dates, terms, due date, references), the lines, the taxes by name and the totals in the
// document currency's precision. Amounts come from src/shared/money's documentTotals, the code
// the server stores the totals with, so the print adds up to the cent; a packing slip shows no
// prices, and nothing priced is shown without the `values` permission.
import {
  currencyPrecision,
  documentTotals,
  withStatedTax,
  fromScaled,
  parseDecimal,
  toScaled,
  type TaxInput,
} from '../../../shared/money';
import { groupDecimal } from '../../generic/numberDisplay';
import type { DocumentKind } from './queries';
import { addDays } from '../../../shared/days';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Ref = { id?: string; name?: string | null; number?: string | null; [k: string]: unknown } | null | undefined;

export interface PrintLine {
  product?: { sku?: string | null; name?: string | null } | null;
  item?: { name?: string | null } | null;
  bundle?: { name?: string | null } | null;
  description?: string | null;
  lot?: string | null;
  quantity?: number | null;
  unitPrice?: number | null;
  discountPercent?: number | null;
  tax?: (TaxInput & { registrationNumber?: string | null }) | null;
}

export interface PrintRecord {
  number?: string | null;
  date?: string | null;
  dueDate?: string | null;
  expectedDate?: string | null;
  status?: string | null;
  currency?: string | null;
  customerPO?: string | null;
  supplierReference?: string | null;
  shippingCharge?: number | null;
  /** a tax a till already charged, to the cent: the document's tax (shared/money/statedTax.ts) */
  taxAsCharged?: number | null;
  /** the company's tax registration numbers (GST/HST, QST), shown beside a tax as charged */
  taxRegistrations?: string[] | null;
  freight?: number | null;
  amountPaid?: number | null;
  notes?: string | null;
  shippingAddress?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  dutyPaid?: boolean | null;
  bondDestination?: string | null;
  recipientLicense?: string | null;
  customer?: Ref;
  supplier?: Ref;
  salesOrder?: Ref;
  shipment?: Ref;
  salesRep?: Ref;
  term?: {
    name?: string | null;
    dueDays?: number | null;
    discountPercent?: number | null;
    discountDays?: number | null;
  } | null;
  site?: Ref;
  lines?: PrintLine[] | null;
}

export interface PrintCompany {
  name?: string | null;
  address?: string | null;
  phone?: string | null;
  businessNumber?: string | null;
}

export interface Labelled {
  label: string;
  value: string;
}

export interface Party {
  heading: string;
  name: string;
  lines: string[];
}

export interface DocumentSheet {
  kind: DocumentKind;
  title: string;
  number: string;
  /** Draft, Void or Cancelled: the document is not a final one (printed across the page) */
  watermark: string | null;
  watermarkNote: string | null;
  company: { name: string; addressLines: string[]; facts: Labelled[] };
  parties: Party[];
  fields: Labelled[];
  columns: { label: string; numeric: boolean }[];
  rows: string[][];
  totals: (Labelled & { strong?: boolean })[];
  notes: string | null;
}

const LICENCES = ['spiritsLicense', 'warehouseLicense', 'userLicense', 'wineLicense'] as const;

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim();
const linesOf = (v: unknown): string[] =>
  text(v)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A quantity as typed (3 decimals at most, trailing zeros dropped). */
const quantityText = (q: number | null | undefined, locale: string) =>
  q === null || q === undefined ? '' : groupDecimal(fromScaled(toScaled(q, 3), 3).replace(/\.?0+$/, ''), locale);

export { addDays };

export interface BuildOptions {
  t: Translate;
  locale: string;
  /** the user holds `values` (prices, taxes and totals are shown) */
  values: boolean;
}

export function buildDocument(
  kind: DocumentKind,
  record: PrintRecord,
  company: PrintCompany | null | undefined,
  { t, locale, values }: BuildOptions,
): DocumentSheet {
  const k = (key: string, options?: Record<string, unknown>) => t(`documentPrints.${key}`, options);
  const priced = values && kind !== 'packingSlip';
  const currency = (text(record.currency) || 'CAD').toUpperCase();
  const precision = currencyPrecision(currency);
  const money = (units: bigint) => groupDecimal(fromScaled(units, precision), locale);
  // a unit price as entered, with at least the currency's decimals (24.5 prints 24.50)
  const unitPriceText = (price: number) => {
    const scale = Math.max(precision, parseDecimal(price).scale);
    return groupDecimal(fromScaled(toScaled(price, scale), scale), locale);
  };
  const site = record.site ?? null;

  const facts: Labelled[] = [];
  if (text(company?.businessNumber))
    facts.push({ label: k('company.businessNumber'), value: text(company?.businessNumber) });
  if (text(company?.phone)) facts.push({ label: k('company.phone'), value: text(company?.phone) });
  for (const licence of LICENCES)
    if (text(site?.[licence])) facts.push({ label: k(`company.${licence}`), value: text(site?.[licence]) });

  // parties: who pays or supplies, and where the goods go
  const parties: Party[] = [];
  if (kind === 'purchaseOrder') {
    const s = record.supplier ?? null;
    const extra = [
      text(s?.contact) && `${k('field.contact')}: ${text(s?.contact)}`,
      text(s?.phone),
      text(s?.email),
      text(s?.businessNumber) && `${k('field.businessNumber')}: ${text(s?.businessNumber)}`,
      text(s?.exciseLicense) && `${k('field.exciseLicense')}: ${text(s?.exciseLicense)}`,
    ].filter(Boolean) as string[];
    parties.push({ heading: k('party.supplier'), name: text(s?.name), lines: [...linesOf(s?.address), ...extra] });
    if (site)
      parties.push({
        heading: k('party.deliverTo'),
        name: text(company?.name) || text(site.name),
        lines: [text(site.name), ...linesOf(site.shippingAddress)].filter(Boolean),
      });
  } else {
    const c = record.customer ?? null;
    parties.push({
      heading: k('party.billTo'),
      name: text(c?.name),
      // the customer's billing address: where the invoice goes; the goods go to the ship-to
      lines: [...linesOf(c?.billingAddress), text(c?.phone), text(c?.email)].filter(Boolean),
    });
    const shipTo =
      text(record.shippingAddress) ||
      text(record.shipment?.shippingAddress) ||
      text(record.salesOrder?.shippingAddress);
    if (shipTo) parties.push({ heading: k('party.shipTo'), name: text(c?.name), lines: linesOf(shipTo) });
  }

  const fields: Labelled[] = [];
  const add = (label: string, value: unknown) => {
    if (text(value)) fields.push({ label: k(label), value: text(value) });
  };
  add('field.number', record.number);
  add('field.date', record.date);
  if (kind === 'purchaseOrder') add('field.expectedDate', record.expectedDate);
  if (kind !== 'packingSlip') {
    const term = record.term;
    if (term && text(term.name))
      add(
        'field.terms',
        term.discountPercent && term.discountDays
          ? k('field.termsDiscount', { name: text(term.name), percent: term.discountPercent, days: term.discountDays })
          : k('field.termsText', { name: text(term.name) }),
      );
    const due =
      text(record.dueDate) ||
      (kind === 'invoice' && term?.dueDays !== null && term?.dueDays !== undefined && text(record.date)
        ? addDays(text(record.date), term.dueDays)
        : '');
    if (kind === 'invoice') add('field.dueDate', due);
  }
  add('field.customerPO', record.customerPO ?? record.salesOrder?.customerPO);
  add('field.supplierReference', record.supplierReference);
  add('field.salesOrder', record.salesOrder?.number);
  if (kind === 'invoice') add('field.shipment', record.shipment?.number);
  add('field.salesRep', record.salesRep?.name);
  if (kind === 'packingSlip') {
    add('field.carrier', record.carrier);
    add('field.trackingNumber', record.trackingNumber);
    if (record.dutyPaid === false && text(record.bondDestination)) {
      const destination = k(`bond.${text(record.bondDestination)}`);
      add(
        'field.dutyStatus',
        text(record.recipientLicense)
          ? k('field.inBondTo', { destination, licence: text(record.recipientLicense) })
          : k('field.inBond', { destination }),
      );
    } else if (record.dutyPaid) add('field.dutyStatus', k('field.dutyPaid'));
  }
  if (priced) add('field.currency', currency);

  // lines and totals, exactly (documentTotals: each line rounded once, taxes per tax)
  const lines = record.lines ?? [];
  const totals = priced
    ? withStatedTax(
        documentTotals({
          currency,
          lines: lines.map((l) => ({
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            discountPercent: l.discountPercent,
            tax: l.tax ?? null,
          })),
          charges: [kind === 'purchaseOrder' ? record.freight : record.shippingCharge],
        }),
        record.taxAsCharged,
        lines.map((l) => !!l.tax),
      )
    : null;
  const goods = (l: PrintLine) =>
    l.product
      ? [text(l.product.sku), text(l.product.name)].filter(Boolean).join(' ')
      : text(l.item?.name ?? l.bundle?.name);
  const columns = [
    { label: k('column.product'), numeric: false },
    { label: k('column.description'), numeric: false },
    ...(kind === 'packingSlip' ? [{ label: k('column.lot'), numeric: false }] : []),
    { label: k('column.quantity'), numeric: true },
    ...(priced
      ? [
          { label: k('column.unitPrice'), numeric: true },
          { label: k('column.discount'), numeric: true },
          { label: k('column.amount'), numeric: true },
        ]
      : []),
  ];
  const rows = lines.map((l, i) => [
    goods(l),
    text(l.description),
    ...(kind === 'packingSlip' ? [text(l.lot)] : []),
    quantityText(l.quantity, locale),
    ...(priced && totals
      ? [
          l.unitPrice === null || l.unitPrice === undefined ? '' : unitPriceText(l.unitPrice),
          l.discountPercent ? groupDecimal(String(l.discountPercent), locale) : '',
          groupDecimal(totals.lines[i].amount, locale),
        ]
      : []),
  ]);

  const sums: (Labelled & { strong?: boolean })[] = [];
  if (totals) {
    const units = (v: string) => toScaled(v, precision);
    sums.push({ label: k('total.subtotal'), value: money(units(totals.subtotal)) });
    if (units(totals.charges) !== 0n)
      sums.push({
        label: k(kind === 'purchaseOrder' ? 'total.freight' : 'total.shipping'),
        value: money(units(totals.charges)),
      });
    const registration = new Map(
      lines
        .filter((l) => l.tax && text(l.tax.registrationNumber))
        .map((l) => [String(l.tax!.id), text(l.tax!.registrationNumber)]),
    );
    for (const tax of totals.taxes) {
      // a tax as charged (no tax record: a till's) shows the company's numbers, as a line's tax
      // shows its own
      const number = tax.id === null ? (record.taxRegistrations ?? []).join(', ') : registration.get(String(tax.id));
      const named = (label: string) => (number ? k('total.taxRegistration', { label, number }) : label);
      const parts = !tax.components.length
        ? [{ label: k('total.taxAsCharged'), amount: tax.amount }]
        : tax.components.length > 1
          ? tax.components.map((c) => ({
              label: k('total.taxRate', { name: text(c.name) || text(tax.name), rate: c.rate }),
              amount: c.amount,
            }))
          : [
              {
                label: k('total.taxRate', { name: text(tax.name), rate: tax.components[0]?.rate ?? '' }),
                amount: tax.amount,
              },
            ];
      parts.forEach((p, i) => sums.push({ label: i === 0 ? named(p.label) : p.label, value: money(units(p.amount)) }));
    }
    sums.push({ label: k('total.total', { currency }), value: money(units(totals.total)), strong: true });
    if (kind === 'invoice' && record.amountPaid) {
      const paid = toScaled(record.amountPaid, precision);
      sums.push({ label: k('total.paid'), value: money(paid) });
      sums.push({ label: k('total.balance'), value: money(units(totals.total) - paid), strong: true });
    }
  }

  const status = text(record.status);
  const watermark = ['Draft', 'Void', 'Cancelled'].includes(status) ? k(`watermark.${status}`) : null;
  return {
    kind,
    title: k(`title.${kind}`),
    number: text(record.number),
    watermark,
    watermarkNote: watermark ? k('watermark_note', { status: watermark.toLowerCase() }) : null,
    company: { name: text(company?.name), addressLines: linesOf(company?.address), facts },
    parties,
    fields,
    columns,
    rows,
    totals: sums,
    notes: text(record.notes) || null,
  };
}
