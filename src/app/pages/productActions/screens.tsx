// The one chunk of the inventory screens (product and item actions, transactions lists): the
// three page folders share it, so the first page load carries one dynamic import, not three.
import { useLocation } from 'react-router-dom';
import { StockActionPage } from './StockActionPage';
import { StockTransactionsPage } from '../stockTransactions/StockTransactionsPage';

export function InventoryScreen() {
  const { pathname } = useLocation();
  return pathname.endsWith('/transactions') ? <StockTransactionsPage /> : <StockActionPage />;
}
