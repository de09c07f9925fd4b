// The print texts join the app's messages when the print chunk loads (import for its effect).
import { registerMessages } from '../../i18n/provider';
import { documentPrintMessages } from './messages';

registerMessages(documentPrintMessages);
