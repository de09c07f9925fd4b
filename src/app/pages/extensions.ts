// The extension point of the generated list and edit screens (DESIGN.md 9: "a generated screen
// is replaced or extended through an override map keyed by entity name"). A page folder that
// adds something to the screens of an entity exports `[entityName, EntityExtension]` pairs and
// they are listed in CONTRIBUTIONS below, the only place that wires them; GenericList and
// GenericEdit read `extensionsOf(entity.name)` and never name an entity themselves.
//
// What an extension may add:
//   listColumns  extra DataTable columns (DataTable.Col elements), shown after the metadata's
//                columns; give each a `source` (the column picker keys on it) and `disableSort`
//                unless the API sorts on it.
//   rowActions   rendered in a last column of every row (a menu, a link). The row opens the
//                record on click: stop the click's propagation inside the component.
//   editActions  rendered in the edit screen's top toolbar (a menu, a 'Transactions' link).
//   editPanels   rendered above the edit form (what a vessel holds, balances).
//   formPanels   rendered inside the edit and create forms, after the inputs: may read the form's
//                live values (react-hook-form useWatch), e.g. a document's totals as lines change.
//   createDefaults  starting values of a new record from the create route's query string (a
//                production screen prefilled from its recipe); the form waits for them.
// Components get `{ entity, record }`. Several contributions to one entity add up, in list order.
// This module is read by the generic screens' chunks, not the first page load: keep
// contributions light and load their components lazily (shell/chunks.ts lazyScreen), so a list
// of customers does not carry the code of a tank's panel.
import type { ComponentType, ReactElement } from 'react';
import type { DataProvider, RaRecord } from 'react-admin';
import type { EntityMeta } from '../../shared/meta';
import { vesselExtensions } from './vesselActions/extensions';
import { transactionsExtensions } from './exciseTransactions/extensions';
import { draftExtensions } from './productionDrafts/extensions';
import { printSheetExtensions } from './printSheets/extensions';
import { stockExtensions } from './productActions/extensions';
import { caskExtensions } from './casks/extensions';
import { purchasingExtensions } from './purchasing/extensions';
import { documentPrintExtensions } from './documentPrints/extensions';
import { customerExtensions } from './customers/extensions';
import { documentTotalsExtensions } from './documentTotals/extensions';
import { salesFlowExtensions } from './salesFlow/extensions';
import { recurringExtensions } from './recurring/extensions';
import { maintenanceExtensions } from './maintenance/extensions';
import { accountingUpdateExtensions } from './accountingUpdate/extensions';
import { recordSyncExtensions } from './recordSync/extensions';

export interface ExtensionProps {
  entity: EntityMeta;
  record: RaRecord;
}

export interface ListColumnContext {
  entity: EntityMeta;
  translate: (key: string, options?: Record<string, unknown>) => string;
}

/** What createDefaults gets: the query string and the data layer. */
export interface CreateContext {
  search: URLSearchParams;
  dataProvider: DataProvider;
  entityByName: Record<string, EntityMeta>;
  /** the authorized fetch of the app's own GraphQL calls (shell/gql.ts gqlCall) */
  authFetch: typeof fetch;
}

export interface EntityExtension {
  createDefaults?: (ctx: CreateContext) => Promise<Record<string, unknown> | null>;
  listColumns?: (ctx: ListColumnContext) => ReactElement[];
  rowActions?: ComponentType<ExtensionProps>;
  editActions?: ComponentType<ExtensionProps>;
  editPanels?: ComponentType<ExtensionProps>;
  formPanels?: ComponentType<ExtensionProps>;
}

export type ExtensionContribution = readonly [entityName: string, extension: EntityExtension];

const CONTRIBUTIONS: readonly ExtensionContribution[] = [
  ...vesselExtensions,
  ...transactionsExtensions,
  ...draftExtensions,
  ...stockExtensions,
  ...printSheetExtensions,
  ...caskExtensions,
  ...purchasingExtensions,
  ...documentPrintExtensions,
  ...customerExtensions,
  ...documentTotalsExtensions,
  ...salesFlowExtensions,
  ...recurringExtensions,
  ...maintenanceExtensions,
  ...accountingUpdateExtensions,
  ...recordSyncExtensions,
];

/** The extensions of an entity's screens, in contribution order (empty for most entities). */
export function extensionsOf(
  entityName: string,
  contributions: readonly ExtensionContribution[] = CONTRIBUTIONS,
): EntityExtension[] {
  return contributions.filter(([name]) => name === entityName).map(([, extension]) => extension);
}

/** Whether an entity's screens have anything of this kind. */
export const hasExtension = (extensions: readonly EntityExtension[], kind: keyof EntityExtension): boolean =>
  extensions.some((e) => e[kind] !== undefined);
