// Issue 13, purchasing: a purchase order made in the screens, received in part with the order's
// Receive button (which makes the receipt and opens it), and the item's quantity on hand after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, signIn } from './browser';
import { chooseExact } from './forms';
import { accessToken, api, openCompany } from './session';

describe('purchasing', () => {
  let browser: Browser;
  let page: Page;
  let token = '';
  let companyId = '';
  const stamp = Date.now().toString(36);
  const names = { supplier: `Glass Works ${stamp}`, item: `Flint bottle ${stamp}`, order: `PO-${stamp}` };
  let itemId = '';
  const path = () => new URL(page.url()).pathname;
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

  beforeAll(async () => {
    browser = await launch();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, 'demo@example.com', 'distill-demo', '/dashboard');
    token = await accessToken(page);
    const { companies } = await api<{ companies: { id: string; name: string }[] }>(
      token,
      null,
      '{ companies { id name } }',
    );
    companyId = companies.find((c) => c.name === 'Northern Lights Distillery')!.id;
    await openCompany(page, companyId);
    await api(token, companyId, 'mutation($input: SupplierInput!) { supplierCreate(input: $input) { id } }', {
      input: { name: names.supplier },
    });
    const { itemCreate } = await api<{ itemCreate: { id: string } }>(
      token,
      companyId,
      'mutation($input: ItemInput!) { itemCreate(input: $input) { id } }',
      { input: { name: names.item, type: 'Inventory', trackUnits: 'units' } },
    );
    itemId = itemCreate.id;
  });
  afterAll(() => browser?.close());

  it('orders 10 bottles, receives 4 with Receive, and the item then holds 4', async () => {
    await page.goto(`${BASE_URL}/purchasing/purchaseorders/new`);
    await page
      .getByLabel(/^Number/)
      .first()
      .fill(names.order);
    await chooseExact(page, /^Supplier/, names.supplier);
    await page
      .getByRole('textbox', { name: /^Order date/ })
      .first()
      .fill('2026-05-01');
    await page.keyboard.press('Tab');
    await chooseExact(page, /^Status/, 'Sent');
    const lines = page.locator('.ra-input-lines').first();
    await lines.getByRole('button', { name: /^Add$/ }).last().click();
    const line = lines.locator('.RaSimpleFormIterator-line').first();
    await line.waitFor();
    await chooseExact(line, /^Item/, names.item);
    await line.getByLabel(/^Quantity/).fill('10');
    await line.getByLabel(/^Unit cost/).fill('2');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await poll(path).toBe('/purchasing/purchaseorders');

    const { purchaseOrders2 } = await api<{ purchaseOrders2: { edges: { node: { id: string; number: string } }[] } }>(
      token,
      companyId,
      'query($q: String) { purchaseOrders2(first: 5, parameters: { search: $q }) { edges { node { id number } } } }',
      { q: names.order },
    );
    const order = purchaseOrders2.edges.map((e) => e.node).find((n) => n.number === names.order)!;
    expect(order).toBeTruthy();

    // Receive makes the receipt of the 10 not yet received and opens it
    await page.goto(`${BASE_URL}/purchasing/purchaseorders/${order.id}`);
    await page.getByTestId('purchase-order-receive').click();
    await poll(path).toMatch(/^\/purchasing\/inventoryreceipts\/\d+$/);
    const receiptLine = page.locator('.ra-input-lines').first().locator('.RaSimpleFormIterator-line').first();
    await poll(() => receiptLine.getByLabel(/^Quantity/).inputValue()).toBe('10.000');
    // only 4 came: the receipt says so, typed as soon as the receipt shows (the form must not
    // reset under the person's typing once it has opened)
    await receiptLine.getByLabel(/^Quantity/).fill('4');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await poll(path).toBe('/purchasing/inventoryreceipts');

    const { item } = await api<{ item: { onHand: { quantity: number; value: number } } }>(
      token,
      companyId,
      'query($id: ID!) { item(id: $id) { onHand { quantity value } } }',
      { id: itemId },
    );
    // 4 bottles at $2.00 = $8.00
    expect(item.onHand).toEqual({ quantity: 4, value: 8 });
    const { purchaseOrder } = await api<{
      purchaseOrder: { status: string; lines: { receivedQuantity: number }[] };
    }>(token, companyId, 'query($id: ID!) { purchaseOrder(id: $id) { status lines { receivedQuantity } } }', {
      id: order.id,
    });
    expect(purchaseOrder).toEqual({ status: 'PartiallyReceived', lines: [{ receivedQuantity: 4 }] });

    // the item's screen shows the 4 on hand
    await page.goto(`${BASE_URL}/inventory/items/${itemId}`);
    await poll(() => page.locator('body').innerText()).toMatch(/On hand[\s\S]*\b4\b/);
  });
});
