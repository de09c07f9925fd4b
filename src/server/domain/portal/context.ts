// Who a portal request acts for: the person signed in and the one customer of one company their
// accepted link names (access.ts chooseCustomer). Built by the portal endpoint after the link is
// checked; every portal read and write takes the customer from here, never from arguments.
import type { Db } from '../../db/connect';

export interface PortalContext {
  db: Db;
  userId: string;
  companyId: string;
  customerId: string;
}
