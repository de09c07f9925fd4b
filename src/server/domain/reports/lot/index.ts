// The lot trace (spec 2.4 ReportsView to=Lot): a lot followed back to what it came from or
// forward to where it went, through the ledgers (./flows.ts). The tree alternates holders and
// records: a holder (a vessel holding the lot, a product or item in that lot) has as children
// the records that put the lot in (back) or took it out (forward); a record has as children
// the holders on its other side (back: what it drew from; forward: what it filled). So a bottle
// lot goes back through its bottling to the tank, the blend, the tanks it drew, the distillation,
// the fermenter, the mash and the grain lot; a grain lot goes forward the same way to the
// products, their shipments, invoices and customers.
//
// Built breadth first, a few batched queries a level. A holder is expanded once and a record
// once (a tank filled and drawn repeatedly shows the record again, without children), so cycles
// end; the tree stops at MAX_NODES with `truncated`. A record only moving the lot within its
// holder (a transfer between sites, to duty paid) is left out: it adds nothing to the trace.
import type { DomainContext } from '../../records/actor';
import { validationError } from '../../kernel/errors';
import { ID, LOT_MAX } from '../../kernel/ids';
import { humanize, pascal } from '../../../../shared/names';
import { allowedMeta } from '../run';
import { flowsOfHolders, flowsOfLot, flowsOfRefs, holderKey, refKey, type Flow, type Holder } from './flows';
import {
  alcoholNames,
  editPath,
  entityOfRef,
  holderEntity,
  invoicesOfShipments,
  refInfos,
  stockNames,
  vesselNames,
} from './names';

export interface LotTraceNode {
  key: string;
  parentKey: string | null;
  kind: string;
  id: string | null;
  name: string;
  lot: string | null;
  date: string | null;
  quantity: string | null;
  unit: string | null;
  path: string | null;
}

export interface LotTraceAnswer {
  lot: string;
  forward: boolean;
  nodes: LotTraceNode[];
  truncated: boolean;
}

export const MAX_NODES = 2000;

/** A node while the tree is built: what it stands for; names are read at the end. */
type Draft =
  | { key: string; parentKey: string | null; type: 'holder'; holder: Holder; flow: Flow | null }
  | { key: string; parentKey: string | null; type: 'ref'; flow: Flow }
  | { key: string; parentKey: string | null; type: 'invoice'; id: string; number: string; date: string }
  | { key: string; parentKey: string | null; type: 'party'; kind: string; id: string; name: string; date: string };

/** A node to add: a draft without its key (each member of the union on its own). */
type NewDraft = Draft extends infer D ? (D extends Draft ? Omit<D, 'key'> : never) : never;

interface Task {
  nodeKey: string;
  holder: Holder;
  /** back: records dated on or before; forward: on or after (the record that led here) */
  bound: string | null;
}

function checkInput(lot: string, id: string | null): { lot: string; id: string | null } {
  const text = (lot ?? '').trim();
  if (!text) throw validationError({ lot: 'Enter the lot to trace' });
  if (text.length > LOT_MAX) throw validationError({ lot: `A lot has at most ${LOT_MAX} characters` });
  const narrowed = id === null || id === undefined || id === '' ? null : String(id);
  if (narrowed !== null && !ID.test(narrowed)) throw validationError({ id: 'Not a record id' });
  return { lot: text, id: narrowed };
}

export async function lotTrace(
  ctx: DomainContext,
  lotInput: string,
  idInput: string | null,
  forward: boolean,
  maxNodes = MAX_NODES,
): Promise<LotTraceAnswer> {
  allowedMeta(ctx, 'Lot');
  const { lot, id } = checkInput(lotInput, idInput);
  const drafts: Draft[] = [];
  let truncated = false;
  let next = 0;
  const add = (d: NewDraft): string | null => {
    if (drafts.length >= maxNodes) {
      truncated = true;
      return null;
    }
    const key = `n${++next}`;
    drafts.push({ ...d, key } as Draft);
    return key;
  };
  // the direction of the rows that lead on: back, the rows into a holder; forward, out of it
  const toward = forward ? -1 : 1;
  const seenHolders = new Set<string>();
  const seenRefs = new Set<string>();

  // the roots: each holder of the lot, once
  let tasks: Task[] = [];
  for (const f of await flowsOfLot(ctx, lot, id)) {
    const k = holderKey(f);
    if (seenHolders.has(k)) continue;
    seenHolders.add(k);
    const holder: Holder = { ledger: f.ledger, holderId: f.holderId, holderType: f.holderType, lot: f.lot };
    const nodeKey = add({ parentKey: null, type: 'holder', holder, flow: { ...f, date: '', quantity: '' } });
    if (nodeKey) tasks.push({ nodeKey, holder, bound: null });
  }

  while (tasks.length && !truncated) {
    const flows = (
      await flowsOfHolders(
        ctx,
        tasks.map((t) => t.holder),
      )
    ).filter((f) => f.sign === toward);
    const leading = new Map<string, Flow[]>();
    for (const f of flows) leading.set(holderKey(f), [...(leading.get(holderKey(f)) ?? []), f]);
    const refIds = [...new Set(flows.map((f) => f.refId))];
    const byRef = new Map<string, Flow[]>();
    for (const f of await flowsOfRefs(ctx, refIds)) byRef.set(refKey(f), [...(byRef.get(refKey(f)) ?? []), f]);

    const nextTasks: Task[] = [];
    for (const task of tasks) {
      const here = holderKey(task.holder);
      const records = (leading.get(here) ?? []).filter(
        (f) => !task.bound || (forward ? f.date >= task.bound : f.date <= task.bound),
      );
      for (const f of records) {
        const rk = refKey(f);
        // the other side of the record: back, what it drew from; forward, what it filled
        const other = (byRef.get(rk) ?? []).filter((o) => o.sign === -toward);
        if (other.length && other.every((o) => holderKey(o) === here)) continue;
        const refNode = add({ parentKey: task.nodeKey, type: 'ref', flow: f });
        if (!refNode) break;
        if (seenRefs.has(rk)) continue;
        seenRefs.add(rk);
        for (const o of other) {
          const ok = holderKey(o);
          if (ok === here) continue;
          const holder: Holder = { ledger: o.ledger, holderId: o.holderId, holderType: o.holderType, lot: o.lot };
          const child = add({ parentKey: refNode, type: 'holder', holder, flow: o });
          if (!child) break;
          // a holder with no lot (packaging taken without one) is a leaf: all of its stock is not one lot
          if (o.lot !== null && !seenHolders.has(ok)) {
            seenHolders.add(ok);
            nextTasks.push({ nodeKey: child, holder, bound: f.date });
          }
        }
      }
      if (truncated) break;
    }
    tasks = nextTasks;
  }

  return { lot, forward, nodes: await describe(ctx, drafts, (n) => add(n)), truncated };
}

/** The nodes as the API answers them: names, lots, quantities and screens read in batches; the
 * customers (and invoices) of sales documents and the suppliers of receipts added under them. */
async function describe(
  ctx: DomainContext,
  drafts: Draft[],
  add: (d: NewDraft) => string | null,
): Promise<LotTraceNode[]> {
  const holders = drafts.flatMap((d) => (d.type === 'holder' ? [d] : []));
  const refs = drafts.flatMap((d) => (d.type === 'ref' ? [d] : []));
  const vessels = await vesselNames(ctx, [
    ...new Set(holders.filter((h) => h.holder.ledger === 'excise').map((h) => h.holder.holderId)),
  ]);
  const alcohol = await alcoholNames(ctx, [
    ...new Set(holders.flatMap((h) => (h.flow?.alcoholId ? [h.flow.alcoholId] : []))),
  ]);
  const stock = await stockNames(ctx, [
    ...new Set(holders.filter((h) => h.holder.ledger === 'stock').map((h) => h.holder.holderId)),
  ]);
  const infos = await refInfos(
    ctx,
    refs.map((r) => r.flow),
  );

  // the parties and invoices of the sales and purchase documents reached
  const shownRefs = new Set<string>();
  for (const r of refs) {
    const rk = refKey(r.flow);
    if (shownRefs.has(rk)) continue;
    shownRefs.add(rk);
    const info = infos.get(rk);
    if (info?.party)
      add({
        parentKey: r.key,
        type: 'party',
        kind: info.party.kind,
        id: info.party.id,
        name: info.party.name,
        date: r.flow.date,
      });
  }
  const shipments = refs.filter((r) => r.flow.refType === 'shipment');
  for (const inv of await invoicesOfShipments(ctx, [...new Set(shipments.map((s) => s.flow.refId))])) {
    const parent = shipments.find((s) => s.flow.refId === inv.shipmentId);
    if (parent) add({ parentKey: parent.key, type: 'invoice', id: inv.id, number: inv.number, date: inv.date });
  }

  return drafts.map((d): LotTraceNode => {
    const base = { key: d.key, parentKey: d.parentKey };
    if (d.type === 'holder') {
      const h = d.holder;
      const excise = h.ledger === 'excise';
      const named = excise ? vessels.get(h.holderId) : stock.get(h.holderId);
      const what = excise && d.flow?.alcoholId ? alcohol.get(d.flow.alcoholId) : null;
      const name = named?.name ?? `${h.holderType} ${h.holderId}`;
      const moved = d.flow && d.flow.quantity ? d.flow : null;
      return {
        ...base,
        kind: h.holderType,
        id: h.holderId,
        name: what ? `${name} (${what})` : name,
        lot: h.lot,
        date: moved?.date ?? null,
        quantity: moved?.quantity ?? null,
        unit: moved ? (excise ? 'L' : (named?.unit ?? null)) : null,
        path: editPath(holderEntity(h.holderType), h.holderId),
      };
    }
    if (d.type === 'ref') {
      const f = d.flow;
      const entity = entityOfRef(f.refType);
      const info = infos.get(refKey(f));
      const label = entity?.label.en ?? humanize(f.refType);
      const tag = info?.number ?? info?.lot ?? null;
      return {
        ...base,
        kind: pascal(entity?.name ?? f.refType),
        id: f.refId,
        // the kind says what the record is: its number or lot tells which
        name: tag ?? label,
        lot: info?.lot ?? null,
        date: f.date,
        quantity: f.quantity,
        unit: f.ledger === 'excise' ? 'L' : (stock.get(f.holderId)?.unit ?? null),
        path: entity ? editPath(entity.name, f.refId) : null,
      };
    }
    if (d.type === 'invoice')
      return {
        ...base,
        kind: 'Invoice',
        id: d.id,
        name: d.number,
        lot: null,
        date: d.date,
        quantity: null,
        unit: null,
        path: editPath('invoice', d.id),
      };
    return {
      ...base,
      kind: d.kind,
      id: d.id,
      name: d.name,
      lot: null,
      date: d.date,
      quantity: null,
      unit: null,
      path: editPath(d.kind === 'Customer' ? 'customer' : 'supplier', d.id),
    };
  });
}
