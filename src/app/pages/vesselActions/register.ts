// The vessel texts join the app's messages when a screen that shows them loads (the action
// page, the vessel lists' columns and panels, the dashboard's tank levels), not in the first
// page load: import this module for its effect from each of them.
import { registerMessages } from '../../i18n/provider';
import { vesselActionMessages } from './messages';

registerMessages(vesselActionMessages);
