// The sales flow texts join the app's messages when its buttons load, not in the first page load.
import { registerMessages } from '../../i18n/provider';
import { salesFlowMessages } from './messages';

registerMessages(salesFlowMessages);
