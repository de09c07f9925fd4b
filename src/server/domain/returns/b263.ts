// B263, Excise Duty Return, Licensed User (EDM10-1-4): bulk spirits held at a site under a
// user's licence for specified uses. The reference names the return and what it covers, not
// its lines: the app keeps it as the same inventory account as the B266 (keys and categories),
// with no duty section (the special duty on imported spirits falls on the supplier's B266).
import { B266 } from './b266';
import type { FormDef } from './forms';

export const B263: FormDef = {
  ...B266,
  form: 'B263',
  licenceColumn: 'user_license',
  flagColumn: 'b263',
  label: 'B263 Licensed user',
  duty: [],
};
