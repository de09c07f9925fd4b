// The reconciliation screens (spec 2.3): the list of a kind's counts, the count sheet (new or
// edit: book quantities at a date from the ledgers, the counts entered, the differences shown
// and posted in one transaction) and a reconciliation's transactions. The printed worksheet
// (window.print) lists every line with its book quantity and an empty Counted column; the
// screen's other parts are left out of the print.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
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
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { hasAny } from '../../../shared/permissions';
import { holdsValues } from '../../access';
import { useCurrentCompany } from '../../services';
import { formatNumber } from '../../widgets/numberRules';
import { submissionErrors, useGraphQL } from '../settings/api';
import { editPath, listPath, newPath, screenOf, transactionsPath, type CountKind, type VesselType } from './paths';
import { fill, useCountText, type CountTexts } from './text';
import { showDay, todayInCompany } from '../../widgets/dateDisplay';

export interface CountLine {
  stockId: string | null;
  stockName: string | null;
  sku: string | null;
  units: string | null;
  siteId: string | null;
  siteName: string | null;
  lot: string | null;
  status: 'InBond' | 'DutyPaid' | null;
  vesselId: string | null;
  vesselName: string | null;
  alcoholName: string | null;
  bookQuantity: number;
  bookLaa: number;
  bookStrength: number | null;
  counted: number | null;
  countedStrength: number | null;
  difference: number | null;
  differenceLaa: number | null;
}

interface Doc {
  id: string;
  kind: CountKind;
  vesselType: VesselType | null;
  date: string;
  siteId: string | null;
  siteName: string | null;
  comments: string | null;
  active: boolean;
  userName: string | null;
  lineCount: number;
  differenceCount: number;
  lines: CountLine[];
}

interface Row {
  id: string;
  date: string;
  stockName: string | null;
  siteName: string | null;
  lot: string | null;
  status: string | null;
  category: string;
  description: string | null;
  quantity: number;
  laa: number;
  value: number | null;
  reversed: boolean;
  reversesId: string | null;
}

interface ExciseRow {
  id: string;
  date: string;
  excise: string;
  vesselName: string | null;
  alcoholName: string | null;
  lot: string | null;
  description: string | null;
  volume: number;
  laa: number;
  strength: number | null;
  reversed: boolean;
  reversesId: string | null;
}

const LINE = `stockId stockName sku units siteId siteName lot status vesselId vesselName alcoholName bookQuantity bookLaa
  bookStrength counted countedStrength difference differenceLaa`;
const DOC = `id kind vesselType date siteId siteName comments active userName lineCount differenceCount lines { ${LINE} }`;
const SHEET = `query CountSheet($kind: CountKind!, $date: String!, $siteId: ID, $vesselType: VesselType) {
  countSheet(kind: $kind, date: $date, siteId: $siteId, vesselType: $vesselType) { ${LINE} } }`;
const GET = `query Reconciliation($id: ID!) { reconciliation(id: $id) { ${DOC} } }`;
const ROWS = `query ReconciliationRows($id: ID!) { reconciliation(id: $id) { ${DOC}
  transactions { id date stockName siteName lot status category description quantity laa value reversed reversesId }
  exciseTransactions { id date excise vesselName alcoholName lot description volume laa strength reversed reversesId } } }`;
const LIST = `query Reconciliations($kind: CountKind!, $vesselType: VesselType, $first: Int, $offset: Int) {
  reconciliations(kind: $kind, vesselType: $vesselType, first: $first, offset: $offset) {
    totalCount nodes { id date siteName comments active userName lineCount differenceCount } } }`;
const SITES = `query CountSites { sites2(first: 250) { edges { node { id name } } } }`;
const SAVE = (kind: CountKind) =>
  `mutation SaveReconciliation($input: ReconciliationInput!) { ${kind === 'Vessels' ? 'vesselReconciliationSave' : 'reconciliationSave'}(input: $input) { id differenceCount } }`;
const DELETE = `mutation DeleteReconciliation($id: ID!) { reconciliationDelete(id: $id) { id } }`;

const today = todayInCompany;
const qty = (n: number | null | undefined, precision = 3) =>
  n === null || n === undefined ? '' : formatNumber(n, Number.isInteger(n) ? 0 : precision);

/** Print only the element marked .count-print: the drawer, bars and buttons stay on screen. */
const PRINT_CSS = `
.count-print { display: none; }
@media print {
  body * { visibility: hidden; }
  .count-print, .count-print * { visibility: visible; }
  .count-print { display: block; position: absolute; left: 0; top: 0; width: 100%; }
  .count-print table { border-collapse: collapse; width: 100%; font-size: 10pt; }
  .count-print th, .count-print td { border: 1px solid #999; padding: 4px 6px; text-align: left; }
  .count-print thead { display: table-header-group; }
  .count-print tr { break-inside: avoid; }
  .count-print .blank { min-width: 90px; }
}`;
const printStyles = <style>{PRINT_CSS}</style>;

function useMayWrite(kind: CountKind) {
  const company = useCurrentCompany();
  return hasAny(
    company?.permissions ?? [],
    kind === 'Vessels' ? ['production.write', 'inventory.write'] : ['inventory.write'],
  );
}

function titleOf(text: CountTexts, kind: CountKind, vesselType: VesselType | null) {
  return kind === 'Vessels' && vesselType ? `${text.title.Vessels}: ${text.vesselType[vesselType]}` : text.title[kind];
}

export function ReconciliationScreen() {
  const { pathname } = useLocation();
  const params = useParams();
  const s = screenOf(pathname, params);
  const text = useCountText();
  if (s.kind === 'Vessels' && s.screen !== 'transactions' && !s.vesselType)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  if (s.screen === 'transactions') return <TransactionsView key={pathname} kind={s.kind} id={s.id!} />;
  if (s.screen === 'sheet') return <SheetLoader key={pathname} kind={s.kind} vesselType={s.vesselType} id={s.id} />;
  return <ReconciliationList key={pathname} kind={s.kind} vesselType={s.vesselType} />;
}

// ------------------------------------------------------------------------------------ list

const VESSEL_TYPES: VesselType[] = ['Tank', 'Cask', 'BulkContainer', 'Fermenter'];

/** The vessel counts of each type, one link each (the menu opens the tanks'). */
function VesselTypeLinks({ current }: { current: VesselType | null }) {
  const text = useCountText();
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }} component="nav" aria-label={text.title.Vessels}>
      {VESSEL_TYPES.map((t) => (
        <Button
          key={t}
          size="small"
          variant={t === current ? 'contained' : 'outlined'}
          component={RouterLink}
          to={listPath('Vessels', t)}
          aria-current={t === current ? 'page' : undefined}
        >
          {text.vesselType[t]}
        </Button>
      ))}
    </Box>
  );
}

function ReconciliationList({ kind, vesselType }: { kind: CountKind; vesselType: VesselType | null }) {
  const call = useGraphQL();
  const text = useCountText();
  const navigate = useNavigate();
  const mayWrite = useMayWrite(kind);
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ totalCount: number; nodes: Doc[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call<{ reconciliations: { totalCount: number; nodes: Doc[] } }>(LIST, {
      kind,
      vesselType,
      first: 50,
      offset: page * 50,
    }).then(
      (d) => live && setData(d.reconciliations),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [call, kind, vesselType, page]);
  const title = titleOf(text, kind, vesselType);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {mayWrite && (
          <Button variant="contained" component={RouterLink} to={newPath(kind, vesselType)}>
            {text.newCount}
          </Button>
        )}
      </Box>
      {kind === 'Vessels' && <VesselTypeLinks current={vesselType} />}
      {error && <Alert severity="error">{error}</Alert>}
      {!data && !error && <Loading />}
      {data && (
        <Card>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{text.field.date}</TableCell>
                <TableCell>{text.field.site}</TableCell>
                <TableCell align="right">{text.field.lines}</TableCell>
                <TableCell align="right">{text.field.differences}</TableCell>
                <TableCell>{text.field.user}</TableCell>
                <TableCell>{text.field.comments}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.nodes.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{text.noReconciliations}</TableCell>
                </TableRow>
              )}
              {data.nodes.map((d) => (
                <TableRow
                  key={d.id}
                  hover
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(editPath(kind, d.id, vesselType))}
                >
                  <TableCell>{showDay(d.date)}</TableCell>
                  <TableCell>{d.siteName ?? text.field.allSites}</TableCell>
                  <TableCell align="right">{d.lineCount}</TableCell>
                  <TableCell align="right">{d.differenceCount}</TableCell>
                  <TableCell>{d.userName}</TableCell>
                  <TableCell>{d.comments}</TableCell>
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    <Button size="small" component={RouterLink} to={transactionsPath(kind, d.id)}>
                      {text.transactions}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.totalCount > 50 && (
            <Box sx={{ display: 'flex', gap: 1, p: 1, justifyContent: 'flex-end' }}>
              <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
                ‹
              </Button>
              <Button disabled={(page + 1) * 50 >= data.totalCount} onClick={() => setPage(page + 1)}>
                ›
              </Button>
            </Box>
          )}
        </Card>
      )}
    </Box>
  );
}

// ------------------------------------------------------------------------------- the sheet

function SheetLoader({ kind, vesselType, id }: { kind: CountKind; vesselType: VesselType | null; id: string | null }) {
  const call = useGraphQL();
  const text = useCountText();
  const [doc, setDoc] = useState<Doc | null | 'missing' | undefined>(id ? undefined : null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    call<{ reconciliation: Doc | null }>(GET, { id }).then(
      (d) => live && setDoc(d.reconciliation && d.reconciliation.kind === kind ? d.reconciliation : 'missing'),
      () => live && setDoc('missing'),
    );
    return () => {
      live = false;
    };
  }, [call, id, kind]);
  if (doc === undefined) return <Loading />;
  if (doc === 'missing')
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  return <CountSheet kind={kind} vesselType={doc?.vesselType ?? vesselType} doc={doc} />;
}

/** The counted value as typed: a number, or '' when not entered. */
type Entry = { counted: string; strength: string };

function CountSheet({ kind, vesselType, doc }: { kind: CountKind; vesselType: VesselType | null; doc: Doc | null }) {
  const call = useGraphQL();
  const text = useCountText();
  const notify = useNotify();
  const navigate = useNavigate();
  const mayWrite = useMayWrite(kind) && (!doc || doc.active);
  const vessels = kind === 'Vessels';
  const [date, setDate] = useState(doc?.date ?? today());
  const [siteId, setSiteId] = useState(doc?.siteId ?? '');
  const [comments, setComments] = useState(doc?.comments ?? '');
  const [sites, setSites] = useState<{ id: string; name: string }[]>([]);
  const [lines, setLines] = useState<CountLine[] | null>(doc?.lines ?? null);
  const [entries, setEntries] = useState<Entry[]>(
    (doc?.lines ?? []).map((l) => ({
      counted: l.counted === null ? '' : String(l.counted),
      strength: l.countedStrength === null ? '' : String(l.countedStrength),
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [onlyDiffering, setOnlyDiffering] = useState(false);
  const [busy, setBusy] = useState(false);
  // the date and site the book shown is for: counts typed against another book would post wrong differences
  const [loadedFor, setLoadedFor] = useState(doc ? `${doc.date}|${doc.siteId ?? ''}` : '');
  const stale = loadedFor !== `${date}|${siteId}`;

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

  const load = useCallback(async () => {
    setBusy(true);
    try {
      const d = await call<{ countSheet: CountLine[] }>(SHEET, {
        kind,
        date,
        siteId: siteId || null,
        vesselType: vessels ? vesselType : null,
      });
      setLines(d.countSheet);
      setLoadedFor(`${date}|${siteId}`);
      // each count starts at the book quantity: only what differs needs typing
      setEntries(
        d.countSheet.map((l) => ({
          counted: String(l.bookQuantity),
          strength: l.bookStrength === null ? '' : String(l.bookStrength),
        })),
      );
      setErrors({});
    } catch (e) {
      submissionErrors(e, (m) => notify(m, { type: 'error' }));
    } finally {
      setBusy(false);
    }
  }, [call, kind, date, siteId, vessels, vesselType, notify]);

  // a new count loads the book of today at once
  useEffect(() => {
    if (!doc) void load();
    // only on opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const differenceOf = (l: CountLine, e: Entry | undefined) => {
    if (!e || e.counted.trim() === '' || !Number.isFinite(Number(e.counted))) return null;
    return Math.round((Number(e.counted) - l.bookQuantity) * 1e6) / 1e6;
  };

  const save = async () => {
    if (!lines) return;
    setBusy(true);
    setErrors({});
    const input = {
      ...(doc ? { id: doc.id } : {}),
      kind,
      ...(vessels ? { vesselType } : {}),
      date,
      siteId: siteId || null,
      comments: comments || null,
      lines: lines.flatMap((l, i): Record<string, unknown>[] => {
        const e = entries[i];
        if (!e || e.counted.trim() === '') return [];
        const counted = Number(e.counted);
        return vessels
          ? [{ vesselId: l.vesselId, counted, countedStrength: e.strength.trim() === '' ? null : Number(e.strength) }]
          : [{ stockId: l.stockId, siteId: l.siteId, lot: l.lot, status: l.status, counted }];
      }),
    };
    // the API numbers the lines it was sent: map them back to the sheet's rows
    const sent = lines.flatMap((_, i) => (entries[i]?.counted.trim() === '' ? [] : [i]));
    try {
      const r = await call<Record<string, { id: string; differenceCount: number }>>(SAVE(kind), { input });
      const saved = Object.values(r)[0];
      notify(fill(text.saved, { n: saved.differenceCount }), { type: 'success' });
      navigate(transactionsPath(kind, saved.id));
    } catch (e) {
      const fields = submissionErrors(e, (m) => notify(m, { type: 'error' })) ?? {};
      const mapped: Record<string, string> = {};
      for (const [k, m] of Object.entries(fields)) {
        const match = /^lines\.(\d+)\.(.+)$/.exec(k);
        mapped[match ? `${sent[Number(match[1])]}.${match[2]}` : k] = m;
      }
      setErrors(mapped);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!doc || !window.confirm(text.deleteConfirm)) return;
    try {
      await call(DELETE, { id: doc.id });
      notify(text.deleted, { type: 'info' });
      navigate(listPath(kind, vesselType));
    } catch (e) {
      submissionErrors(e, (m) => notify(m, { type: 'error' }));
    }
  };

  const title = titleOf(text, kind, vesselType);
  const shown = (lines ?? [])
    .map((l, i) => ({ l, i }))
    .filter(({ l, i }) => !onlyDiffering || (differenceOf(l, entries[i]) ?? 0) !== 0);
  const siteName = sites.find((s) => s.id === siteId)?.name ?? (siteId ? doc?.siteName : null) ?? text.field.allSites;
  const otherErrors = Object.entries(errors).filter(([k]) => !/^\d+\./.test(k));

  return (
    <Box sx={{ p: 2 }}>
      {printStyles}
      <Title title={title} />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <TextField
            label={text.field.date}
            type="date"
            size="small"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'count-date' } }}
            error={!!errors.date}
            helperText={errors.date}
            disabled={!mayWrite && !!doc}
          />
          <TextField
            select
            label={text.field.site}
            size="small"
            value={siteId}
            onChange={(e) => setSiteId(e.target.value)}
            sx={{ minWidth: 180 }}
            disabled={!mayWrite && !!doc}
          >
            <MenuItem value="">{text.field.allSites}</MenuItem>
            {sites.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={() => void load()} disabled={busy || (!mayWrite && !!doc)}>
            {text.load}
          </Button>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!lines?.length}>
            {text.printWorksheet}
          </Button>
          <FormControlLabel
            control={<Switch checked={onlyDiffering} onChange={(e) => setOnlyDiffering(e.target.checked)} />}
            label={text.onlyDiffering}
          />
        </CardContent>
      </Card>
      {doc && !doc.active && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text.deletedBanner}
        </Alert>
      )}
      {!useMayWrite(kind) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text.readOnly}
        </Alert>
      )}
      {stale && lines && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {text.stale}
        </Alert>
      )}
      {otherErrors.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {otherErrors.map(([k, m]) => `${k}: ${m}`).join('; ')}
        </Alert>
      )}
      {!lines && <Loading />}
      {lines && lines.length === 0 && <Alert severity="info">{text.noLines}</Alert>}
      {lines && lines.length > 0 && (
        <Card>
          <Table size="small" aria-label={title} stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>{vessels ? text.field.vessel : text.field.name}</TableCell>
                {vessels ? <TableCell>{text.field.contents}</TableCell> : <TableCell>{text.field.sku}</TableCell>}
                <TableCell>{text.field.site}</TableCell>
                <TableCell>{text.field.lot}</TableCell>
                {kind === 'Products' && <TableCell>{text.field.status}</TableCell>}
                <TableCell align="right">{vessels ? `${text.field.book} (L)` : text.field.book}</TableCell>
                {vessels && <TableCell align="right">{text.field.bookStrength}</TableCell>}
                <TableCell>{vessels ? `${text.field.counted} (L)` : text.field.counted}</TableCell>
                {vessels && <TableCell>{text.field.countedStrength}</TableCell>}
                <TableCell align="right">{text.field.difference}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map(({ l, i }) => {
                const d = differenceOf(l, entries[i]);
                const name = vessels ? l.vesselName : l.stockName;
                return (
                  <TableRow key={`${l.stockId ?? l.vesselId}|${l.siteId}|${l.lot}|${l.status}|${i}`}>
                    <TableCell>{name}</TableCell>
                    <TableCell>{vessels ? l.alcoholName : l.sku}</TableCell>
                    <TableCell>{l.siteName}</TableCell>
                    <TableCell>{l.lot}</TableCell>
                    {kind === 'Products' && <TableCell>{l.status ? text.status[l.status] : ''}</TableCell>}
                    <TableCell align="right">{qty(l.bookQuantity, vessels ? 3 : 6)}</TableCell>
                    {vessels && <TableCell align="right">{qty(l.bookStrength, 2)}</TableCell>}
                    <TableCell>
                      <TextField
                        size="small"
                        type="number"
                        value={entries[i]?.counted ?? ''}
                        onChange={(e) =>
                          setEntries((all) => all.map((x, j) => (j === i ? { ...x, counted: e.target.value } : x)))
                        }
                        error={!!errors[`${i}.counted`] || !!errors[`${i}.stockId`] || !!errors[`${i}.vesselId`]}
                        helperText={errors[`${i}.counted`] ?? errors[`${i}.stockId`] ?? errors[`${i}.vesselId`]}
                        disabled={!mayWrite}
                        slotProps={{
                          htmlInput: { 'aria-label': `${text.field.counted} ${name ?? ''}`, step: 'any', min: 0 },
                        }}
                        sx={{ width: 130 }}
                      />
                    </TableCell>
                    {vessels && (
                      <TableCell>
                        <TextField
                          size="small"
                          type="number"
                          value={entries[i]?.strength ?? ''}
                          onChange={(e) =>
                            setEntries((all) => all.map((x, j) => (j === i ? { ...x, strength: e.target.value } : x)))
                          }
                          error={!!errors[`${i}.countedStrength`]}
                          helperText={errors[`${i}.countedStrength`]}
                          disabled={!mayWrite}
                          slotProps={{
                            htmlInput: { 'aria-label': `${text.field.countedStrength} ${name ?? ''}`, step: 'any' },
                          }}
                          sx={{ width: 110 }}
                        />
                      </TableCell>
                    )}
                    <TableCell
                      align="right"
                      sx={{
                        color: d ? (d < 0 ? 'error.main' : 'success.main') : undefined,
                        fontWeight: d ? 600 : undefined,
                      }}
                    >
                      {d === null ? '' : `${d > 0 ? '+' : ''}${qty(d, vessels ? 3 : 6)}`}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Card>
      )}
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
          <Button variant="contained" onClick={() => void save()} disabled={busy || stale || !lines?.length}>
            {text.save}
          </Button>
        )}
        {doc && (
          <Button component={RouterLink} to={transactionsPath(kind, doc.id)}>
            {text.transactions}
          </Button>
        )}
        {doc && mayWrite && (
          <Button color="error" onClick={() => void remove()}>
            {text.delete}
          </Button>
        )}
        <Button component={RouterLink} to={listPath(kind, vesselType)}>
          {text.back}
        </Button>
      </Box>
      {lines && (
        <Worksheet
          text={text}
          title={`${text.worksheet}: ${title}`}
          date={date}
          siteName={siteName}
          kind={kind}
          lines={lines}
        />
      )}
    </Box>
  );
}

/** The printed physical inventory worksheet: every line with its book and blank count columns. */
function Worksheet(props: {
  text: CountTexts;
  title: string;
  date: string;
  siteName: string;
  kind: CountKind;
  lines: CountLine[];
}) {
  const { text, kind, lines } = props;
  const vessels = kind === 'Vessels';
  return (
    <div className="count-print" aria-hidden>
      <h2 style={{ margin: '0 0 4px' }}>{props.title}</h2>
      <p style={{ margin: '0 0 8px' }}>
        {text.field.date}: {showDay(props.date)} · {text.field.site}: {props.siteName}
      </p>
      <table>
        <thead>
          <tr>
            <th>{vessels ? text.field.vessel : text.field.name}</th>
            <th>{vessels ? text.field.contents : text.field.sku}</th>
            <th>{text.field.site}</th>
            <th>{text.field.lot}</th>
            {kind === 'Products' && <th>{text.field.status}</th>}
            <th>{vessels ? `${text.field.book} (L)` : text.field.book}</th>
            {vessels && <th>{text.field.bookStrength}</th>}
            <th>{vessels ? `${text.field.counted} (L)` : text.field.counted}</th>
            {vessels && <th>{text.field.countedStrength}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td>{vessels ? l.vesselName : l.stockName}</td>
              <td>{vessels ? l.alcoholName : l.sku}</td>
              <td>{l.siteName}</td>
              <td>{l.lot}</td>
              {kind === 'Products' && <td>{l.status ? text.status[l.status] : ''}</td>}
              <td>
                {qty(l.bookQuantity, vessels ? 3 : 6)}
                {l.units && !vessels ? ` ${l.units}` : ''}
              </td>
              {vessels && <td>{qty(l.bookStrength, 2)}</td>}
              <td className="blank" />
              {vessels && <td className="blank" />}
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: 16 }}>
        {text.field.countedBy}: ____________________ &nbsp; {text.field.checkedBy}: ____________________
      </p>
    </div>
  );
}

// ------------------------------------------------------------------------ its transactions

function TransactionsView({ kind, id }: { kind: CountKind; id: string }) {
  const call = useGraphQL();
  const text = useCountText();
  const company = useCurrentCompany();
  const values = holdsValues(company);
  const [data, setData] = useState<(Doc & { transactions: Row[]; exciseTransactions: ExciseRow[] }) | null | 'missing'>(
    null,
  );
  const [showReversed, setShowReversed] = useState(false);
  useEffect(() => {
    let live = true;
    call<{ reconciliation: (Doc & { transactions: Row[]; exciseTransactions: ExciseRow[] }) | null }>(ROWS, {
      id,
    }).then(
      (d) => live && setData(d.reconciliation ?? 'missing'),
      () => live && setData('missing'),
    );
    return () => {
      live = false;
    };
  }, [call, id]);
  const rows = useMemo(
    () =>
      data && data !== 'missing' ? data.transactions.filter((t) => showReversed || (!t.reversed && !t.reversesId)) : [],
    [data, showReversed],
  );
  const exciseRows = useMemo(
    () =>
      data && data !== 'missing'
        ? data.exciseTransactions.filter((t) => showReversed || (!t.reversed && !t.reversesId))
        : [],
    [data, showReversed],
  );
  if (data === null) return <Loading />;
  if (data === 'missing')
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{text.notFound}</Alert>
      </Box>
    );
  const vesselType = data.vesselType;
  const title = `${titleOf(text, data.kind, vesselType)} ${showDay(data.date)}: ${text.transactions}`;
  return (
    <Box sx={{ p: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <FormControlLabel
          control={<Switch checked={showReversed} onChange={(e) => setShowReversed(e.target.checked)} />}
          label={text.showReversed}
        />
        <Button component={RouterLink} to={editPath(data.kind, data.id, vesselType)}>
          {text.edit}
        </Button>
        <Button component={RouterLink} to={listPath(kind === data.kind ? kind : data.kind, vesselType)}>
          {text.back}
        </Button>
      </Box>
      {!data.active && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {text.deletedBanner}
        </Alert>
      )}
      {rows.length === 0 && exciseRows.length === 0 && <Alert severity="info">{text.noTransactions}</Alert>}
      {rows.length > 0 && (
        <Card>
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
                <TableRow key={t.id} sx={t.reversed || t.reversesId ? { opacity: 0.6 } : undefined}>
                  <TableCell>{showDay(t.date)}</TableCell>
                  <TableCell>{t.stockName}</TableCell>
                  <TableCell>{t.siteName}</TableCell>
                  <TableCell>{t.lot}</TableCell>
                  <TableCell>{t.status ? text.status[t.status as 'InBond' | 'DutyPaid'] : ''}</TableCell>
                  <TableCell>{t.description}</TableCell>
                  <TableCell align="right">{qty(t.quantity, 6)}</TableCell>
                  <TableCell align="right">{formatNumber(t.laa, 3)}</TableCell>
                  {values && <TableCell align="right">{t.value === null ? '' : formatNumber(t.value, 2)}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {exciseRows.length > 0 && (
        <Card sx={{ mt: 2 }}>
          <Table size="small" aria-label={text.transactions}>
            <TableHead>
              <TableRow>
                <TableCell>{text.field.date}</TableCell>
                <TableCell>{text.field.vessel}</TableCell>
                <TableCell>{text.field.contents}</TableCell>
                <TableCell>{text.field.lot}</TableCell>
                <TableCell>{text.field.excise}</TableCell>
                <TableCell>{text.field.description}</TableCell>
                <TableCell align="right">{text.field.volume}</TableCell>
                <TableCell align="right">{text.field.laa}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {exciseRows.map((t) => (
                <TableRow key={t.id} sx={t.reversed || t.reversesId ? { opacity: 0.6 } : undefined}>
                  <TableCell>{showDay(t.date)}</TableCell>
                  <TableCell>{t.vesselName}</TableCell>
                  <TableCell>{t.alcoholName}</TableCell>
                  <TableCell>{t.lot}</TableCell>
                  <TableCell>{t.excise}</TableCell>
                  <TableCell>{t.description}</TableCell>
                  <TableCell align="right">{formatNumber(t.volume, 3)}</TableCell>
                  <TableCell align="right">{formatNumber(t.laa, 3)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </Box>
  );
}
