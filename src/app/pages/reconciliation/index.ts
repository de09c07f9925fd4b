// Reconciliations of spec 2.3 (InventoryProductsReconcile, InventoryItemsReconcile and the
// vessel reconciliation under /production): a count sheet prefilled with book quantities at a
// date, the counts entered, the differences posted in one transaction, the reconciliation
// re-opened to view its transactions; printable physical inventory worksheets. Reading needs
// inventory (or production for vessels); posting is checked again by the screen and the API.
// Kept tiny: this module is part of the first page load; the screens and texts are one chunk.
import { createElement } from 'react';
import { Navigate } from 'react-router-dom';
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import {
  ITEMS_RECONCILIATION_PATHS,
  PRODUCTS_RECONCILIATION_PATHS,
  VESSEL_RECONCILIATION_PATHS,
  listPath,
} from './paths';

const ReconciliationScreen = lazyScreen(() => import('./screens'), 'ReconciliationScreen');

export const productsReconciliationPage: CustomPage = {
  name: 'InventoryProductsReconcile',
  paths: PRODUCTS_RECONCILIATION_PATHS,
  permissions: ['inventory.read'],
  component: ReconciliationScreen,
};

export const itemsReconciliationPage: CustomPage = {
  name: 'InventoryItemsReconcile',
  paths: ITEMS_RECONCILIATION_PATHS,
  permissions: ['inventory.read'],
  component: ReconciliationScreen,
};

export const vesselReconciliationPage: CustomPage = {
  paths: VESSEL_RECONCILIATION_PATHS,
  permissions: ['production.read', 'inventory.read'],
  component: ReconciliationScreen,
};

/** The menu's entry (ProductionVesselReconcile): a named route needs a path without a parameter,
 * so /production/vesselreconcile opens the tanks' counts, whose screen links the other types. */
export const vesselReconciliationMenuPage: CustomPage = {
  name: 'ProductionVesselReconcile',
  paths: ['/production/vesselreconcile'],
  permissions: ['production.read', 'inventory.read'],
  component: function VesselReconciliationStart() {
    return createElement(Navigate, { to: listPath('Vessels', 'Tank'), replace: true });
  },
};
