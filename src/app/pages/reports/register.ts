// The reports screens' texts join the app's messages when the catalogue or the viewer loads
// (both import this), not in the first page load.
import { registerMessages } from '../../i18n/provider';
import { reportsMessages } from './messages';

registerMessages(reportsMessages);
