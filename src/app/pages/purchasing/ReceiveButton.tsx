// The purchase order edit screen's "Receive" button: the server makes an inventory receipt of
// what the order has not yet received (inventoryReceiptFromPurchaseOrder) and the receipt
// opens. Shown only to people who may write receipts (buying.write) on an order still open.
import './register';
import { useState } from 'react';
import { Button as RaButton, useNotify, useTranslate } from 'react-admin';
import MoveToInboxIcon from '@mui/icons-material/MoveToInbox';
import { useCurrentCompany, useServices } from '../../services';
import { canWrite } from '../../access';
import { gqlCall } from '../../shell/gql';
import { editPathFor } from '../../routing/paths';
import type { ExtensionProps } from '../extensions';
import { useOpenAtOnce } from '../../widgets/openAtOnce';

const RECEIVE = `mutation InventoryReceiptFromPurchaseOrder($id: ID!) {
  inventoryReceiptFromPurchaseOrder(purchaseOrderId: $id) { id number }
}`;

/** An order closed or cancelled by a person takes no more receipts. */
const CLOSED = new Set(['Closed', 'Cancelled']);

export function ReceiveButton({ record }: ExtensionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  // the receipt replaces the order's screen at once (widgets/openAtOnce.ts says why)
  const openAtOnce = useOpenAtOnce();
  const company = useCurrentCompany();
  const { authFetch, entityByName } = useServices();
  const [busy, setBusy] = useState(false);
  const receipt = entityByName.inventoryReceipt;
  if (!record?.id || !receipt || !canWrite(receipt, company) || CLOSED.has(String(record.status))) return null;

  const onClick = async () => {
    setBusy(true);
    try {
      const data = await gqlCall<{ inventoryReceiptFromPurchaseOrder: { id: string; number: string } }>(
        authFetch,
        RECEIVE,
        { id: String(record.id) },
        { silent: true },
      );
      const made = data.inventoryReceiptFromPurchaseOrder;
      notify(translate('purchasing.received', { number: made.number }), { type: 'success' });
      const path = editPathFor(receipt, made);
      if (path) openAtOnce(path);
    } catch (error) {
      // the server's message says why (everything received, the order cancelled…)
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RaButton
      label={translate('purchasing.receive')}
      title={translate('purchasing.receive_hint')}
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy}
      data-testid="purchase-order-receive"
    >
      <MoveToInboxIcon />
    </RaButton>
  );
}
