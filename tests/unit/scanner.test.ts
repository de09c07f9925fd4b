// The scanner's rules (spec 5 Scanner, spec 9): the 250 ms debounce, JSON codes (parse errors
// ignored), and the line a matched code adds (a UPC one unit, an SCC one case). Expected values
// are the spec's words worked by hand.
import { describe, expect, it } from 'vitest';
import { lineFromMatch, parseScan, scanGate, SCAN_DEBOUNCE_MS, type ScanMatch } from '../../src/app/scanner/codes';
import { addScanHandler, deliverScan } from '../../src/app/scanner/bus';

describe('scan debounce', () => {
  it('is 250 ms (spec 9)', () => {
    expect(SCAN_DEBOUNCE_MS).toBe(250);
  });

  it('ignores a code arriving less than 250 ms after the previous one', () => {
    const gate = scanGate();
    expect(gate(1000)).toBe(true);
    expect(gate(1249)).toBe(false);
    // 250 ms after the previous arrival (the ignored one) passes
    expect(gate(1499)).toBe(true);
    expect(gate(1749)).toBe(true);
  });

  it('counts a label held before the camera (10 decodes a second) as one scan', () => {
    const gate = scanGate();
    const passed = [0, 100, 200, 300, 400, 500].map((t) => gate(t));
    expect(passed).toEqual([true, false, false, false, false, false]);
    // taken away, shown again a second later: a second scan
    expect(gate(1500)).toBe(true);
  });
});

describe('parsing a scan', () => {
  it('reads a barcode, trimmed', () => {
    expect(parseScan(' 0628000000017\n')).toEqual({ kind: 'code', code: '0628000000017', count: 1 });
  });

  it('parses a code beginning with an opening brace as JSON', () => {
    expect(parseScan('{"lot":"R-12","tank":"T1"}')).toEqual({ kind: 'json', data: { lot: 'R-12', tank: 'T1' } });
    expect(parseScan('{"code":"10628000000014","count":3}')).toEqual({
      kind: 'code',
      code: '10628000000014',
      count: 3,
    });
  });

  it('ignores JSON that does not parse, and blank or oversized codes', () => {
    expect(parseScan('{"lot": ')).toBeNull();
    expect(parseScan('{not json}')).toBeNull();
    expect(parseScan('   ')).toBeNull();
    expect(parseScan('1'.repeat(101))).toBeNull();
    expect(parseScan('1'.repeat(100))).toEqual({ kind: 'code', code: '1'.repeat(100), count: 1 });
  });

  it('keeps a JSON count to a positive whole number of at most 10000', () => {
    expect(parseScan('{"code":"0628000000017","count":0}')).toEqual({
      kind: 'json',
      data: { code: '0628000000017', count: 0 },
    });
    expect(parseScan('{"code":"0628000000017","count":1.5}')?.kind).toBe('json');
    expect(parseScan('{"code":"0628000000017","count":10001}')?.kind).toBe('json');
  });
});

const rye: ScanMatch = {
  code: '0628000000017',
  kind: 'Product',
  id: '7',
  name: 'Rye 750',
  sku: 'RYE-750',
  pack: 'Unit',
  quantity: 1,
  price: 54.95,
};
const INVOICE_LINE = ['product', 'item', 'bundle', 'description', 'quantity', 'unitPrice', 'discountPercent', 'tax'];

describe('the line a scan adds', () => {
  it('adds one unit of a product by its UPC, at its price', () => {
    expect(lineFromMatch(rye, 1, INVOICE_LINE)).toEqual({
      product: { id: '7', name: 'Rye 750' },
      quantity: 1,
      unitPrice: 54.95,
    });
  });

  it('adds one case (its bottles) of a product by its SCC', () => {
    const rye6 = { ...rye, code: '10628000000014', pack: 'Case' as const, quantity: 6 };
    expect(lineFromMatch(rye6, 1, INVOICE_LINE)?.quantity).toBe(6);
    expect(lineFromMatch(rye6, 2, INVOICE_LINE)?.quantity).toBe(12);
  });

  it('adds an item without its cost as a selling price', () => {
    const malt: ScanMatch = { ...rye, kind: 'Item', id: '9', name: 'Malted barley', pack: null, price: 1.25 };
    expect(lineFromMatch(malt, 1, INVOICE_LINE)).toEqual({ item: { id: '9', name: 'Malted barley' }, quantity: 1 });
  });

  it('adds nothing the lines cannot hold', () => {
    expect(lineFromMatch({ ...rye, kind: 'Item' }, 1, ['product', 'quantity'])).toBeNull();
    expect(lineFromMatch({ ...rye, kind: 'Unmatched', id: null }, 1, INVOICE_LINE)).toBeNull();
    expect(lineFromMatch(rye, 1, ['name', 'quantity', 'per'])).toBeNull();
  });
});

describe('who takes a scan', () => {
  it('asks the newest screen first and falls back when none takes it', () => {
    const event = { kind: 'match' as const, match: rye, count: 1 };
    expect(deliverScan(event)).toBe(false);
    const taken: string[] = [];
    const offLines = addScanHandler((e) => (e.kind === 'match' ? (taken.push('lines'), 'Rye 750') : false));
    const offJson = addScanHandler((e) => (e.kind === 'json' ? 'label' : false));
    expect(deliverScan(event)).toBe('Rye 750');
    expect(deliverScan({ kind: 'json', data: {} })).toBe('label');
    offLines();
    expect(deliverScan(event)).toBe(false);
    offJson();
    expect(taken).toEqual(['lines']);
  });
});
