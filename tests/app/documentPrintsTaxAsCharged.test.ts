// A printed invoice whose tax a till already charged (a Square day) shows that tax, to the cent,
// as the server stored it: not the tax our rates would give. Figures worked by hand.
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../../src/app/pages/documentPrints/documents';

const t = (key: string, options?: Record<string, unknown>) =>
  key + (options ? ' ' + Object.values(options).join(' ') : '');

describe('printed invoice with a tax as charged', () => {
  it('shows the stated tax and the total the till took', () => {
    // 2 x 35.95 + 89.00 = 160.90; the till charged 20.93 (13 % once would be 20.92): 181.83
    const sheet = buildDocument(
      'invoice',
      {
        number: 'INV-1',
        currency: 'CAD',
        taxAsCharged: 20.93,
        lines: [
          { quantity: 2, unitPrice: 35.95, product: { name: 'Gin' } },
          { quantity: 1, unitPrice: 89, product: { name: 'Rye' } },
        ],
      },
      null,
      { t, locale: 'en', values: true },
    );
    const byLabel = new Map(sheet.totals.map((x) => [x.label, x.value]));
    expect(byLabel.get('documentPrints.total.subtotal')).toMatch(/160\.90/);
    expect(byLabel.get('documentPrints.total.taxAsCharged')).toMatch(/20\.93/);
    expect(byLabel.get('documentPrints.total.total CAD')).toMatch(/181\.83/);
  });

  it("shows the company's tax registration number beside the tax as charged, as a taxed row does", async () => {
    // the till's tax has no tax record: the details request asks for the company's taxes'
    // registration numbers (statedTaxes), and the row reads "Tax as charged (no. …)"
    const { detailsQuery } = await import('../../src/app/pages/documentPrints/queries');
    expect(detailsQuery({}, [], true).document).toContain('statedTaxes: taxes2(first: 100)');
    expect(detailsQuery({}, [], false).document).not.toContain('statedTaxes');
    const sheet = buildDocument(
      'invoice',
      {
        number: 'INV-2',
        currency: 'CAD',
        taxAsCharged: 5.19,
        taxRegistrations: ['123456789RT0001'],
        lines: [{ quantity: 1, unitPrice: 39.95, product: { name: 'Gin' } }],
      },
      null,
      { t, locale: 'en', values: true },
    );
    const row = sheet.totals.find((x) => /5\.19/.test(x.value));
    expect(row?.label).toBe('documentPrints.total.taxRegistration documentPrints.total.taxAsCharged 123456789RT0001');
  });
});
