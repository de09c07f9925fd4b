// What a scan is (spec 5 Scanner, spec 9 constants), kept free of React and the DOM so it is
// tested on its own: the debounce gate, the JSON-or-barcode parse, and the document line a
// matched code becomes.

/** A code arriving less than this after the previous one is ignored (spec 9). */
export const SCAN_DEBOUNCE_MS = 250;
/** Camera decode attempts per second and the scan box in CSS pixels (spec 9). */
export const CAMERA_FPS = 10;
export const SCAN_BOX = 250;
/** The server refuses longer barcodes (domain/scanner/match.ts CODE_MAX). */
export const CODE_MAX = 100;
/** A JSON code is a 2D label's payload: a QR code holds at most about 3 KB. */
export const JSON_MAX = 3000;
/** Most units one JSON code may ask for (a pallet label), so a typo cannot add a million. */
export const COUNT_MAX = 10000;
/** The shortest barcode a keyboard wedge sends (EAN-8); shorter fast typing is not a scan. */
export const WEDGE_MIN_LENGTH = 8;

/**
 * A gate letting a code through only when at least `ms` passed since the previous code arrived.
 * Every arrival restarts the wait, ignored ones included: a camera holding a label in view
 * decodes it ten times a second, and that is one scan, not one every 250 ms.
 */
export function scanGate(ms: number = SCAN_DEBOUNCE_MS): (now: number) => boolean {
  let previous = Number.NEGATIVE_INFINITY;
  return (now) => {
    const open = now - previous >= ms;
    previous = now;
    return open;
  };
}

export type ParsedScan =
  /** a barcode to look up: `count` times what it names (1 unless a JSON code says otherwise) */
  | { kind: 'code'; code: string; count: number }
  /** structured JSON the current page may understand */
  | { kind: 'json'; data: unknown };

/**
 * A code beginning with '{' is structured JSON; unparsable JSON is ignored (null). JSON of the
 * form {"code": "<upc or scc>", "count": n} is a barcode with a count; other JSON goes to the
 * page as it is. Anything else is a barcode, trimmed (wedges may send spaces).
 */
export function parseScan(raw: string): ParsedScan | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    if (text.length > JSON_MAX) return null;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    return codeInJson(data) ?? { kind: 'json', data };
  }
  if (text.length > CODE_MAX) return null;
  return { kind: 'code', code: text, count: 1 };
}

function codeInJson(data: unknown): ParsedScan | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { code, count } = data as Record<string, unknown>;
  if (typeof code !== 'string' || !code.trim() || code.trim().length > CODE_MAX) return null;
  if (count !== undefined && !(Number.isInteger(count) && (count as number) >= 1 && (count as number) <= COUNT_MAX))
    return null;
  return { kind: 'code', code: code.trim(), count: (count as number | undefined) ?? 1 };
}

/** What the server answers for a code (schema/graphql/scanner.graphql ScanMatch). */
export interface ScanMatch {
  code: string;
  kind: 'Product' | 'Item' | 'Unmatched';
  id: string | null;
  name: string | null;
  sku: string | null;
  pack: 'Unit' | 'Case' | null;
  /** units one scan stands for: 1, or bottles per case for an SCC */
  quantity: number | null;
  price: number | null;
}

/**
 * The document line a matched scan adds, given the names of the line's fields: the product (a
 * unit, or a case as its bottles) or the item, its quantity and, for a product, its unit
 * price. Null when the lines hold no such reference (a scanned item on product-only lines).
 */
export function lineFromMatch(
  match: ScanMatch,
  count: number,
  lineFields: readonly string[],
): Record<string, unknown> | null {
  if (!match.id || match.kind === 'Unmatched') return null;
  const ref = match.kind === 'Product' ? 'product' : 'item';
  if (!lineFields.includes(ref)) return null;
  const line: Record<string, unknown> = { [ref]: { id: match.id, name: match.name } };
  if (lineFields.includes('quantity')) line.quantity = (match.quantity ?? 1) * count;
  // an item's price here is its cost: a selling line keeps its own price
  if (match.kind === 'Product' && match.price !== null && lineFields.includes('unitPrice'))
    line.unitPrice = match.price;
  return line;
}
