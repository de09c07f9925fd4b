// The inventory transactions list of a product, an item or a bundle (its components), or of
// every product or item (spec 2.3), with the excise lists' features: filters (dates, site, lot,
// status, category), newest first, pages by cursor, totals over everything the filters select,
// running balances of one product or item, reversed rows on demand, CSV export. Value columns
// show only with the `values` permission. A row opens the action that posted it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Loading, Title, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { holdsValues } from '../../access';
import { useCurrentCompany, useServices } from '../../services';
import { downloadFile } from '../../data/download';
import { formatNumber } from '../../widgets/numberRules';
import { submissionErrors, useGraphQL } from '../settings/api';
import { stockActionPathForRefType } from '../productActions/actions';
import { OnHandSummary } from '../productActions/OnHand';
import { fill } from '../productActions/text';
import { useTransactionsText } from './text';
import { showDay } from '../../widgets/dateDisplay';

type ListKind = 'Product' | 'Item' | 'Bundle';

interface Row {
  id: string;
  date: string;
  refType: string;
  refId: string;
  stockId: string;
  stockName: string | null;
  siteName: string | null;
  lot: string | null;
  status: 'InBond' | 'DutyPaid' | null;
  category: string;
  description: string | null;
  comments: string | null;
  quantity: number;
  laa: number;
  value: number | null;
  userName: string | null;
  reversed: boolean;
  reversesId: string | null;
  quantityBalance: number | null;
  laaBalance: number | null;
  valueBalance: number | null;
}

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { node: Row }[];
  totals: { totalQuantity: number; totalLaa: number; totalValue: number | null; totalCount: number };
}

const NODE = `id date refType refId stockId stockName siteName lot status category description comments quantity laa value userName reversed reversesId quantityBalance laaBalance valueBalance`;
const LIST = `query StockTransactions($stockKind: StockListKind!, $id: ID, $first: Int, $after: String, $last: Int, $before: String,
  $filters: [Filter!], $parameters: TransactionListParameters) {
  stockTransactions(stockKind: $stockKind, id: $id, first: $first, after: $after, last: $last, before: $before,
    filters: $filters, parameters: $parameters) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { node { ${NODE} } } totals { totalQuantity totalLaa totalValue totalCount } } }`;
const EXPORT = `query StockTransactionsExport($stockKind: StockListKind!, $id: ID, $filters: [Filter!], $parameters: TransactionListParameters) {
  stockTransactionsExportCSV(stockKind: $stockKind, id: $id, filters: $filters, parameters: $parameters) }`;
const NAME = (kind: ListKind) =>
  `query StockName($id: ID!) { ${kind === 'Product' ? 'product' : kind === 'Item' ? 'item' : 'bundle'}(id: $id) { id name } }`;
const SITES = `query StockSites { sites2(first: 250) { edges { node { id name } } } }`;

const PAGE_SIZE = 50;
const CATEGORIES = [
  'Initial',
  'Produced',
  'Consumed',
  'Received',
  'Sold',
  'Returned',
  'Adjusted',
  'Reduced',
  'TransferredSite',
  'TransferredLot',
  'DeliveredInBond',
  'Exported',
  'MovedToDutyPaid',
  'MovedToInBond',
  'ReturnedToTank',
  'Unpacked',
  'Converted',
  'Reconciled',
];

interface Filters {
  from: string;
  to: string;
  siteId: string;
  lot: string;
  status: string;
  category: string;
  includeReversed: boolean;
}
const NO_FILTERS: Filters = { from: '', to: '', siteId: '', lot: '', status: '', category: '', includeReversed: false };

function filterArgs(f: Filters) {
  const filters: { field: string; comparator: string; value: string }[] = [];
  if (f.from) filters.push({ field: 'date', comparator: 'ge', value: f.from });
  if (f.to) filters.push({ field: 'date', comparator: 'le', value: f.to });
  if (f.siteId) filters.push({ field: 'siteId', comparator: 'eq', value: f.siteId });
  if (f.lot) filters.push({ field: 'lot', comparator: 'eq', value: f.lot });
  if (f.status) filters.push({ field: 'status', comparator: 'eq', value: f.status });
  if (f.category) filters.push({ field: 'category', comparator: 'eq', value: f.category });
  return { filters, parameters: { includeReversed: f.includeReversed } };
}

const qty = (n: number | null) => (n === null ? '' : formatNumber(n, Number.isInteger(n) ? 0 : 3));
const money = (n: number | null) => (n === null ? '' : formatNumber(n, 2));

export function StockTransactionsPage() {
  const params = useParams();
  const location = useLocation();
  const kind: ListKind = location.pathname.startsWith('/inventory/bundles')
    ? 'Bundle'
    : location.pathname.startsWith('/inventory/items')
      ? 'Item'
      : 'Product';
  const id = params.productId ?? params.itemId ?? params.bundleId ?? null;
  return <TransactionsList key={`${kind}-${id}`} kind={kind} id={id} />;
}

function TransactionsList({ kind, id }: { kind: ListKind; id: string | null }) {
  const text = useTransactionsText();
  const call = useGraphQL();
  const notify = useNotify();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const values = holdsValues(company);
  const [name, setName] = useState<string | null>(null);
  const [sites, setSites] = useState<{ id: string; name: string }[]>([]);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursor, setCursor] = useState<{ after?: string; before?: string }>({});
  const [page, setPage] = useState<Page | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    call<Record<string, { name: string } | null>>(NAME(kind), { id }).then(
      (d) => setName(Object.values(d)[0]?.name ?? null),
      () => setName(null),
    );
  }, [call, kind, id]);
  useEffect(() => {
    call<{ sites2: { edges: { node: { id: string; name: string } }[] } }>(SITES).then(
      (d) => setSites((d.sites2?.edges ?? []).map((e) => e.node)),
      () => setSites([]),
    );
  }, [call]);

  const args = useMemo(() => ({ stockKind: kind, id, ...filterArgs(filters) }), [kind, id, filters]);
  const load = useCallback(() => {
    let live = true;
    setError(null);
    call<{ stockTransactions: Page }>(LIST, {
      ...args,
      ...(cursor.before ? { last: PAGE_SIZE, before: cursor.before } : { first: PAGE_SIZE, after: cursor.after }),
    }).then(
      (d) => live && setPage(d.stockTransactions),
      (e: unknown) => {
        if (!live) return;
        setPage(null);
        setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [call, args, cursor]);
  useEffect(() => load(), [load]);

  const setFilter = (patch: Partial<Filters>) => {
    setCursor({});
    setFilters((f) => ({ ...f, ...patch }));
  };

  const exportCsv = async () => {
    try {
      const d = await call<{ stockTransactionsExportCSV: string }>(EXPORT, args);
      await downloadFile(d.stockTransactionsExportCSV, authFetch, `${name ?? kind.toLowerCase()}-transactions.csv`);
    } catch (e) {
      submissionErrors(e, (m) => notify(m, { type: 'error' }));
    }
  };

  const title = name ? fill(text.titleOf, { name }) : text.title[kind];
  const many = kind === 'Bundle' || !id;
  const balances = !!page?.edges.some((e) => e.node.quantityBalance !== null);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {title}
          </Typography>
          {id && kind !== 'Bundle' ? <OnHandSummary kind={kind} id={id} /> : null}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              my: 1,
              '& > .MuiFormControl-root': { width: { xs: '100%', sm: 170 }, m: 0 },
            }}
          >
            <TextField
              type="date"
              size="small"
              label={text.from}
              value={filters.from}
              onChange={(e) => setFilter({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={text.to}
              value={filters.to}
              onChange={(e) => setFilter({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              size="small"
              label={text.site}
              value={filters.siteId}
              onChange={(e) => setFilter({ siteId: e.target.value })}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="">{text.all}</MenuItem>
              {sites.map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={text.lot}
              value={filters.lot}
              onChange={(e) => setFilter({ lot: e.target.value })}
            />
            {kind !== 'Item' ? (
              <TextField
                select
                size="small"
                label={text.status}
                value={filters.status}
                onChange={(e) => setFilter({ status: e.target.value })}
                sx={{ minWidth: 130 }}
              >
                <MenuItem value="">{text.all}</MenuItem>
                <MenuItem value="InBond">{text.statuses.InBond}</MenuItem>
                <MenuItem value="DutyPaid">{text.statuses.DutyPaid}</MenuItem>
              </TextField>
            ) : null}
            <TextField
              select
              size="small"
              label={text.category}
              value={filters.category}
              onChange={(e) => setFilter({ category: e.target.value })}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{text.all}</MenuItem>
              {CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {text.categories[c as keyof typeof text.categories] ?? c}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={
                <Switch
                  checked={filters.includeReversed}
                  onChange={(e) => setFilter({ includeReversed: e.target.checked })}
                />
              }
              label={text.includeReversed}
            />
            <Button startIcon={<DownloadIcon />} onClick={exportCsv}>
              {text.export}
            </Button>
          </Box>
          {error ? <Alert severity="error">{error}</Alert> : null}
          {page === undefined ? <Loading /> : null}
          {page ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={title} data-testid="stock-transactions">
                <TableHead>
                  <TableRow>
                    <TableCell>{text.date}</TableCell>
                    <TableCell>{text.category}</TableCell>
                    <TableCell>{text.description}</TableCell>
                    {many ? <TableCell>{text.stock}</TableCell> : null}
                    <TableCell>{text.site}</TableCell>
                    <TableCell>{text.lot}</TableCell>
                    {kind !== 'Item' ? <TableCell>{text.status}</TableCell> : null}
                    <TableCell align="right">{text.quantity}</TableCell>
                    {kind !== 'Item' ? <TableCell align="right">{text.laa}</TableCell> : null}
                    {values ? <TableCell align="right">{text.value}</TableCell> : null}
                    {balances ? <TableCell align="right">{text.balance}</TableCell> : null}
                    {balances && kind !== 'Item' ? <TableCell align="right">{text.laaBalance}</TableCell> : null}
                    <TableCell>{text.user}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.edges.map(({ node: r }) => {
                    const open = stockActionPathForRefType(r.refType, r.stockId, r.refId);
                    return (
                      <TableRow
                        key={r.id}
                        data-testid="stock-transaction"
                        sx={r.reversed || r.reversesId ? { textDecoration: 'line-through', opacity: 0.7 } : undefined}
                      >
                        <TableCell>
                          {open ? (
                            <RouterLink to={open} title={text.open}>
                              {showDay(r.date)}
                            </RouterLink>
                          ) : (
                            showDay(r.date)
                          )}
                        </TableCell>
                        <TableCell>
                          {text.categories[r.category as keyof typeof text.categories] ?? r.category}
                        </TableCell>
                        <TableCell>
                          {r.description}
                          {r.comments ? (
                            <Typography variant="caption" display="block" color="text.secondary">
                              {r.comments}
                            </Typography>
                          ) : null}
                        </TableCell>
                        {many ? <TableCell>{r.stockName}</TableCell> : null}
                        <TableCell>{r.siteName}</TableCell>
                        <TableCell>{r.lot}</TableCell>
                        {kind !== 'Item' ? <TableCell>{r.status ? text.statuses[r.status] : ''}</TableCell> : null}
                        <TableCell align="right" data-testid="stock-transaction-quantity">
                          {qty(r.quantity)}
                        </TableCell>
                        {kind !== 'Item' ? <TableCell align="right">{formatNumber(r.laa, 3)}</TableCell> : null}
                        {values ? <TableCell align="right">{money(r.value)}</TableCell> : null}
                        {balances ? <TableCell align="right">{qty(r.quantityBalance)}</TableCell> : null}
                        {balances && kind !== 'Item' ? (
                          <TableCell align="right">
                            {r.laaBalance === null ? '' : formatNumber(r.laaBalance, 3)}
                          </TableCell>
                        ) : null}
                        <TableCell>{r.userName}</TableCell>
                      </TableRow>
                    );
                  })}
                  {!page.edges.length ? (
                    <TableRow>
                      <TableCell colSpan={12}>{text.empty}</TableCell>
                    </TableRow>
                  ) : null}
                </TableBody>
                <TableFooter>
                  <TableRow data-testid="stock-transactions-totals">
                    <TableCell colSpan={many ? 4 : 3}>{fill(text.totals, { count: page.totals.totalCount })}</TableCell>
                    <TableCell colSpan={kind !== 'Item' ? 3 : 2} />
                    <TableCell align="right">{qty(page.totals.totalQuantity)}</TableCell>
                    {kind !== 'Item' ? (
                      <TableCell align="right">{formatNumber(page.totals.totalLaa, 3)}</TableCell>
                    ) : null}
                    {values ? <TableCell align="right">{money(page.totals.totalValue)}</TableCell> : null}
                    <TableCell colSpan={balances ? 3 : 1} />
                  </TableRow>
                </TableFooter>
              </Table>
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
                <Button
                  disabled={!page.pageInfo.hasPreviousPage || !page.pageInfo.startCursor}
                  onClick={() => setCursor({ before: page.pageInfo.startCursor! })}
                >
                  {text.previous}
                </Button>
                <Button
                  disabled={!page.pageInfo.hasNextPage || !page.pageInfo.endCursor}
                  onClick={() => setCursor({ after: page.pageInfo.endCursor! })}
                >
                  {text.next}
                </Button>
              </Box>
            </Box>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
