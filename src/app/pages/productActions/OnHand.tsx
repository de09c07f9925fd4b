// What a product or item holds now (its onHand: the total and each bucket by site, lot and,
// for products, in bond or duty paid), and the actions menu and transactions link of the
// product and item screens. Loaded lazily with those screens (extensions.tsx).
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button as RaButton, useListContext, type RaRecord } from 'react-admin';
import {
  Box,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { hasPermission } from '../../../shared/permissions';
import { useCurrentCompany } from '../../services';
import { formatNumber } from '../../widgets/numberRules';
import { useGraphQL } from '../settings/api';
import type { ExtensionProps } from '../extensions';
import { stockTransactionsPath } from '../stockTransactions/paths';
import { actionsOf, stockActionPath, type StockKind } from './actions';
import { useStockText } from './text';

interface Bucket {
  siteName: string | null;
  lot: string | null;
  status: 'InBond' | 'DutyPaid' | null;
  quantity: number;
  laa: number;
}

interface OnHand {
  quantity: number;
  laa: number;
  buckets: Bucket[];
}

const ON_HAND = (kind: StockKind) =>
  `query StockOnHand($id: ID!) { ${kind === 'Product' ? 'product' : 'item'}(id: $id) { id onHand { quantity laa buckets { siteName lot status quantity laa } } } }`;

/** Quantities read once per screen; posting elsewhere remounts the screen anyway. */
function useOnHand(kind: StockKind, id: string): OnHand | null | undefined {
  const call = useGraphQL();
  const [onHand, setOnHand] = useState<OnHand | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call<Record<string, { onHand: OnHand } | null>>(ON_HAND(kind), { id }).then(
      (d) => live && setOnHand(d[kind === 'Product' ? 'product' : 'item']?.onHand ?? null),
      () => live && setOnHand(null),
    );
    return () => {
      live = false;
    };
  }, [call, kind, id]);
  return onHand;
}

const qty = (n: number) => formatNumber(n, Number.isInteger(n) ? 0 : 3);

export function OnHandSummary({ kind, id }: { kind: StockKind; id: string }) {
  const text = useStockText();
  const onHand = useOnHand(kind, id);
  if (!onHand) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} data-testid="stock-on-hand">
      <Typography variant="subtitle2" component="h2">
        {text.onHand}: <span data-testid="stock-on-hand-total">{qty(onHand.quantity)}</span>
        {kind === 'Product' ? ` · ${formatNumber(onHand.laa, 3)} ${text.laa}` : ''}
      </Typography>
      {onHand.buckets.length ? (
        <Table size="small" aria-label={text.onHand}>
          <TableHead>
            <TableRow>
              <TableCell>{text.field.site}</TableCell>
              <TableCell>{text.field.lot}</TableCell>
              {kind === 'Product' ? <TableCell>{text.field.status}</TableCell> : null}
              <TableCell align="right">{text.field.quantity}</TableCell>
              {kind === 'Product' ? <TableCell align="right">{text.laa}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {onHand.buckets.map((b, i) => (
              <TableRow key={i} data-testid="stock-bucket">
                <TableCell>{b.siteName ?? text.noSite}</TableCell>
                <TableCell>{b.lot ?? ''}</TableCell>
                {kind === 'Product' ? <TableCell>{b.status ? text.status[b.status] : ''}</TableCell> : null}
                <TableCell align="right">{qty(b.quantity)}</TableCell>
                {kind === 'Product' ? <TableCell align="right">{formatNumber(b.laa, 3)}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {text.none}
        </Typography>
      )}
    </Paper>
  );
}

const kindOf = (entityName: string): StockKind | null =>
  entityName === 'product' ? 'Product' : entityName === 'item' ? 'Item' : null;

/** The edit screen's panel: what the product or item holds. */
export function OnHandPanel({ entity, record }: ExtensionProps) {
  const kind = kindOf(entity.name);
  if (!kind || record?.id === undefined || record?.id === null) return null;
  return (
    <Box sx={{ px: 2, pt: 1 }}>
      <OnHandSummary kind={kind} id={String(record.id)} />
    </Box>
  );
}

/** The edit screen's actions menu (inventory.write) and Transactions link. */
export function StockActionsMenu({ entity, record }: ExtensionProps) {
  const text = useStockText();
  const company = useCurrentCompany();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const kind = kindOf(entity.name);
  if (record?.id === undefined || record?.id === null) return null;
  const id = String(record.id);
  const transactions = (
    <RaButton
      component={RouterLink}
      to={stockTransactionsPath(kind === 'Item' ? 'item' : kind === 'Product' ? 'product' : 'bundle', id)}
      label={text.transactions}
    >
      <ReceiptLongIcon />
    </RaButton>
  );
  if (!kind || !company || !hasPermission(company.permissions, 'inventory.write')) return transactions;
  return (
    <>
      {transactions}
      <RaButton
        label={text.actions}
        aria-haspopup="menu"
        aria-controls={anchor ? 'stock-actions-menu' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon />
      </RaButton>
      <Menu id="stock-actions-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actionsOf(kind).map((a) => (
          <MenuItem key={a.key} component={RouterLink} to={stockActionPath(a, id)} onClick={() => setAnchor(null)}>
            {text.action[a.key]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

// ---------------------------------------------------------------- list column

const PAGE_ON_HAND = `query StockOnHandOfPage($ids: [ID!]) { stockOnHand(ids: $ids) { stockId quantity } }`;
const cache = new Map<string, { at: number; promise: Promise<Map<string, number>> }>();
const FRESH_MS = 5_000;

/** Quantities on hand of a list page's products or items: one stockOnHand(ids) call per page. */
function usePageOnHand(record: RaRecord): Map<string, number> | null {
  const call = useGraphQL();
  const { data } = useListContext();
  const ids = useMemo(() => {
    const list = (data ?? []).map((r) => String(r.id));
    return list.includes(String(record.id)) ? list : [...list, String(record.id)];
  }, [data, record.id]);
  const key = ids.join(',');
  const [totals, setTotals] = useState<Map<string, number> | null>(null);
  useEffect(() => {
    let live = true;
    let hit = cache.get(key);
    if (!hit || Date.now() - hit.at > FRESH_MS) {
      const promise = call<{ stockOnHand: { stockId: string; quantity: number }[] }>(PAGE_ON_HAND, {
        ids: key.split(','),
      }).then((d) => {
        const sums = new Map<string, number>();
        for (const b of d.stockOnHand) sums.set(String(b.stockId), (sums.get(String(b.stockId)) ?? 0) + b.quantity);
        return sums;
      });
      hit = { at: Date.now(), promise };
      cache.set(key, hit);
      promise.catch(() => cache.delete(key));
    }
    hit.promise.then(
      (m) => live && setTotals(m),
      () => live && setTotals(new Map()),
    );
    return () => {
      live = false;
    };
  }, [call, key]);
  return totals;
}

/** A list row's quantity on hand (all sites, lots and statuses). */
export function OnHandCell({ record }: { record: RaRecord }) {
  const totals = usePageOnHand(record);
  if (!totals) return null;
  return (
    <span data-testid="stock-on-hand-cell">{qty(Math.round((totals.get(String(record.id)) ?? 0) * 1e6) / 1e6)}</span>
  );
}
