// The sign-up texts join the app's messages when the page's chunk loads, not in the first load.
import { registerMessages } from '../../i18n/provider';
import { signupMessages } from './messages';

registerMessages(signupMessages);
