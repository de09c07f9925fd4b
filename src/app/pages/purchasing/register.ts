// The purchasing texts join the app's messages when the Receive button's chunk loads: import
// this module for its effect.
import { registerMessages } from '../../i18n/provider';
import { purchasingMessages } from './messages';

registerMessages(purchasingMessages);
