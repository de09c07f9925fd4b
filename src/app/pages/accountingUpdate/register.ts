// The dialog's texts join the app's messages when its chunk loads (import for its effect).
import { registerMessages } from '../../i18n/provider';
import { accountingUpdateMessages } from './messages';

registerMessages(accountingUpdateMessages);
