// The lot trace (spec 2.4 ReportsView to=Lot; issue 15): a lot followed back to what it came
// from or forward to where it went, as a tree a person expands and collapses. Everything it
// shows is in the query string (lot, id, forward 0 or 1, back), so a reload or a shared link
// opens the same trace: the Back / Forward switch replaces the query, the lot box traces another
// lot. Each entry names its kind, name, lot, date and quantity and opens its record's screen.
// Nested lists whose toggles carry aria-expanded / aria-controls (a screen reader announces
// each level and its state; Tab reaches every toggle and link in reading order).
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Link,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PrintIcon from '@mui/icons-material/Print';
import { registerMessages } from '../../../i18n/provider';
import { describeApiError } from '../../../data/errors';
import { PrintStyles } from '../../../generic/ListFeatures';
import { showDay } from '../../../widgets/dateDisplay';
import { useQuery } from '../../exciseReturns/api';
import { actionPathForRefType } from '../../vesselActions/actions';
import { stockActionPathForRefType } from '../../productActions/actions';
import { VESSEL_TYPES, type VesselType } from '../../../../shared/excise/categories';
import { humanize } from '../../../../shared/names';
import { lotTraceMessages } from './messages';
import {
  LOT_TRACE_DOCUMENT,
  childrenOf,
  initiallyExpanded,
  parentsOf,
  readQuery,
  withQuery,
  type LotTrace,
  type LotTraceNode,
} from './model';

registerMessages(lotTraceMessages);

function useKindLabel() {
  const translate = useTranslate();
  return (kind: string) => translate(`lotTrace.kinds.${kind}`, { _: humanize(kind) });
}

/** The screen an entry opens: the server's path, else the screen of the vessel, product or
 * item action that posted it (its parent is the vessel or stock it moved). */
function pathOf(node: LotTraceNode, parent: LotTraceNode | undefined): string | null {
  if (node.path) return node.path;
  if (!node.id) return null;
  if ((parent?.kind === 'Product' || parent?.kind === 'Item') && parent.id)
    return stockActionPathForRefType(node.kind, parent.id, node.id);
  const vesselType = (VESSEL_TYPES as readonly string[]).includes(parent?.kind ?? '')
    ? (parent!.kind as VesselType)
    : undefined;
  return actionPathForRefType(node.kind, node.id, vesselType);
}

interface TreeProps {
  parent: LotTraceNode | undefined;
  tree: Map<string, LotTraceNode[]>;
  expanded: Set<string>;
  toggle: (key: string) => void;
  depth: number;
  id?: string;
  label?: string;
}

function TreeLevel({ parent, tree, expanded, toggle, depth, id, label }: TreeProps) {
  const nodes = tree.get(parent?.key ?? '') ?? [];
  return (
    <Box
      component="ul"
      id={id}
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        pl: depth === 0 ? 0 : 3,
        borderLeft: depth === 0 ? 'none' : 1,
        borderColor: 'divider',
      }}
    >
      {nodes.map((n) => (
        <TreeEntry key={n.key} node={n} parent={parent} tree={tree} expanded={expanded} toggle={toggle} depth={depth} />
      ))}
    </Box>
  );
}

function TreeEntry({
  node,
  parent,
  tree,
  expanded,
  toggle,
  depth,
}: Omit<TreeProps, 'id' | 'label'> & { node: LotTraceNode }) {
  const translate = useTranslate();
  const kindLabel = useKindLabel();
  const kids = tree.get(node.key) ?? [];
  const open = expanded.has(node.key);
  const path = pathOf(node, parent);
  const kind = kindLabel(node.kind);
  // a record with no number or lot is named by its kind: say it once
  const name = node.name.toLowerCase() === humanize(node.kind).toLowerCase() ? '' : node.name;
  const title = name || kind;
  const childrenId = `lot-children-${node.key}`;
  return (
    <Box component="li" data-testid="lot-node" data-kind={node.kind} data-key={node.key} sx={{ py: 0.25 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', minHeight: 36 }}>
        {kids.length ? (
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={translate(open ? 'lotTrace.collapse' : 'lotTrace.expand', { name: `${kind} ${title}` })}
            onClick={() => toggle(node.key)}
            data-no-print
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34 }} aria-hidden />
        )}
        <Chip size="small" label={kind} variant="outlined" />
        {name ? (
          path ? (
            <Link component={RouterLink} to={path} data-testid="lot-node-name">
              {name}
            </Link>
          ) : (
            <Typography component="span" data-testid="lot-node-name">
              {name}
            </Typography>
          )
        ) : path ? (
          <Link component={RouterLink} to={path} data-testid="lot-node-name">
            {kind}
          </Link>
        ) : null}
        {node.lot ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {translate('lotTrace.lotOf', { lot: node.lot })}
          </Typography>
        ) : null}
        {node.date ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {showDay(node.date)}
          </Typography>
        ) : null}
        {node.quantity ? (
          <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {node.quantity} {node.unit ?? ''}
          </Typography>
        ) : null}
      </Stack>
      {kids.length && open ? (
        <TreeLevel parent={node} tree={tree} expanded={expanded} toggle={toggle} depth={depth + 1} id={childrenId} />
      ) : null}
    </Box>
  );
}

function Trace({ trace, directionLabel }: { trace: LotTrace; directionLabel: string }) {
  const translate = useTranslate();
  const tree = useMemo(() => childrenOf(trace.nodes), [trace]);
  const [expanded, setExpanded] = useState<Set<string>>(() => initiallyExpanded(trace.nodes));
  useEffect(() => setExpanded(initiallyExpanded(trace.nodes)), [trace]);
  const toggle = (key: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  if (!trace.nodes.length)
    return (
      <Alert severity="info" data-testid="lot-none">
        {translate('lotTrace.none', { lot: trace.lot })}
      </Alert>
    );
  return (
    <Box>
      {trace.truncated ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('lotTrace.truncated')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mb: 1 }} data-no-print>
        <Button size="small" onClick={() => setExpanded(parentsOf(trace.nodes))}>
          {translate('lotTrace.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded(new Set())}>
          {translate('lotTrace.collapseAll')}
        </Button>
      </Stack>
      <TreeLevel
        parent={undefined}
        tree={tree}
        expanded={expanded}
        toggle={toggle}
        depth={0}
        label={translate('lotTrace.tree', { lot: trace.lot, direction: directionLabel.toLowerCase() })}
      />
    </Box>
  );
}

/** The address's query as it is now: a navigation runs as a transition, so a click may come
 * before this screen renders the last change (a new lot, then Back at once must keep the lot). */
const current = () => new URLSearchParams(window.location.search);

export default function LotTraceView() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const query = readQuery(search);
  const [typed, setTyped] = useState(query.lot);
  useEffect(() => setTyped(query.lot), [query.lot]);
  const variables = query.lot ? { lot: query.lot, id: query.id, forward: query.forward } : null;
  const { data, error, loading } = useQuery<{ lotTrace: LotTrace }>(LOT_TRACE_DOCUMENT, variables);
  const direction = translate(query.forward ? 'lotTrace.forward' : 'lotTrace.back');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) setSearch(withQuery(current(), { lot: typed }));
  };
  const described = error ? describeApiError(error) : null;
  const fields = (described?.body as { errors?: Record<string, string> } | undefined)?.errors;

  return (
    <Box sx={{ p: 2 }} data-testid="lot-trace">
      <PrintStyles orientation="portrait" />
      <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('lotTrace.title')}
          {query.lot ? ` — ${query.lot}` : ''}
        </Typography>
        {query.back ? (
          <Button component={RouterLink} to={query.back} data-no-print>
            {translate('lotTrace.returnTo')}
          </Button>
        ) : null}
        <Button startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!data} data-no-print>
          {translate('lotTrace.print')}
        </Button>
      </Stack>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2 }}
        data-no-print
      >
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label={translate('lotTrace.lot')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'lot-input' } }}
          />
          <Button type="submit" variant="contained" disabled={!typed.trim()}>
            {translate('lotTrace.trace')}
          </Button>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={query.forward ? 'forward' : 'back'}
          aria-label={translate('lotTrace.direction')}
          onChange={(_e, value: string | null) => {
            if (value) setSearch(withQuery(current(), { forward: value === 'forward' }), { replace: true });
          }}
        >
          <ToggleButton value="back">{translate('lotTrace.back')}</ToggleButton>
          <ToggleButton value="forward">{translate('lotTrace.forward')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(query.forward ? 'lotTrace.forwardHelp' : 'lotTrace.backHelp')}
      </Typography>
      {!query.lot ? (
        <Alert severity="info">{translate('lotTrace.enterLot')}</Alert>
      ) : described ? (
        <Alert severity="error" data-testid="report-error">
          {translate(described.message, { _: described.message })}
          {fields
            ? Object.values(fields).map((m) => (
                <Box key={m} component="span" sx={{ display: 'block' }}>
                  {m}
                </Box>
              ))
            : null}
        </Alert>
      ) : loading || !data ? (
        <Stack direction="row" spacing={1} alignItems="center" role="status">
          <CircularProgress size={20} />
          <span>{translate('lotTrace.loading')}</span>
        </Stack>
      ) : (
        <Trace trace={data.lotTrace} directionLabel={direction} />
      )}
    </Box>
  );
}
