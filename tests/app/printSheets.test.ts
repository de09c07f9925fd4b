// The print sheets (src/app/pages/printSheets): each sheet's content with the number display
// of spec 9 (thousands separators, volumes 3 decimals, strength 2, mash volume 0, starting SG 3,
// pH 1, print quantities 3 decimals for alcohol and the item's precision otherwise), the
// INCOMPLETE watermark, the site field only when the company has sites, the audit trail only
// when allowed, the print queries' variables, and the print helper: API errors abort silently,
// the print comes after the 500 ms delay, a failure of the helper is reported as 'DEBUG ERROR'.
// The sheet is HTML text (no DOM needed).
import { describe, expect, it, vi } from 'vitest';
import { buildSchema, parse, validate } from 'graphql';
import { sdl } from '../../src/generated/sdl';
import { generatedMessages } from '../../src/generated/i18n';
import { escapeHtml, sheetHtml } from '../../src/app/pages/printSheets/sheetHtml';
import { buildSheet, type AuditRow, type PrintRecord, type Sheet } from '../../src/app/pages/printSheets/sheets';
import { printSheetMessages, sheetTranslator, type Translate } from '../../src/app/pages/printSheets/messages';
import { PRINT_QUERIES, printQuery, SHEET_KINDS } from '../../src/app/pages/printSheets/queries';
import { PRINT_DELAY_MS, printSheet, type PrintDeps } from '../../src/app/pages/printSheets/print';
import {
  PRINTABLE,
  PRINTABLE_ENTITIES,
  auditAllowed,
  companyHasSites,
} from '../../src/app/pages/printSheets/extensions';
import { extensionsOf, hasExtension } from '../../src/app/pages/extensions';

type Tree = { [key: string]: unknown };

/** A stand-in for the app's translate: the generated labels, `_` when a key is missing. */
function appTranslate(locale: 'en' | 'fr'): Translate {
  const root = generatedMessages[locale] as Tree;
  const lookup = (node: unknown, parts: string[]): unknown => {
    if (parts.length === 0) return node;
    if (typeof node !== 'object' || node === null) return undefined;
    // generated enum labels keep dotted keys ('inputs.type'): try the longer key first
    for (let n = parts.length; n >= 1; n--) {
      const key = parts.slice(0, n).join('.');
      if (key in (node as Tree)) {
        const found = lookup((node as Tree)[key], parts.slice(n));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return (key, options = {}) => {
    const found = lookup(root, key.split('.'));
    return typeof found === 'string' ? found : String(options._ ?? key);
  };
}

const en = sheetTranslator(appTranslate('en'), 'en');
const fr = sheetTranslator(appTranslate('fr'), 'fr');

const render = (sheet: Sheet, translate: Translate = en) => sheetHtml(sheet, translate);
/** the text of the markup, cells separated by '|' */
const textOf = (html: string) =>
  html
    .replace(/<\/(td|th|dt|dd)>/g, '|')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const fieldValue = (sheet: Sheet, label: string) => sheet.fields.find((f) => f.label === label)?.value;
const table = (sheet: Sheet, id: string) => sheet.tables.find((t) => t.id === id)!;

const bottling = (completed: boolean): PrintRecord => ({
  id: '41',
  lot: 'B-2026-07',
  date: '2026-11-20T14:30:00.000Z',
  duration: 95,
  completed,
  comments: 'Filler 2 jammed once',
  site: { id: '1', name: 'Main site' },
  product: { id: '5', name: 'Northern Gin 750 mL', sku: 'NG750', containerSize: 0.75 },
  tank: { id: '7', name: 'Tank 3' },
  strength: 40,
  bottles: 1234,
  caseSize: 12,
  dutyPaid: false,
  reduceInventory: true,
  bom: [
    { id: 'b1', item: { id: '9', name: 'Bottle 750', trackUnits: 'each', precision: 0 }, lot: 'GL-1', quantity: 1234 },
    { id: 'b2', item: { id: '10', name: 'Label glue', trackUnits: 'kg', precision: 3 }, lot: null, quantity: 12.5 },
    {
      id: 'b3',
      item: { id: '11', name: 'Case carton', trackUnits: 'each', precision: null },
      lot: null,
      quantity: 102,
    },
  ],
});

const AUDIT: AuditRow[] = [
  { id: 'a1', at: '2026-11-20T14:31:00.000Z', userName: 'Demo User', event: 'created' },
  { id: 'a2', at: '2026-11-20T16:00:00.000Z', userName: 'Demo User', event: 'updated' },
];

describe('bottling sheet', () => {
  it('shows the product, lot, bottles, cases and materials with the spec number display', () => {
    const sheet = buildSheet('bottling', bottling(false), { translate: en, showSite: true, audit: null });
    expect(sheet.title).toBe('Bottling record');
    expect(sheet.subject).toBe('B-2026-07');
    expect(fieldValue(sheet, 'Product')).toBe('Northern Gin 750 mL');
    expect(fieldValue(sheet, 'Lot')).toBe('B-2026-07');
    expect(fieldValue(sheet, 'Bottles')).toBe('1,234');
    expect(fieldValue(sheet, 'Bottles per case')).toBe('12');
    expect(fieldValue(sheet, 'Cases')).toBe('102');
    expect(fieldValue(sheet, 'Strength')).toBe('40.00');
    expect(fieldValue(sheet, 'From tank')).toBe('Tank 3');
    expect(fieldValue(sheet, 'Site')).toBe('Main site');
    expect(fieldValue(sheet, 'Duty paid')).toBe('No');
    expect(fieldValue(sheet, 'Started')).toMatch(/^2026-11-2\d \d{1,2}:\d\d [ap]m$/);
    // per-item precision: 0, 3, and the item default (2) when it has none
    expect(table(sheet, 'bom').rows).toEqual([
      ['Bottle 750', 'GL-1', '1,234', 'each'],
      ['Label glue', '', '12.500', 'kg'],
      ['Case carton', '', '102.00', 'each'],
    ]);
  });

  it('prints INCOMPLETE over a record not completed, and not over a completed one', () => {
    const open = render(buildSheet('bottling', bottling(false), { translate: en, showSite: true, audit: null }));
    expect(open).toContain('data-watermark="incomplete"');
    expect(textOf(open)).toContain('INCOMPLETE');
    const done = render(buildSheet('bottling', bottling(true), { translate: en, showSite: true, audit: null }));
    expect(done).not.toContain('data-watermark');
    expect(textOf(done)).not.toContain('INCOMPLETE');
    expect(textOf(done)).toContain('Northern Gin 750 mL');
    // French
    const frOpen = render(buildSheet('bottling', bottling(false), { translate: fr, showSite: true, audit: null }), fr);
    expect(textOf(frOpen)).toContain('INCOMPLET');
    expect(textOf(frOpen)).toContain('Fiche d’embouteillage');
    expect(textOf(frOpen)).toContain('Bouteilles|');
  });

  it('lays the sheet out for screen readers: headings, captions, header cells with scope', () => {
    const html = render(buildSheet('bottling', bottling(false), { translate: en, showSite: true, audit: AUDIT }));
    expect(html).toContain('<h1>Bottling record</h1>');
    expect(html).toMatch(/<caption id="ps-bom">Materials<\/caption>/);
    expect(html).toContain('<th scope="col">Name</th>');
    expect(html).toContain('<th scope="col" class="ps-num">Quantity</th>');
    expect(html).toContain('aria-label="Print sheet: Bottling record B-2026-07"');
    const text = textOf(html);
    expect(text).toContain('Bottles| 1,234|');
    expect(text).toContain('Bottle 750| GL-1| 1,234| each|');
    expect(text).toContain('Filler 2 jammed once');
  });

  it('escapes what the records hold', () => {
    const record = { ...bottling(true), lot: '<img src=x onerror=alert(1)>', comments: 'a & b "c"' };
    const html = render(buildSheet('bottling', record, { translate: en, showSite: true, audit: null }));
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml('<img src=x onerror=alert(1)>'));
    expect(html).toContain('a &amp; b &quot;c&quot;');
  });

  it('shows the site only when the company has sites', () => {
    const without = buildSheet('bottling', bottling(true), { translate: en, showSite: false, audit: null });
    expect(without.fields.map((f) => f.label)).not.toContain('Site');
    expect(textOf(render(without))).not.toContain('Main site');
  });

  it('adds the audit trail only when allowed', () => {
    const none = buildSheet('bottling', bottling(true), { translate: en, showSite: true, audit: null });
    expect(none.audit).toBeNull();
    expect(textOf(render(none))).not.toContain('Audit trail');
    const audited = buildSheet('bottling', bottling(true), { translate: en, showSite: true, audit: AUDIT });
    expect(audited.audit?.rows.map((r) => [r[1], r[2]])).toEqual([
      ['Demo User', 'Created'],
      ['Demo User', 'Updated'],
    ]);
    expect(textOf(render(audited))).toContain('Audit trail');
  });

  it('prints the blank worksheet of a product: its bill of materials, nothing to watermark', () => {
    const sheet = buildSheet(
      'product',
      {
        id: '5',
        name: 'Northern Gin 750 mL',
        sku: 'NG750',
        strength: 40,
        containerSize: 0.75,
        caseSize: 12,
        bom: [
          { id: 'p1', name: 'Bottle 750', quantity: 1, per: 'Bottle', units: 'each', precision: 0 },
          { id: 'p2', name: 'Label glue', quantity: 0.0125, per: 'Case', units: 'kg', precision: 3 },
        ],
      },
      { translate: en, showSite: true, audit: null },
    );
    expect(sheet.title).toBe('Bottling worksheet');
    expect(sheet.incomplete).toBe(false);
    expect(fieldValue(sheet, 'Strength')).toBe('40.00');
    expect(fieldValue(sheet, 'Container size (L)')).toBe('0.750');
    expect(fieldValue(sheet, 'Lot')).toBe('');
    expect(fieldValue(sheet, 'Bottles')).toBe('');
    expect(table(sheet, 'bom').rows).toEqual([
      ['Bottle 750', '1', 'Bottle', 'each', '', ''],
      ['Label glue', '0.013', 'Case', 'kg', '', ''],
    ]);
  });

  it('starts a blank worksheet from the bottling preferences (usual duration, strength)', () => {
    const sheet = buildSheet(
      'product',
      { id: '6', name: 'Vodka 1.14 L', strength: null, containerSize: 1.14, caseSize: 6, bom: [] },
      { translate: en, showSite: false, audit: null, preferences: { bottleDuration: 1440, bottleProof: 40 } },
    );
    expect(fieldValue(sheet, 'Duration (minutes)')).toBe('1,440');
    expect(fieldValue(sheet, 'Strength')).toBe('40.00');
    expect(fieldValue(sheet, 'Site')).toBeUndefined();
    expect(table(sheet, 'bom').rows).toEqual([]);
    expect(textOf(render(sheet))).toContain('None');
  });
});

describe('mash, distillation and blend sheets', () => {
  it('mash bill worksheet: planned quantities at the item precision, targets from the preferences', () => {
    const sheet = buildSheet(
      'mashBill',
      {
        id: '2',
        name: 'Bourbon mash',
        volume: 5000,
        scalable: true,
        items: [
          {
            id: 'i',
            item: { id: '1', name: 'Corn', trackUnits: 'kg', precision: 0 },
            quantity: 1200,
            minQuantity: 1100,
            maxQuantity: null,
          },
        ],
      },
      { translate: en, showSite: true, audit: null, preferences: { mashBrix: 18.25, mashpH: 5.44, mashDuration: 240 } },
    );
    expect(sheet.title).toBe('Mashing worksheet');
    expect(fieldValue(sheet, 'Volume')).toBe('5,000');
    expect(fieldValue(sheet, 'Target Brix')).toBe('18.3');
    expect(fieldValue(sheet, 'Target pH')).toBe('5.4');
    expect(fieldValue(sheet, 'Duration (minutes)')).toBe('240');
    expect(fieldValue(sheet, 'Site')).toBe('');
    expect(fieldValue(sheet, 'Original gravity')).toBe('');
    expect(table(sheet, 'items').rows).toEqual([['Corn', '1,200', '1,100', '', 'kg', '', '']]);
    expect(table(sheet, 'fermenters').blankRows).toBe(3);
  });

  it('mash: volume 0 decimals, starting SG 3, pH 1, fermenter volumes 0', () => {
    const sheet = buildSheet(
      'mash',
      {
        id: '3',
        lot: 'M-1',
        date: '2026-11-18T12:00:00.000Z',
        completed: true,
        mashBill: { id: '2', name: 'Bourbon mash' },
        volume: 12345.6,
        osg: 1.0654,
        ph: 5.23,
        items: [
          { id: 'i', item: { id: '1', name: 'Corn', trackUnits: 'kg', precision: 1 }, lot: 'C-9', quantity: 2500 },
        ],
        fermenters: [
          { id: 'f1', fermenter: { id: '1', name: 'FV1' }, volume: 6000.4 },
          { id: 'f2', fermenter: { id: '2', name: 'FV2' }, volume: 6345.2 },
        ],
      },
      { translate: en, showSite: false, audit: null },
    );
    expect(fieldValue(sheet, 'Volume')).toBe('12,346');
    expect(fieldValue(sheet, 'Original gravity')).toBe('1.065');
    expect(fieldValue(sheet, 'pH')).toBe('5.2');
    expect(table(sheet, 'items').rows).toEqual([['Corn', 'C-9', '2,500.0', 'kg']]);
    expect(table(sheet, 'fermenters').rows).toEqual([
      ['FV1', '6,000'],
      ['FV2', '6,345'],
    ]);
    expect(sheet.incomplete).toBe(false);
  });

  it('distillation: alcohol quantities 3 decimals, items their own, outputs in LAA or litres', () => {
    const sheet = buildSheet(
      'distillation',
      {
        id: '8',
        lot: 'D-7',
        date: '2026-11-19T09:00:00.000Z',
        completed: false,
        still: { id: '1', name: 'Pot still' },
        process: { id: '2', name: 'Stripping run' },
        inputs: [
          {
            id: 'a',
            type: 'Wine',
            wine: { id: '1', name: 'Wash' },
            fermenter: { id: '1', name: 'FV1' },
            quantity: 1234.5678,
            strength: 8.123,
          },
          {
            id: 'b',
            type: 'Item',
            item: { id: '4', name: 'Botanicals', trackUnits: 'kg', precision: 1 },
            quantity: 1000,
          },
        ],
        outputs: [
          {
            id: 'c',
            cut: 'Hearts',
            spirit: { id: '1', name: 'Vodka' },
            tank: { id: '3', name: 'T1' },
            quantity: 95.5,
            strength: 82.5,
          },
          { id: 'd', cut: 'Heads', nonExcise: { id: '1', name: 'Cleaning alcohol' }, quantity: 3, strength: null },
        ],
      },
      { translate: en, showSite: true, audit: null },
    );
    expect(sheet.incomplete).toBe(true);
    expect(table(sheet, 'inputs').rows).toEqual([
      ['Wine', 'Wash', '', 'FV1', '1,234.568', 'L', '8.12'],
      ['Item', 'Botanicals', '', '', '1,000.0', 'kg', ''],
    ]);
    expect(table(sheet, 'outputs').rows).toEqual([
      ['Hearts', 'Vodka', 'T1', '95.500', 'LAA', '82.50'],
      ['Heads', 'Cleaning alcohol', '', '3.000', 'L', ''],
    ]);
  });

  it('blend: volumes 3 decimals, LAA 3, strength 2; formula worksheet in percent', () => {
    const blend = buildSheet(
      'blend',
      {
        id: '9',
        lot: 'BL-1',
        date: '2026-11-19T09:00:00.000Z',
        completed: true,
        formula: { id: '1', name: 'Gin 40' },
        outputSpirit: { id: '1', name: 'Gin' },
        tank: { id: '2', name: 'T2' },
        volume: 400,
        litres: 1000,
        excise: true,
        blendToVolume: 1000,
        blendStrength: 40,
        inputs: [
          {
            id: 'a',
            type: 'Spirit',
            spirit: { id: '1', name: 'Neutral' },
            tank: { id: '1', name: 'T1' },
            quantity: 421.0526,
            laa: 400,
            strength: 95,
          },
          { id: 'b', type: 'Item', item: { id: '3', name: 'Water', trackUnits: 'L', precision: 0 }, quantity: 578.9 },
        ],
      },
      { translate: en, showSite: false, audit: null },
    );
    expect(fieldValue(blend, 'Volume (LAA for spirits, L otherwise)')).toBe('400.000 LAA');
    expect(fieldValue(blend, 'Litres')).toBe('1,000.000');
    expect(fieldValue(blend, 'Blend strength')).toBe('40.00');
    expect(table(blend, 'inputs').rows).toEqual([
      ['Spirit', 'Neutral', '', 'T1', '421.053', 'L', '400.000', '95.00'],
      ['Item', 'Water', '', '', '579', 'L', '', ''],
    ]);
    const formula = buildSheet(
      'formula',
      {
        id: '1',
        name: 'Gin 40',
        excise: true,
        outputSpirit: { id: '1', name: 'Gin' },
        blendToVolume: 1000,
        blendStrength: 40,
        inputs: [{ id: 'a', type: 'Spirit', spirit: { id: '1', name: 'Neutral' }, quantity: 42.1, strength: 95 }],
      },
      { translate: en, showSite: false, audit: null },
    );
    expect(formula.title).toBe('Blend worksheet');
    expect(table(formula, 'inputs').rows[0].slice(0, 7)).toEqual(['Spirit', 'Neutral', '42.100', '', '', '%', '95.00']);
  });
});

describe('print queries', () => {
  it('are valid against the generated schema', () => {
    const schema = buildSchema(sdl);
    for (const kind of SHEET_KINDS)
      expect(
        validate(schema, parse(PRINT_QUERIES[kind].document)).map((e) => e.message),
        kind,
      ).toEqual([]);
  });

  it('one document per family, the blank flag and audit as variables; audit filtered on the record', () => {
    expect(printQuery('blend', '9', false).variables).toEqual({
      id: '9',
      isFormula: false,
      audit: false,
      auditFilters: null,
    });
    expect(printQuery('formula', '1', true).variables).toMatchObject({ id: '1', isFormula: true, audit: true });
    expect(printQuery('bottling', '41', true).variables.auditFilters).toEqual([
      { field: 'entityId', comparator: 'eq', value: '41' },
      { field: 'entity', comparator: 'eq', value: 'bottling' },
    ]);
    expect(printQuery('process', '2', false).document).toBe(printQuery('distillation', '2', false).document);
    expect(printQuery('bottling', '1', false).document).toContain('@include(if: $audit)');
    expect(printQuery('product', '1', false).document).toContain('bottlingPreferences');
    expect(printQuery('mashBill', '1', false).document).toContain('mashingPreferences');
    expect(printQuery('formula', '1', false).document).toContain('blendingPreferences');
    expect([...SHEET_KINDS].sort()).toEqual([...PRINTABLE_ENTITIES].sort());
    for (const kind of SHEET_KINDS) expect(PRINT_QUERIES[kind].document).toContain(`${kind}(id: $id)`);
  });

  it('puts a Print button on the edit screens of the eight entities, and no others', () => {
    for (const name of PRINTABLE_ENTITIES) expect(hasExtension(extensionsOf(name), 'editActions')).toBe(true);
    expect(hasExtension(extensionsOf('customer'), 'editActions')).toBe(false);
    // a worksheet is of its production record; the record's own sheet of itself
    expect(PRINTABLE).toMatchObject({
      product: 'bottling',
      process: 'distillation',
      mashBill: 'mash',
      formula: 'blend',
    });
    for (const kind of ['distillation', 'bottling', 'mash', 'blend'] as const) expect(PRINTABLE[kind]).toBe(kind);
  });

  it('asks the audit trail only with the company flag and the user permission; the site with sites', () => {
    const company = { id: '1', name: 'D', permissions: ['production.read', 'audit'], allowAudit: true };
    expect(auditAllowed(company)).toBe(true);
    expect(auditAllowed({ ...company, permissions: ['audit.read'] })).toBe(true);
    expect(auditAllowed({ ...company, allowAudit: false })).toBe(false);
    expect(auditAllowed({ ...company, permissions: ['production.write'] })).toBe(false);
    expect(auditAllowed(null)).toBe(false);
    expect(companyHasSites({ ...company, sites: [{ id: '1', name: 'Main' }] })).toBe(true);
    expect(companyHasSites({ ...company, sites: [] })).toBe(false);
    expect(companyHasSites(company)).toBe(false);
  });

  it('has the same texts in English and French', () => {
    const keys = (t: unknown, prefix = ''): string[] =>
      typeof t === 'object' && t !== null
        ? Object.entries(t).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    expect(keys(printSheetMessages.fr)).toEqual(keys(printSheetMessages.en));
  });
});

describe('the print helper', () => {
  const answer = {
    bottling: bottling(false),
    bottlingPreferences: { bottleDuration: 60, bottleProof: 40 },
    auditEntries2: { edges: AUDIT.map((node) => ({ node })) },
  };
  const request = { kind: 'bottling' as const, id: '41', audit: true, showSite: true, translate: en };

  function deps(overrides: Partial<PrintDeps> = {}) {
    const log: string[] = [];
    const shown: (Sheet | null)[] = [];
    const d: PrintDeps = {
      call: vi.fn(async () => answer) as unknown as PrintDeps['call'],
      show: (sheet) => {
        shown.push(sheet);
        log.push(sheet ? 'show' : 'hide');
      },
      print: () => log.push('print'),
      report: vi.fn(),
      wait: async (ms) => {
        log.push(`wait ${ms}`);
      },
      ...overrides,
    };
    return { d, log, shown };
  }

  it('shows the sheet, waits 500 ms, prints, then takes the sheet away', async () => {
    const { d, log, shown } = deps();
    expect(await printSheet(request, d)).toBe('printed');
    expect(PRINT_DELAY_MS).toBe(500);
    expect(log).toEqual(['show', 'wait 500', 'print', 'hide']);
    expect(shown[0]?.audit?.rows).toHaveLength(2);
    expect(d.call).toHaveBeenCalledWith(expect.stringContaining('query PrintBottling'), {
      id: '41',
      isProduct: false,
      audit: true,
      auditFilters: expect.any(Array),
    });
    expect(d.report).not.toHaveBeenCalled();
  });

  it('waits the real 500 ms when no wait is given', async () => {
    vi.useFakeTimers();
    try {
      const { d, log } = deps({ wait: undefined });
      const done = printSheet(request, d);
      await vi.advanceTimersByTimeAsync(499);
      expect(log).toEqual(['show']);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBe('printed');
      expect(log).toEqual(['show', 'print', 'hide']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('aborts silently on any API error: nothing shown, printed or reported', async () => {
    const { d, log } = deps({ call: (() => Promise.reject(new Error('FORBIDDEN'))) as PrintDeps['call'] });
    expect(await printSheet(request, d)).toBe('aborted');
    expect(log).toEqual([]);
    expect(d.report).not.toHaveBeenCalled();
  });

  it('reports a failure of the helper itself as DEBUG ERROR and takes the sheet away', async () => {
    const { d, log } = deps({
      print: () => {
        throw new Error('print blocked');
      },
    });
    expect(await printSheet(request, d)).toBe('failed');
    expect(log).toEqual(['show', 'wait 500', 'hide']);
    expect(d.report).toHaveBeenCalledTimes(1);
    const input = (d.report as ReturnType<typeof vi.fn>).mock.calls[0][0] as { message: string; query: string };
    expect(input.message).toMatch(/^DEBUG ERROR: Error: print blocked/);
    expect(input.query).toContain('query PrintBottling');
  });
});
