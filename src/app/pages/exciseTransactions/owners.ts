// The objects that have an excise transactions list (spec 2.3): the vessels (tank, fermenter,
// cask, bulk container) and the alcohol records (spirit, wine, non-excise). Each list sits at
// `<edit path>/transactions`. Pure and import-free, so the page registry, the links on the
// edit screens and the tests can read it without loading the screen.

export type OwnerKind = 'tank' | 'fermenter' | 'cask' | 'bulkContainer' | 'spirit' | 'wine' | 'nonExcise';

export interface TransactionsOwner {
  /** the entity name (schema file), also the GraphQL get field: `tank(id)` */
  kind: OwnerKind;
  /** the :param of the object's id in its paths */
  idParam: string;
  /** the list's path pattern */
  path: string;
  /** a vessel lists the alcohol of each row; an alcohol record lists the vessel */
  vessel: boolean;
  /** GraphQL type name, for the vessel types of spec 3 */
  typeName: 'Tank' | 'Fermenter' | 'Cask' | 'BulkContainer' | 'Spirit' | 'Wine' | 'NonExcise';
  /** the field that names the object (a cask has a number) */
  titleField: string;
  /** the company feature the object needs */
  feature?: string;
}

export const TRANSACTIONS_OWNERS: readonly TransactionsOwner[] = [
  {
    kind: 'tank',
    idParam: 'tankId',
    path: '/production/tanks/:tankId/transactions',
    vessel: true,
    typeName: 'Tank',
    titleField: 'name',
  },
  {
    kind: 'fermenter',
    idParam: 'fermenterId',
    path: '/production/fermenters/:fermenterId/transactions',
    vessel: true,
    typeName: 'Fermenter',
    titleField: 'name',
  },
  {
    kind: 'cask',
    idParam: 'caskId',
    path: '/inventory/casks/:caskId/transactions',
    vessel: true,
    typeName: 'Cask',
    titleField: 'number',
  },
  {
    kind: 'bulkContainer',
    idParam: 'bulkContainerId',
    path: '/inventory/bulkcontainers/:bulkContainerId/transactions',
    vessel: true,
    typeName: 'BulkContainer',
    titleField: 'name',
  },
  {
    kind: 'spirit',
    idParam: 'spiritId',
    path: '/spirits/:spiritId/transactions',
    vessel: false,
    typeName: 'Spirit',
    titleField: 'name',
  },
  {
    kind: 'wine',
    idParam: 'wineId',
    path: '/wine/:wineId/transactions',
    vessel: false,
    typeName: 'Wine',
    titleField: 'name',
    feature: 'allowWine',
  },
  {
    kind: 'nonExcise',
    idParam: 'nonExciseId',
    path: '/nonexcises/:nonExciseId/transactions',
    vessel: false,
    typeName: 'NonExcise',
    titleField: 'name',
  },
];

export const TRANSACTIONS_PATHS = TRANSACTIONS_OWNERS.map((o) => o.path);

export const ownerOf = (kind: string): TransactionsOwner | undefined =>
  TRANSACTIONS_OWNERS.find((o) => o.kind === kind);

/** The owner a route's params name (`{ tankId: '12' }` -> tank 12). */
export function ownerFromParams(
  params: Readonly<Record<string, string | undefined>>,
): { owner: TransactionsOwner; id: string } | null {
  for (const owner of TRANSACTIONS_OWNERS) {
    const id = params[owner.idParam];
    if (id) return { owner, id };
  }
  return null;
}

/** `/production/tanks/12/transactions`, or null for an entity without a transactions list. */
export function transactionsPathFor(kind: string, id: string | number): string | null {
  const owner = ownerOf(kind);
  return owner ? owner.path.replace(`:${owner.idParam}`, encodeURIComponent(String(id))) : null;
}
