// The transaction list texts join the app's messages when a screen that shows them loads (the
// transactions page, the 'Transactions' links of vessel and alcohol screens, the audit log), not
// in the first page load: import this module for its effect from each of them.
import { registerMessages } from '../../i18n/provider';
import { transactionsMessages } from './messages';

registerMessages(transactionsMessages);
