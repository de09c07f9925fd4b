// The page's texts join the app's messages when its chunk loads (import for its effect), not
// with the shell: the first-load bundle is at its budget.
import { registerMessages } from '../../i18n/provider';
import { portalSetupMessages } from './messages';

registerMessages(portalSetupMessages);
