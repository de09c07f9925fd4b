// The sales reports' runners by catalogue name (src/shared/reports/catalogue/sales.ts).
import type { ReportRunner } from '../runners';
import { salesByCustomer } from './byCustomer';
import { salesByCustomerItem, salesByItem, salesDetailsByCustomer, salesDetailsByItem } from './lines';
import { salesRepsDetails, salesRepsSummary } from './reps';
import { salesUndelivered } from './undelivered';

export const salesRunners: Record<string, ReportRunner> = {
  SalesByItem: salesByItem,
  SalesByCustomer: salesByCustomer,
  SalesDetailsByItem: salesDetailsByItem,
  SalesDetailsByCustomer: salesDetailsByCustomer,
  SalesByCustomerItem: salesByCustomerItem,
  SalesUndelivered: salesUndelivered,
  SalesRepsSummary: salesRepsSummary,
  SalesRepsDetails: salesRepsDetails,
};
