// Square's catalogue is matched by SKU (tests/standins/square.ts): a Square item whose two
// variations carry the SKUs of two products here can be linked to one of them only. The second
// is refused in words that say what to change, and the job goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestApi } from './harness';
import { type SquareStandIn } from '../standins/square';
import { pointOfSaleCompany, squareCalls, startSquareApi, type Co, type SquareRig } from './support/square';
import { appSyncLog } from './support/syncLog';

describe.each(backends)('Square: one item for two products, on %s', (backend) => {
  let rig: SquareRig;
  let api: TestApi;
  let square: SquareStandIn;
  let co: Co;

  const sq = squareCalls(
    () => rig,
    () => co,
  );
  const logs = () => appSyncLog(api, co.companyId, 'square', ['entity_type', 'status', 'last_error']);

  beforeAll(async () => {
    rig = await startSquareApi(backend);
    ({ api, square } = rig);
    co = await pointOfSaleCompany(api);
    const tastingRoom = await co.create('customer', { name: 'Tasting room sales' });
    await sq.product('Gin 750', 'GIN-750', 39.95);
    await sq.product('Gin 375', 'GIN-375', 21.95);
    // the seller's own item "Gin" with both sizes as its variations
    const large = square.addVariation('Gin', 'GIN-750', 3995);
    square.addVariationTo(large, '375 mL', 'GIN-375', 2195);
    await sq.connect();
    await sq.setup(co.site, 'L1TASTINGROOM', tastingRoom);
  });
  afterAll(async () => {
    await rig?.close();
  });

  it('links the item to one product and says of the other what to change in Square', async () => {
    await sq.sync();
    await sq.push();
    expect(await logs()).toEqual([
      {
        entity_type: 'squareCatalog',
        status: 'failed',
        last_error:
          'Square item found by the SKU of "Gin 375" is already linked to another product here: in Square, give each product its own item',
      },
      // the day and the changes since still go
      { entity_type: 'squareChanges', status: 'succeeded', last_error: null },
      { entity_type: 'squareDay', status: 'succeeded', last_error: null },
    ]);
  });
});
