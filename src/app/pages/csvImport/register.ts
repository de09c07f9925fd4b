// The wizard's texts join the app's messages with the list's Import button (import for its effect).
import { registerMessages } from '../../i18n/provider';
import { csvImportMessages } from './messages';

registerMessages(csvImportMessages);
