// The customer portal's own rules (src/portal): the mailed link kept through sign-in, exact
// order amounts, the statement's default period, the language and the locale formats. Every
// expected figure is worked by hand in the comment beside it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalError, portalCaller } from '../../src/portal/api';
import { forgetInvitation, isSignInReturn, linkFromQuery, rememberLink } from '../../src/portal/link';
import { lineAmount, parseQuantity, sumAmounts, toThousandths } from '../../src/portal/money';
import { addDays, defaultStatementPeriod } from '../../src/portal/dates';
import { placeServerFields, prepareOrder } from '../../src/portal/orderForm';
import { chooseLanguage, textsFor } from '../../src/portal/i18n';
import type { Product } from '../../src/portal/queries';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const TOKEN = 'A'.repeat(40) + '_-9'; // 43 base64url characters, as the server makes them

describe('the mailed link through the sign-in round trip', () => {
  it('reads the company and invitation of /portal/?company=…&invitation=…, ignoring malformed ones', () => {
    expect(linkFromQuery(`?company=42&invitation=${TOKEN}`)).toEqual({ companyId: '42', invitation: TOKEN });
    expect(linkFromQuery('?company=abc&invitation=short')).toEqual({ companyId: null, invitation: null });
    expect(linkFromQuery('')).toEqual({ companyId: null, invitation: null });
  });

  it('keeps the company on the browser and the invitation for this tab until it is answered', () => {
    const remembered = new MemoryStorage();
    const pending = new MemoryStorage();
    rememberLink(linkFromQuery(`?company=42&invitation=${TOKEN}`), remembered, pending);
    // back from the issuer: /portal/?code=…&state=… carries neither
    expect(rememberLink(linkFromQuery(''), remembered, pending)).toEqual({ companyId: '42', invitation: TOKEN });
    forgetInvitation(pending);
    expect(rememberLink(linkFromQuery(''), remembered, pending)).toEqual({ companyId: '42', invitation: null });
    // a link of another company replaces the remembered one
    expect(rememberLink(linkFromQuery('?company=7'), remembered, pending).companyId).toBe('7');
  });

  it('tells the issuer’s answer from a plain visit', () => {
    expect(isSignInReturn('?code=abc&state=xyz')).toBe(true);
    expect(isSignInReturn('?error=access_denied&state=xyz')).toBe(true);
    expect(isSignInReturn('?company=42')).toBe(false);
  });
});

describe('exact order amounts', () => {
  it('reads decimals as thousandths', () => {
    expect(toThousandths('12.5')).toBe(12_500n);
    expect(toThousandths('12.345')).toBe(12_345n);
    expect(toThousandths('-3')).toBe(-3_000n);
    expect(toThousandths('1.2345')).toBeNull(); // more than 3 places
    expect(toThousandths('1e3')).toBeNull();
  });

  it('takes a positive quantity with a point or a comma', () => {
    expect(parseQuantity('6')).toBe(6_000n);
    expect(parseQuantity('1,5')).toBe(1_500n);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('six')).toBeNull();
  });

  it('multiplies and rounds half away from zero to cents', () => {
    // 24.99 × 6 = 149.94
    expect(lineAmount(24_990n, 6_000n)).toBe('149.94');
    // 0.333 × 1.5 = 0.4995 -> 0.50 (a binary float gives 0.49949999…)
    expect(lineAmount(333n, 1_500n)).toBe('0.50');
    // 0.1 × 3 = 0.30 exactly (0.1 * 3 in floating point is 0.30000000000000004)
    expect(lineAmount(100n, 3_000n)).toBe('0.30');
    // 149.94 + 0.50 + 0.30 = 150.74
    expect(sumAmounts(['149.94', '0.50', '0.30'])).toBe('150.74');
  });
});

describe('the order form', () => {
  const products: Product[] = [
    { id: '1', sku: 'GIN-750', name: 'Gin', description: null, price: '24.99', currency: 'CAD' },
    { id: '2', sku: null, name: 'Vodka', description: null, price: null, currency: 'CAD' },
    { id: '3', sku: null, name: 'Rye', description: null, price: '10.00', currency: 'CAD' },
  ];
  const draft = (quantities: Record<string, string>) => ({
    quantities,
    customerPO: ' PO-7 ',
    requiredDate: '',
    notes: '',
  });

  it('sends the lines with a quantity, in the products’ order, and estimates the priced ones', () => {
    const prepared = prepareOrder(draft({ 3: '1.5', 1: '6', 2: '2' }), products);
    expect(prepared.input).toEqual({
      lines: [
        { productId: '1', quantity: 6 },
        { productId: '2', quantity: 2 },
        { productId: '3', quantity: 1.5 },
      ],
      customerPO: 'PO-7',
      requiredDate: null,
      notes: null,
    });
    // 24.99 × 6 = 149.94; Vodka has no price; 10.00 × 1.5 = 15.00; 149.94 + 15.00 = 164.94
    expect(prepared.estimatedTotal).toBe('164.94');
    expect(prepared.lineProducts).toEqual(['1', '2', '3']);
  });

  it('sends nothing when a quantity is wrong or none is given', () => {
    expect(prepareOrder(draft({ 1: '6', 3: 'x' }), products)).toMatchObject({ input: null, badLines: ['3'] });
    expect(prepareOrder(draft({}), products)).toMatchObject({ input: null, badLines: [], estimatedTotal: null });
  });

  it('puts the server’s messages back on the line or field they name', () => {
    const placed = placeServerFields(
      { 'lines.1.quantity': 'At most 1000000', customerPO: 'At most 40 characters', lines: 'At most 100 lines' },
      ['1', '3'],
    );
    expect(placed.byProduct).toEqual({ 3: 'At most 1000000' });
    expect(placed.byField).toEqual({ customerPO: 'At most 40 characters', form: 'At most 100 lines' });
  });
});

describe('statement period', () => {
  it('defaults to the 90 days ending today', () => {
    // 27 Nov back 27 days is 31 Oct, 31 more 30 Sep, 30 more 31 Aug, 2 more 29 Aug: 90 days
    expect(defaultStatementPeriod('2026-11-27')).toEqual({ from: '2026-08-29', to: '2026-11-27' });
    // 1 Mar 2026 back 28 days (February, not a leap year) 1 Feb, 31 more 1 Jan, 31 more 1 Dec
    expect(addDays('2026-03-01', -90)).toBe('2025-12-01');
  });
});

describe('language and formats', () => {
  it('follows the switch, else a French browser, else English', () => {
    expect(chooseLanguage(null, ['fr-CA', 'en'])).toBe('fr');
    expect(chooseLanguage(null, ['en-US', 'fr'])).toBe('en');
    expect(chooseLanguage('en', ['fr-CA'])).toBe('en');
    expect(chooseLanguage('de', [])).toBe('en');
  });

  it('formats money, numbers and dates by locale', () => {
    const spaces = (s: string) => s.replace(/\s/g, ' ');
    const en = textsFor('en');
    const fr = textsFor('fr');
    expect(en.money('1234.5', 'CAD')).toBe('$1,234.50');
    expect(spaces(fr.money('1234.5', 'CAD'))).toBe('1 234,50 $');
    expect(en.number(1.5)).toBe('1.5');
    expect(fr.number(1.5)).toBe('1,5');
    expect(en.date('2026-11-27')).toBe('Nov 27, 2026');
    expect(fr.date('2026-11-27')).toBe('27 nov. 2026');
    expect(en.t('orderPlaced', { number: 'SO-0042' })).toBe('Order SO-0042 placed');
    expect(fr.status('PartiallyPaid')).toBe('Payée en partie');
    expect(en.status('PartiallyPaid')).toBe('Partially paid');
  });
});

describe('the portal endpoint caller', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('posts to /portal/graphql/:companyId with the bearer token and answers the data', async () => {
    const fetch = answer(200, { data: { portalCustomer: { id: '5' } } });
    vi.stubGlobal('fetch', fetch);
    const call = portalCaller('42', async () => 'tok', undefined, { customerId: '7', clientVersion: '1.3.2' });
    expect(await call('{ portalCustomer { id } }')).toEqual({ portalCustomer: { id: '5' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/portal/graphql/42');
    const headers = init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    // spec 7: every endpoint's calls carry a product version header
    expect(headers['x-version']).toBe('1.3.2');
    expect(headers['x-portal-customer']).toBe('7');
  });

  it('keeps the server’s message, code and field messages', async () => {
    vi.stubGlobal(
      'fetch',
      answer(200, {
        data: null,
        errors: [
          {
            message: 'lines.0.quantity: Must be more than 0',
            extensions: { code: 'VALIDATION_ERROR', info: { fields: { 'lines.0.quantity': 'Must be more than 0' } } },
          },
        ],
      }),
    );
    const error = (await portalCaller(
      '42',
      async () => 'tok',
    )('mutation { x }').catch((e: unknown) => e)) as PortalError;
    expect(error).toBeInstanceOf(PortalError);
    expect(error.message).toBe('lines.0.quantity: Must be more than 0');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields).toEqual({ 'lines.0.quantity': 'Must be more than 0' });
  });

  it('a refused or missing token asks for a new sign-in', async () => {
    vi.stubGlobal('fetch', answer(401, { message: 'Unauthorized' }));
    const signedOut = vi.fn();
    await expect(portalCaller('42', async () => 'old', signedOut)('{ a }')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(portalCaller('42', async () => null, signedOut)('{ a }')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(signedOut).toHaveBeenCalledTimes(2);
  });
});
