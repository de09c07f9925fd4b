// The cask texts join the app's messages when a cask screen or column loads, not in the first
// page load: import this module for its effect from each of them.
import { registerMessages } from '../../i18n/provider';
import { caskMessages } from './messages';

registerMessages(caskMessages);
