// The excise vessel actions of spec 2.3 (initial, reduce and adjust inventory, reassign lot,
// transfers, deliveries to other licences, transfer site, denature, fortify wine; tank proof and
// fill cask; cask empty and set age; fermenter transfer and reduce): one page serving every
// action route, the form chosen by the path (actions.ts). Needs production.write or
// inventory.write. The contents columns, panels and action menus of the vessel screens are
// added through ../extensions.ts (./extensions.tsx).
import type { CustomPage } from '../registry';
import { lazyScreen } from '../../shell/chunks';
import { VESSEL_ACTION_PATHS } from './paths';

// Links to an action (actionPath, actionPathForRefType) come from './actions': import it from
// a screen's own chunk, not from here, which is part of the first page load.

export const vesselActionsPage: CustomPage = {
  paths: VESSEL_ACTION_PATHS,
  permissions: ['production.write', 'inventory.write'],
  component: lazyScreen(() => import('./VesselActionPage'), 'VesselActionPage'),
};
