// The customer's orders, shipments and invoices, most recent first (the server's order).
import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  type TableCellProps,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Loaded, usePortal, useQuery } from './context';
import { INVOICES, ORDERS, SHIPMENTS, type Invoice, type Line, type Order, type Shipment } from './queries';
import type { TextKey, Texts } from './i18n';

interface Column<T> {
  label: TextKey;
  cell: (row: T) => ReactNode;
  align?: TableCellProps['align'];
}

function DataTable<T extends { id: string }>({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
}) {
  const { texts } = usePortal();
  if (!rows.length) return <Typography>{texts.t('none')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {texts.t(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const linesText = (lines: Line[], texts: Texts) =>
  lines
    .map((l) => `${l.product ?? l.description ?? ''}${l.quantity == null ? '' : ` × ${texts.number(l.quantity)}`}`)
    .join('; ');

export function OrdersPanel() {
  const { texts } = usePortal();
  const orders = useQuery<{ portalOrders: Order[] }>(ORDERS);
  return (
    <Loaded loading={orders}>
      {({ portalOrders }) => (
        <DataTable
          caption={texts.t('ordersHeading')}
          rows={portalOrders}
          columns={[
            { label: 'number', cell: (o) => o.number },
            { label: 'date', cell: (o) => texts.date(o.date) },
            { label: 'requiredDate', cell: (o) => texts.date(o.requiredDate) },
            { label: 'customerPO', cell: (o) => o.customerPO },
            { label: 'status', cell: (o) => texts.status(o.status) },
            { label: 'lines', cell: (o) => linesText(o.lines, texts) },
            { label: 'total', cell: (o) => texts.money(o.total, o.currency), align: 'right' },
          ]}
        />
      )}
    </Loaded>
  );
}

export function ShipmentsPanel() {
  const { texts } = usePortal();
  const shipments = useQuery<{ portalShipments: Shipment[] }>(SHIPMENTS);
  return (
    <Loaded loading={shipments}>
      {({ portalShipments }) => (
        <DataTable
          caption={texts.t('shipmentsHeading')}
          rows={portalShipments}
          columns={[
            { label: 'number', cell: (s) => s.number },
            { label: 'date', cell: (s) => texts.date(s.date) },
            { label: 'status', cell: (s) => texts.status(s.status) },
            { label: 'salesOrder', cell: (s) => s.salesOrderNumber },
            { label: 'carrier', cell: (s) => s.carrier },
            { label: 'tracking', cell: (s) => s.trackingNumber },
            { label: 'lines', cell: (s) => linesText(s.lines, texts) },
          ]}
        />
      )}
    </Loaded>
  );
}

export function InvoicesPanel() {
  const { texts } = usePortal();
  const invoices = useQuery<{ portalInvoices: Invoice[] }>(INVOICES);
  return (
    <Loaded loading={invoices}>
      {({ portalInvoices }) => (
        <DataTable
          caption={texts.t('invoicesHeading')}
          rows={portalInvoices}
          columns={[
            { label: 'number', cell: (i) => i.number },
            { label: 'date', cell: (i) => texts.date(i.date) },
            { label: 'dueDate', cell: (i) => texts.date(i.dueDate) },
            { label: 'status', cell: (i) => texts.status(i.status) },
            { label: 'total', cell: (i) => texts.money(i.total, i.currency), align: 'right' },
            { label: 'paid', cell: (i) => texts.money(i.amountPaid, i.currency), align: 'right' },
            { label: 'balance', cell: (i) => texts.money(i.balance, i.currency), align: 'right' },
          ]}
        />
      )}
    </Loaded>
  );
}
