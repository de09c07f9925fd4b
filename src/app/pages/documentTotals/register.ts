// The totals panel's texts join the app's messages when its chunk loads (import for its effect).
import { registerMessages } from '../../i18n/provider';
import { documentTotalsMessages } from './messages';

registerMessages(documentTotalsMessages);
