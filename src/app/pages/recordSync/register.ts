// The sync panel's texts join the app's messages when its chunk loads (import for its effect).
import { registerMessages } from '../../i18n/provider';
import { recordSyncMessages } from './messages';

registerMessages(recordSyncMessages);
