// Ordering from the products the company shows in its portal, at their price: quantities, the
// customer's PO, a required date and notes; Place order answers the new sales order's number.
import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Loaded, usePortal, useQuery } from './context';
import { PLACE_ORDER, PRODUCTS, type Product } from './queries';
import { emptyDraft, placeServerFields, prepareOrder, type OrderDraft } from './orderForm';
import { PortalError } from './api';

const PO_MAX = 40;
const NOTES_MAX = 2000;

interface Problems {
  byProduct: Record<string, string>;
  byField: Record<string, string>;
}

function OrderForm({ products, onPlaced }: { products: Product[]; onPlaced: (number: string) => void }) {
  const { texts, call } = usePortal();
  const [draft, setDraft] = useState<OrderDraft>(emptyDraft);
  const [problems, setProblems] = useState<Problems>({ byProduct: {}, byField: {} });
  const [busy, setBusy] = useState(false);
  const prepared = prepareOrder(draft, products);
  const currency = products[0]?.currency ?? 'CAD';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const byProduct = Object.fromEntries(prepared.badLines.map((id) => [id, texts.t('badQuantity')]));
    if (!prepared.input) {
      setProblems({ byProduct, byField: prepared.badLines.length ? {} : { form: texts.t('needLine') } });
      return;
    }
    setBusy(true);
    setProblems({ byProduct: {}, byField: {} });
    try {
      const { portalPlaceOrder } = await call<{ portalPlaceOrder: { id: string; number: string } }>(PLACE_ORDER, {
        input: prepared.input,
      });
      setDraft(emptyDraft());
      onPlaced(portalPlaceOrder.number);
    } catch (error) {
      const e = error as PortalError;
      const placed = placeServerFields(e.fields ?? {}, prepared.lineProducts);
      if (!Object.keys(e.fields ?? {}).length) placed.byField.form = e.message;
      setProblems(placed);
    } finally {
      setBusy(false);
    }
  };

  const setQuantity = (id: string, value: string) =>
    setDraft((d) => ({ ...d, quantities: { ...d.quantities, [id]: value } }));

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={texts.t('orderHeading')}>
      <Table size="small" aria-label={texts.t('orderHeading')}>
        <TableHead>
          <TableRow>
            <TableCell>{texts.t('product')}</TableCell>
            <TableCell>{texts.t('sku')}</TableCell>
            <TableCell align="right">{texts.t('price')}</TableCell>
            <TableCell>{texts.t('quantity')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} data-product={p.id}>
              <TableCell>
                <Typography fontWeight={500}>{p.name}</Typography>
                {p.description && (
                  <Typography variant="body2" color="text.secondary">
                    {p.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{p.sku}</TableCell>
              <TableCell align="right">
                {p.price == null ? texts.t('noPrice') : texts.money(p.price, p.currency)}
              </TableCell>
              <TableCell sx={{ width: 180 }}>
                <TextField
                  size="small"
                  value={draft.quantities[p.id] ?? ''}
                  onChange={(e) => setQuantity(p.id, e.target.value)}
                  error={!!problems.byProduct[p.id]}
                  helperText={problems.byProduct[p.id]}
                  // the column heading shows "Quantity"; the input's own name says of what
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      maxLength: 20,
                      'aria-label': texts.t('quantityOf', { name: p.name }),
                    },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography sx={{ my: 2 }} aria-live="polite">
        {texts.t('estimatedTotal')}:{' '}
        <strong data-figure="estimated-total">{texts.money(prepared.estimatedTotal ?? '0.00', currency)}</strong>
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={texts.t('customerPO')}
          value={draft.customerPO}
          onChange={(e) => setDraft({ ...draft, customerPO: e.target.value })}
          error={!!problems.byField.customerPO}
          helperText={problems.byField.customerPO}
          slotProps={{ htmlInput: { maxLength: PO_MAX } }}
        />
        <TextField
          type="date"
          label={texts.t('requiredDate')}
          value={draft.requiredDate}
          onChange={(e) => setDraft({ ...draft, requiredDate: e.target.value })}
          error={!!problems.byField.requiredDate}
          helperText={problems.byField.requiredDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <TextField
        label={texts.t('notes')}
        value={draft.notes}
        onChange={(e) => setDraft({ ...draft, notes: e.target.value })}
        error={!!problems.byField.notes}
        helperText={problems.byField.notes}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: NOTES_MAX } }}
        sx={{ mb: 2 }}
      />
      {problems.byField.form && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problems.byField.form}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? texts.t('placing') : texts.t('placeOrder')}
      </Button>
    </Box>
  );
}

function Confirmation({
  number,
  onAnother,
  ordersShown,
}: {
  number: string;
  onAnother: () => void;
  ordersShown: boolean;
}) {
  const { texts } = usePortal();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Alert severity="success" role="status">
      <Typography
        variant="h6"
        component="h3"
        tabIndex={-1}
        ref={(el: HTMLHeadingElement | null) => {
          // the confirmation takes the focus, so keyboard and screen-reader users land on it
          if (el && heading.current !== el) el.focus();
          heading.current = el;
        }}
      >
        {texts.t('orderPlaced', { number })}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {texts.t('orderPlacedText')}
        {/* the Orders tab only when the company shows it */}
        {ordersShown && ` ${texts.t('orderFollow')}`}
      </Typography>
      <Button variant="outlined" onClick={onAnother}>
        {texts.t('anotherOrder')}
      </Button>
    </Alert>
  );
}

export function OrderPanel({ ordersShown }: { ordersShown: boolean }) {
  const { texts } = usePortal();
  const products = useQuery<{ portalProducts: Product[] }>(PRODUCTS);
  const [placed, setPlaced] = useState<string | null>(null);
  if (placed) return <Confirmation number={placed} onAnother={() => setPlaced(null)} ordersShown={ordersShown} />;
  return (
    <Loaded loading={products}>
      {({ portalProducts }) =>
        portalProducts.length ? (
          <OrderForm products={portalProducts} onPlaced={setPlaced} />
        ) : (
          <Typography>{texts.t('noProducts')}</Typography>
        )
      }
    </Loaded>
  );
}
