// The batch move screens (spec 2.3): the list of a kind's batch moves, and the editor: the move
// (to another site, or products to duty paid), its date and sites, and its lines. A scanner types
// a code and Enter into the scan field: the product or item whose UPC or SKU it is gets a line,
// or one more on its line. Posting sends every line at once: the server moves them in one
// transaction or refuses them all with the ledger's message. A posted move opens with its rows.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Loading, Title, useNotify } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { hasPermission } from '../../../shared/permissions';
import { holdsValues } from '../../access';
import { useCurrentCompany } from '../../services';
import { formatNumber } from '../../widgets/numberRules';
import { submissionErrors, useGraphQL } from '../settings/api';
import { batchEditPath, batchKindOfPath, batchListPath, batchNewPath, type BatchKind } from './paths';
import { fill, useBatchText } from './text';
import { showDay, todayInCompany } from '../../widgets/dateDisplay';

type MoveKind = 'TransferSite' | 'MoveToDutyPaid';
type Status = 'InBond' | 'DutyPaid';

interface Line {
  stockId: string;
  stockName: string | null;
  lot: string;
  quantity: string;
}

interface Row {
  id: string;
  date: string;
  stockName: string | null;
  siteName: string | null;
  lot: string | null;
  status: Status | null;
  description: string | null;
  quantity: number;
  laa: number;
  value: number | null;
  reversed: boolean;
  reversesId: string | null;
}

interface Doc {
  id: string;
  kind: BatchKind;
  move: MoveKind;
  date: string;
  siteId: string | null;
  siteName: string | null;
  toSiteId: string | null;
  toSiteName: string | null;
  comments: string | null;
  active: boolean;
  userName: string | null;
  lineCount: number;
  totalQuantity: number;
  lines: { stockId: string; stockName: string | null; lot: string | null; status: Status | null; quantity: number }[];
  transactions?: Row[];
}

const DOC = `id kind move date siteId siteName toSiteId toSiteName comments active userName lineCount totalQuantity
  lines { stockId stockName lot status quantity }`;
const GET = `query BatchMove($id: ID!) { batchMove(id: $id) { ${DOC}
  transactions { id date stockName siteName lot status description quantity laa value reversed reversesId } } }`;
const LIST = `query BatchMoves($kind: BatchKind!, $first: Int, $offset: Int) {
  batchMoves(kind: $kind, first: $first, offset: $offset) { totalCount nodes { ${DOC} } } }`;
const SAVE = `mutation SaveBatchMove($input: BatchMoveInput!) { batchMoveSave(input: $input) { id lineCount } }`;
const DELETE = `mutation DeleteBatchMove($id: ID!) { batchMoveDelete(id: $id) { id } }`;
const BY_CODE = `query StockByCode($kind: BatchKind!, $code: String!) { stockByCode(kind: $kind, code: $code) { id name } }`;
const SITES = `query BatchSites { sites2(first: 250) { edges { node { id name } } } }`;
const SEARCH = (kind: BatchKind) =>
  `query BatchSearch($q: String) { ${kind === 'Products' ? 'products2' : 'items2'}(first: 20, parameters: { search: $q }) {
    edges { node { id name sku } } } }`;

const today = todayInCompany;

function useMayWrite() {
  const company = useCurrentCompany();
  return hasPermission(company?.permissions ?? [], 'inventory.write');
}

export function BatchMoveScreen() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const kind = batchKindOfPath(pathname);
  if (id) return <Loader key={pathname} kind={kind} id={id} />;
  if (pathname.endsWith('/new')) return <Editor key={pathname} kind={kind} doc={null} />;
  return <BatchList key={pathname} kind={kind} />;
}

function BatchList({ kind }: { kind: BatchKind }) {
  const call = useGraphQL();
  const text = useBatchText();
  const navigate = useNavigate();
  const mayWrite = useMayWrite();
  const [data, setData] = useState<{ totalCount: number; nodes: Doc[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call<{ batchMoves: { totalCount: number; nodes: Doc[] } }>(LIST, { kind, first: 100 }).then(
      (d) => live && setData(d.batchMoves),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [call, kind]);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={text.title[kind]} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {text.title[kind]}
        </Typography>
        {mayWrite && (
          <Button variant="contained" component={RouterLink} to={batchNewPath(kind)}>
            {text.newMove}
          </Button>
        )}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Loading />}
      {data && (
        <Card>
          <Table size="small" aria-label={text.title[kind]}>
            <TableHead>
              <TableRow>
                <TableCell>{text.field.date}</TableCell>
                <TableCell>{text.field.move}</TableCell>
                <TableCell>{text.field.site}</TableCell>
                <TableCell>{text.field.toSite}</TableCell>
                <TableCell align="right">{text.field.lines}</TableCell>
                <TableCell align="right">{text.field.total}</TableCell>
                <TableCell>{text.field.user}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.nodes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{text.noMoves}</TableCell>
                </TableRow>
              )}
              {data.nodes.map((d) => (
                <TableRow
                  key={d.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(batchEditPath(kind, d.id))}
                >
                  <TableCell>{showDay(d.date)}</TableCell>
                  <TableCell>{text.move[d.move]}</TableCell>
                  <TableCell>{d.siteName}</TableCell>
                  <TableCell>{d.toSiteName}</TableCell>
                  <TableCell align="right">{d.lineCount}</TableCell>
                  <TableCell align="right">
                    {formatNumber(d.totalQuantity, Number.isInteger(d.totalQuantity) ? 0 : 3)}
                  </TableCell>
                  <TableCell>{d.userName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}

function Loader({ kind, id }: { kind: BatchKind; id: string }) {
  const call = useGraphQL();
  const text = useBatchText();
  const [doc, setDoc] = useState<Doc | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    call<{ batchMove: Doc | null }>(GET, { id }).then(
      (d) => live && setDoc(d.batchMove && d.batchMove.kind === kind ? d.batchMove : null),
      () => live && setDoc(null),
    );
    return () => {
      live = false;
    };
  }, [call, id, kind]);
  if (doc === undefined) return <Loading />;
  if (!doc)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  return <Editor kind={kind} doc={doc} />;
}

function Editor({ kind, doc }: { kind: BatchKind; doc: Doc | null }) {
  const call = useGraphQL();
  const text = useBatchText();
  const notify = useNotify();
  const navigate = useNavigate();
  const company = useCurrentCompany();
  const values = holdsValues(company);
  const mayWrite = useMayWrite() && (!doc || doc.active);
  const [move, setMove] = useState<MoveKind>(doc?.move ?? 'TransferSite');
  const [date, setDate] = useState(doc?.date ?? today());
  const [siteId, setSiteId] = useState(doc?.siteId ?? '');
  const [toSiteId, setToSiteId] = useState(doc?.toSiteId ?? '');
  const [status, setStatus] = useState<Status>(doc?.lines[0]?.status ?? 'InBond');
  const [comments, setComments] = useState(doc?.comments ?? '');
  const [lines, setLines] = useState<Line[]>(
    (doc?.lines ?? []).map((l) => ({
      stockId: l.stockId,
      stockName: l.stockName,
      lot: l.lot ?? '',
      quantity: String(l.quantity),
    })),
  );
  const [sites, setSites] = useState<{ id: string; name: string }[]>([]);
  const [code, setCode] = useState('');
  const [options, setOptions] = useState<{ id: string; name: string; sku: string | null }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const scanRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    let live = true;
    call<{ sites2: { edges: { node: { id: string; name: string } }[] } }>(SITES).then(
      (d) => live && setSites(d.sites2.edges.map((e) => e.node)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [call]);

  /** One more of it: on its line (same product or item, no lot typed yet) or on a new line. */
  const addOne = useCallback((stock: { id: string; name: string }) => {
    setLines((all) => {
      const at = all.findIndex((l) => l.stockId === stock.id && l.lot === '');
      if (at < 0) return [...all, { stockId: stock.id, stockName: stock.name, lot: '', quantity: '1' }];
      return all.map((l, i) => (i === at ? { ...l, quantity: String((Number(l.quantity) || 0) + 1) } : l));
    });
  }, []);

  const onScanKey = async (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const scanned = code.trim();
    if (!scanned) return;
    setCode('');
    try {
      const r = await call<{ stockByCode: { id: string; name: string } | null }>(BY_CODE, { kind, code: scanned });
      if (r.stockByCode) addOne(r.stockByCode);
      else notify(fill(text.notFoundCode, { code: scanned }), { type: 'warning' });
    } catch (err) {
      submissionErrors(err, (m) => notify(m, { type: 'error' }));
    }
    scanRef.current?.focus();
  };

  const search = useCallback(
    async (q: string) => {
      try {
        const r = await call<Record<string, { edges: { node: { id: string; name: string; sku: string | null } }[] }>>(
          SEARCH(kind),
          { q: q || null },
        );
        setOptions(Object.values(r)[0].edges.map((e) => e.node));
      } catch {
        setOptions([]);
      }
    },
    [call, kind],
  );

  const save = async () => {
    setBusy(true);
    setErrors({});
    const input = {
      ...(doc ? { id: doc.id } : {}),
      kind,
      move,
      date,
      siteId: siteId || null,
      toSiteId: move === 'TransferSite' ? toSiteId || null : null,
      comments: comments || null,
      lines: lines.map((l) => ({
        stockId: l.stockId,
        lot: l.lot.trim() || null,
        ...(kind === 'Products' ? { status: move === 'MoveToDutyPaid' ? 'InBond' : status } : {}),
        quantity: Number(l.quantity),
      })),
    };
    try {
      const r = await call<{ batchMoveSave: { id: string; lineCount: number } }>(SAVE, { input });
      notify(fill(text.saved, { n: r.batchMoveSave.lineCount }), { type: 'success' });
      navigate(batchEditPath(kind, r.batchMoveSave.id));
    } catch (e) {
      setErrors(submissionErrors(e, (m) => notify(m, { type: 'error' })) ?? {});
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!doc || !window.confirm(text.deleteConfirm)) return;
    try {
      await call(DELETE, { id: doc.id });
      notify(text.deleted, { type: 'info' });
      navigate(batchListPath(kind));
    } catch (e) {
      submissionErrors(e, (m) => notify(m, { type: 'error' }));
    }
  };

  const lineError = (i: number) =>
    errors[`lines.${i}.quantity`] ?? errors[`lines.${i}.stockId`] ?? errors[`lines.${i}.lot`];
  const otherErrors = Object.entries(errors).filter(
    ([k]) => !k.startsWith('lines.') && !['date', 'siteId', 'toSiteId', 'move'].includes(k),
  );
  const rows = (doc?.transactions ?? []).filter((t) => !t.reversed && !t.reversesId);

  return (
    <Box sx={{ p: 2 }}>
      <Title title={text.title[kind]} />
      {doc && !doc.active && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text.deletedBanner}
        </Alert>
      )}
      {!useMayWrite() && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text.readOnly}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {kind === 'Products' && (
            <TextField
              select
              label={text.field.move}
              size="small"
              value={move}
              onChange={(e) => setMove(e.target.value as MoveKind)}
              sx={{ minWidth: 200 }}
              disabled={!mayWrite}
              error={!!errors.move}
              helperText={errors.move}
            >
              <MenuItem value="TransferSite">{text.move.TransferSite}</MenuItem>
              <MenuItem value="MoveToDutyPaid">{text.move.MoveToDutyPaid}</MenuItem>
            </TextField>
          )}
          <TextField
            label={text.field.date}
            type="date"
            size="small"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={!mayWrite}
            error={!!errors.date}
            helperText={errors.date}
          />
          <TextField
            select
            label={text.field.site}
            size="small"
            value={siteId}
            onChange={(e) => setSiteId(e.target.value)}
            sx={{ minWidth: 180 }}
            disabled={!mayWrite}
            error={!!errors.siteId}
            helperText={errors.siteId}
          >
            <MenuItem value="">{text.field.none}</MenuItem>
            {sites.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          {move === 'TransferSite' && (
            <TextField
              select
              label={text.field.toSite}
              size="small"
              value={toSiteId}
              onChange={(e) => setToSiteId(e.target.value)}
              sx={{ minWidth: 180 }}
              disabled={!mayWrite}
              error={!!errors.toSiteId}
              helperText={errors.toSiteId}
            >
              {sites.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          {kind === 'Products' && move === 'TransferSite' && (
            <TextField
              select
              label={text.field.status}
              size="small"
              value={status}
              onChange={(e) => setStatus(e.target.value as Status)}
              sx={{ minWidth: 150 }}
              disabled={!mayWrite}
            >
              <MenuItem value="InBond">{text.status.InBond}</MenuItem>
              <MenuItem value="DutyPaid">{text.status.DutyPaid}</MenuItem>
            </TextField>
          )}
        </CardContent>
      </Card>
      {mayWrite && (
        <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <TextField
            label={text.scan}
            size="small"
            value={code}
            autoFocus
            inputRef={scanRef}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => void onScanKey(e as KeyboardEvent<HTMLInputElement>)}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'batch-scan', autoComplete: 'off' } }}
          />
          <Autocomplete
            options={options}
            getOptionLabel={(o) => (o.sku ? `${o.name} (${o.sku})` : o.name)}
            onOpen={() => void search('')}
            onInputChange={(_, v, reason) => reason === 'input' && void search(v)}
            onChange={(_, v) => v && addOne(v)}
            value={null}
            filterOptions={(x) => x}
            sx={{ minWidth: 320 }}
            renderInput={(params) => <TextField {...params} size="small" label={text.add} />}
          />
        </Box>
      )}
      {otherErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {otherErrors.map(([k, m]) => `${k}: ${m}`).join('; ')}
        </Alert>
      )}
      {errors.lines && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.lines}
        </Alert>
      )}
      <Card>
        <Table size="small" aria-label={text.field.lines}>
          <TableHead>
            <TableRow>
              <TableCell>{text.field.name}</TableCell>
              <TableCell>{text.field.lot}</TableCell>
              <TableCell>{text.field.quantity}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{text.noLines}</TableCell>
              </TableRow>
            )}
            {lines.map((l, i) => (
              <TableRow key={`${l.stockId}-${i}`}>
                <TableCell>{l.stockName ?? l.stockId}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={l.lot}
                    onChange={(e) =>
                      setLines((all) => all.map((x, j) => (j === i ? { ...x, lot: e.target.value } : x)))
                    }
                    disabled={!mayWrite}
                    slotProps={{ htmlInput: { 'aria-label': `${text.field.lot} ${l.stockName ?? ''}` } }}
                    sx={{ width: 140 }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    type="number"
                    value={l.quantity}
                    onChange={(e) =>
                      setLines((all) => all.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))
                    }
                    error={!!lineError(i)}
                    helperText={lineError(i)}
                    disabled={!mayWrite}
                    slotProps={{
                      htmlInput: { 'aria-label': `${text.field.quantity} ${l.stockName ?? ''}`, step: 'any', min: 0 },
                    }}
                    sx={{ width: 130 }}
                  />
                </TableCell>
                <TableCell>
                  {mayWrite && (
                    <IconButton
                      aria-label={text.remove}
                      onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={text.field.comments}
          size="small"
          value={comments}
          onChange={(e) => setComments(e.target.value)}
          sx={{ flex: 1, minWidth: 240 }}
          disabled={!mayWrite}
        />
        {mayWrite && (
          <Button variant="contained" onClick={() => void save()} disabled={busy || lines.length === 0}>
            {text.save}
          </Button>
        )}
        {doc && mayWrite && (
          <Button color="error" onClick={() => void remove()}>
            {text.delete}
          </Button>
        )}
        <Button component={RouterLink} to={batchListPath(kind)}>
          {text.back}
        </Button>
      </Box>
      {rows.length > 0 && (
        <Card sx={{ mt: 2 }}>
          <Typography variant="subtitle1" sx={{ p: 1 }}>
            {text.transactions}
          </Typography>
          <Table size="small" aria-label={text.transactions}>
            <TableHead>
              <TableRow>
                <TableCell>{text.field.date}</TableCell>
                <TableCell>{text.field.name}</TableCell>
                <TableCell>{text.field.site}</TableCell>
                <TableCell>{text.field.lot}</TableCell>
                <TableCell>{text.field.status}</TableCell>
                <TableCell>{text.field.description}</TableCell>
                <TableCell align="right">{text.field.quantity}</TableCell>
                <TableCell align="right">{text.field.laa}</TableCell>
                {values && <TableCell align="right">{text.field.value}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>{showDay(t.date)}</TableCell>
                  <TableCell>{t.stockName}</TableCell>
                  <TableCell>{t.siteName}</TableCell>
                  <TableCell>{t.lot}</TableCell>
                  <TableCell>{t.status ? text.status[t.status] : ''}</TableCell>
                  <TableCell>{t.description}</TableCell>
                  <TableCell align="right">{formatNumber(t.quantity, Number.isInteger(t.quantity) ? 0 : 6)}</TableCell>
                  <TableCell align="right">{formatNumber(t.laa, 3)}</TableCell>
                  {values && <TableCell align="right">{t.value === null ? '' : formatNumber(t.value, 2)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}
