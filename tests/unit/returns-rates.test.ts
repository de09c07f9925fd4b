// Dated duty rates and the duty arithmetic (integer cents, thousandths), and the return's
// inventory account over random ledgers: closing = opening + additions - reductions + adjustments.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RATES, dutyCents, mergeRates, parseRate, rateOn } from '../../src/server/domain/returns/rates';
import { computeReturn, lineOf, type Bucket } from '../../src/server/domain/returns/compute';
import { B266 } from '../../src/server/domain/returns/b266';
import { B265 } from '../../src/server/domain/returns/b265';
import { EXCISE_CATEGORIES, categoriesOf } from '../../src/shared/excise/categories';

describe('duty rates', () => {
  it('takes the rate in force on a date, from the reference table', () => {
    expect(rateOn(DEFAULT_RATES, 'spirits', '2025-03-31')).toMatchObject({ rate: 13_569, effectiveFrom: '2024-04-01' });
    expect(rateOn(DEFAULT_RATES, 'spirits', '2025-04-01')).toMatchObject({ rate: 13_840 });
    expect(rateOn(DEFAULT_RATES, 'lowStrengthSpirits', '2023-04-01')).toMatchObject({ rate: 337 });
    expect(rateOn(DEFAULT_RATES, 'wineOver7', '2025-06-01')).toMatchObject({ rate: 730 });
    expect(rateOn(DEFAULT_RATES, 'specialImported', '2024-01-01')).toMatchObject({ rate: 120 });
    expect(rateOn(DEFAULT_RATES, 'spirits', '2023-03-31')).toBeNull();
  });

  it('a company’s row wins over the reference for its product and date, and adds next April', () => {
    const table = mergeRates([
      { product: 'spirits', effectiveFrom: '2026-04-01', rate: 14_117 },
      { product: 'wineOver7', effectiveFrom: '2025-04-01', rate: 731 },
    ]);
    expect(rateOn(table, 'spirits', '2026-04-01')).toMatchObject({ rate: 14_117, custom: true });
    expect(rateOn(table, 'spirits', '2026-03-31')).toMatchObject({ rate: 13_840 });
    expect(rateOn(table, 'wineOver7', '2025-05-01')).toMatchObject({ rate: 731, custom: true });
  });

  it('duty in cents, half away from zero, exact on large quantities', () => {
    expect(dutyCents(1_800, 13_569)).toBe(2_442); // 1.8 LAA x 13.569 = 24.4242
    expect(dutyCents(60_000, 13_569)).toBe(81_414);
    expect(dutyCents(5, 1_000)).toBe(1); // 0.005 $ -> 0.01
    expect(dutyCents(4, 1_000)).toBe(0);
    expect(dutyCents(-5, 1_000)).toBe(-1);
    // 90 million LAA x 13.840 = 1,245,600,000.00 $
    expect(dutyCents(90_000_000_000, 13_840)).toBe(124_560_000_000);
    expect(parseRate(13.84)).toBe(13_840);
    expect(parseRate(0.1234)).toBeNull();
  });
});

const spiritsCats = [
  ...categoriesOf('Spirit', 'initial'),
  ...categoriesOf('Spirit', 'addition'),
  ...categoriesOf('Spirit', 'reduction'),
  ...categoriesOf('Spirit', 'adjustment'),
];

describe('the B266 inventory account', () => {
  it('a rate change on April 1 inside a period gives one duty line per rate, each rounded to the cent', () => {
    const b = (date: string, laa: number): Bucket => ({
      cat: 'SpiritsReductionPackagedDutyPaid',
      date,
      cls: 'a',
      imported: false,
      dir: 1,
      qty: -laa,
      laa: -laa,
      volume: -laa * 2,
      n: 1,
    });
    // a half-year October to March... here: March 31 and April 1 in one period
    const r = computeReturn(
      B266,
      { total: 100_000, byClass: {} },
      [b('2025-03-31', 10_000), b('2025-04-01', 5_555)],
      DEFAULT_RATES,
      '2025-06-30',
    );
    const spirits = r.duty.filter((d) => d.key === 'duty.spirits');
    // 10 LAA x 13.569 = 135.69; 5.555 LAA x 13.840 = 76.8812 -> 76.88
    expect(spirits.map((d) => [d.quantity, d.rate, d.rateFrom, d.amount])).toEqual([
      [10_000, 13_569, '2024-04-01', 13_569],
      [5_555, 13_840, '2025-04-01', 7_688],
    ]);
    expect(r.totalDuty).toBe(21_257);
    expect(r.lines.find((l) => l.key === 'closing')!.quantity).toBe(100_000 - 15_555);
  });

  it('closing = opening + additions - reductions + adjustments, and reconciles, for random ledgers', () => {
    const bucket = fc.record({
      cat: fc.constantFrom(...spiritsCats, 'SpiritsTransfer'),
      qty: fc.integer({ min: -5_000_000, max: 5_000_000 }),
      cls: fc.constantFrom('a', 'b', 'c', 'd'),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(bucket, { maxLength: 40 }), (opening, raw) => {
        // transfers come in pairs that net to zero, as the actions post them
        const buckets: Bucket[] = raw.flatMap((x) => {
          const one = (qty: number): Bucket => ({
            cat: x.cat,
            date: '2025-03-15',
            cls: x.cls as Bucket['cls'],
            imported: false,
            dir: 1,
            qty,
            laa: qty,
            volume: qty,
            n: 1,
          });
          return x.cat === 'SpiritsTransfer' ? [one(x.qty), one(-x.qty)] : [one(x.qty)];
        });
        const r = computeReturn(B266, { total: opening, byClass: {} }, buckets, DEFAULT_RATES, '2025-03-31');
        const q = Object.fromEntries(r.lines.map((l) => [l.key, l.quantity]));
        const sum = (section: string) =>
          r.lines.filter((l) => l.section === section).reduce((t, l) => t + l.quantity, 0);
        expect(q.opening).toBe(opening);
        expect(q.closing).toBe(opening + sum('addition') - sum('reduction') + sum('adjustment'));
        expect(r.reconciled).toBe(true);
        expect(r.ledgerClosing).toBe(q.closing);
        // every category but transfers is on a line of its own kind
        for (const b of buckets) {
          const line = lineOf(B266, b);
          if (b.cat === 'SpiritsTransfer') expect(line).toBeNull();
          else {
            const kind = EXCISE_CATEGORIES[b.cat as keyof typeof EXCISE_CATEGORIES].kind;
            expect(line!.section).toBe(kind === 'initial' ? 'addition' : kind);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('B265 splits each line by strength band and taxes wine by band', () => {
    const b = (cat: string, cls: Bucket['cls'], litres: number): Bucket => ({
      cat,
      date: cat.includes('DutyPaid') || cat.includes('LossesOther') ? '2025-05-10' : null,
      cls,
      imported: false,
      dir: 1,
      qty: litres,
      laa: litres / 10,
      volume: litres,
      n: 1,
    });
    const r = computeReturn(
      B265,
      { total: 1_000_000, byClass: { a: 800_000, b: 200_000 } },
      [
        b('WineAdditionProduced', 'a', 500_000),
        b('WineReductionPackagedDutyPaid', 'a', -100_000),
        b('WineReductionPackagedDutyPaid', 'b', -50_000),
        b('WineReductionLossesAuthorised', 'a', -1_000),
      ],
      DEFAULT_RATES,
      '2025-05-31',
    );
    const closing = r.lines.find((l) => l.key === 'closing')!;
    expect(closing.quantity).toBe(1_349_000);
    expect(closing.bands).toEqual([
      { band: 'over7', quantity: 1_199_000 },
      { band: 'over1_2To7', quantity: 150_000 },
      { band: 'upTo1_2', quantity: 0 },
    ]);
    // 100 L x 0.730 = 73.00; 50 L x 0.351 = 17.55
    const duty = r.duty.filter((d) => d.amount !== 0).map((d) => [d.key, d.quantity, d.amount]);
    expect(duty).toEqual([
      ['duty.wineOver7', 100_000, 7_300],
      ['duty.wineOver1_2To7', 50_000, 1_755],
    ]);
  });
});
