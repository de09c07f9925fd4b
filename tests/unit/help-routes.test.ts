// Which help article a screen opens (src/app/help/routeHelp.ts): a generated list, create or
// edit screen opens its schema file's `help` key; hand-written screens their own article; a
// screen with none opens the topics (null). Every key answered must be an article that exists.
import { describe, expect, it } from 'vitest';
import { entities as clientEntities } from '../../src/generated/clientEntities';
import type { EntityMeta } from '../../src/shared/meta';
import { helpKeyForPath } from '../../src/app/help/routeHelp';
import { loadLibrary } from '../../src/server/domain/help/library';

const entities = clientEntities as unknown as EntityMeta[];

describe('help article of a screen', () => {
  const cases: [string, string | null][] = [
    // generated screens: list, new, edit (schema/sales/customer.json: "help": "sales-customers")
    ['/sales/customers', 'sales-customers'],
    ['/sales/customers/new', 'sales-customers'],
    ['/sales/customers/123', 'sales-customers'],
    ['/production/tanks', 'equipment-tanks'],
    ['/purchasing/supppliers/9', 'purchasing-suppliers'],
    // hand-written screens
    ['/production/overview', 'production-overview'],
    ['/production/42/transfertotank', 'alcohol-vessel-actions'],
    ['/production/tanks/7/proof', 'alcohol-vessel-actions'],
    ['/inventory/casks/addempty', 'inventory-casks'],
    ['/inventory/productsreconciliation/new', 'inventory-reconciliation'],
    ['/reports/excisespirits', 'excise-returns'],
    ['/reports', 'reports'],
    ['/settings', 'settings-distillery'],
    ['/settings/4', 'settings-sites'],
    // no article: the topics
    ['/dashboard', null],
    ['/userinfo', null],
  ];
  it.each(cases)('%s → %s', (path, key) => {
    expect(helpKeyForPath(path, entities)).toBe(key);
  });

  it('answers only articles that exist, in both languages', () => {
    const library = loadLibrary();
    for (const [path] of cases) {
      const key = helpKeyForPath(path, entities);
      if (key) {
        expect(library.en.articleById.has(key), `${path}: ${key}`).toBe(true);
        expect(library.fr.articleById.has(key), `${path}: ${key}`).toBe(true);
      }
    }
  });
});
