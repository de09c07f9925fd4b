// Vessels (tanks, fermenters, casks, bulk containers) and what they hold. An action locks the
// contents rows of every vessel it touches, in id order, before it reads them: concurrent
// actions on one vessel serialise there and two actions never wait on each other in a cycle.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connect';
import type { AlcoholType, VesselType } from '../../../shared/excise/categories';
import type { Actor } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { formatScaled, parseScaled, type Milli } from './quantities';

interface VesselKind {
  entity: string;
  table: string;
  title: string;
  capacity: string;
  label: string;
}

/** Where each vessel type lives; the title and capacity columns differ (a cask has a number and a size). */
export const VESSEL_KINDS: Record<VesselType, VesselKind> = {
  Tank: { entity: 'tank', table: 'tanks', title: 'name', capacity: 'capacity', label: 'Tank' },
  Fermenter: { entity: 'fermenter', table: 'fermenters', title: 'name', capacity: 'capacity', label: 'Fermenter' },
  Cask: { entity: 'cask', table: 'casks', title: 'number', capacity: 'size', label: 'Cask' },
  BulkContainer: {
    entity: 'bulkContainer',
    table: 'bulk_containers',
    title: 'name',
    capacity: 'capacity',
    label: 'Bulk container',
  },
};

export const vesselTypeOfEntity = (entity: string): VesselType | undefined =>
  (Object.keys(VESSEL_KINDS) as VesselType[]).find((t) => VESSEL_KINDS[t].entity === entity);

export const ALCOHOL_KINDS: Record<AlcoholType, { entity: string; table: string; label: string }> = {
  Spirit: { entity: 'spirit', table: 'spirits', label: 'Spirit' },
  Wine: { entity: 'wine', table: 'wines', label: 'Wine' },
  NonExcise: { entity: 'nonExcise', table: 'non_excises', label: 'Non-excise alcohol' },
};

export const alcoholTypeOfEntity = (entity: string): AlcoholType | undefined =>
  (Object.keys(ALCOHOL_KINDS) as AlcoholType[]).find((t) => ALCOHOL_KINDS[t].entity === entity);

/** A vessel as an action sees it: its record and what it holds (kept in vessel_contents). */
export interface Vessel {
  id: string;
  type: VesselType;
  name: string;
  /** litres in thousandths; null when the record gives none */
  capacity: Milli | null;
  siteId: string | null;
  alcoholType: AlcoholType | null;
  alcoholId: string | null;
  alcoholName: string | null;
  lot: string | null;
  volume: Milli;
  laa: Milli;
  kg: Milli;
  /** cents */
  value: number;
  ageDate: string | null;
}

/** "Tank 3", "Cask C-104": how messages name a vessel. */
export const vesselLabel = (v: Pick<Vessel, 'type' | 'name'>) =>
  v.type === 'Cask'
    ? `Cask ${v.name}`
    : v.name.toLowerCase().startsWith(VESSEL_KINDS[v.type].label.toLowerCase())
      ? v.name
      : `${VESSEL_KINDS[v.type].label} ${v.name}`;

export const isEmpty = (v: Pick<Vessel, 'volume' | 'laa'>) => v.volume === 0 && v.laa === 0;

const ID = /^\d{1,18}$/;

/** The entity of each id of the company (the objects table knows every record's kind). */
export async function kindsOf(db: Db, actor: Actor, ids: string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter((id) => ID.test(id)))];
  if (!valid.length) return new Map();
  const rows = rowsOf<{ id: string; entity: string }>(
    await db.execute(
      sql`SELECT id::text AS id, entity FROM objects WHERE company_id = ${actor.companyId} AND id IN (${sql.join(
        valid.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [r.id, r.entity]));
}

interface ContentsRow {
  vessel_id: string;
  name: string;
  capacity: string | null;
  site_id: string | null;
  alcohol_type: AlcoholType | null;
  alcohol_id: string | null;
  alcohol_name: string | null;
  lot: string | null;
  volume: string | null;
  laa: string | null;
  kg: string | null;
  value: string | null;
  age_date: string | null;
}

const alcoholNameSql = sql`(SELECT name FROM spirits s WHERE s.company_id = c.company_id AND s.id = c.alcohol_id
   UNION ALL SELECT name FROM wines w WHERE w.company_id = c.company_id AND w.id = c.alcohol_id
   UNION ALL SELECT name FROM non_excises n WHERE n.company_id = c.company_id AND n.id = c.alcohol_id LIMIT 1)`;

function toVessel(type: VesselType, r: ContentsRow): Vessel {
  return {
    id: r.vessel_id,
    type,
    name: r.name,
    capacity: r.capacity == null ? null : parseScaled(r.capacity, 3),
    siteId: r.site_id,
    alcoholType: r.alcohol_type,
    alcoholId: r.alcohol_id,
    alcoholName: r.alcohol_name,
    lot: r.lot,
    volume: parseScaled(r.volume, 3),
    laa: parseScaled(r.laa, 3),
    kg: parseScaled(r.kg, 3),
    value: parseScaled(r.value, 2),
    ageDate: r.age_date,
  };
}

async function readVessels(db: Db, actor: Actor, type: VesselType, ids: string[]): Promise<Vessel[]> {
  if (!ids.length) return [];
  const k = VESSEL_KINDS[type];
  const rows = rowsOf<ContentsRow>(
    await db.execute(sql`
      SELECT v.id::text AS vessel_id, v.${sql.identifier(k.title)} AS name, v.${sql.identifier(k.capacity)}::text AS capacity,
             v.site_id::text AS site_id, c.alcohol_type, c.alcohol_id::text AS alcohol_id, ${alcoholNameSql} AS alcohol_name,
             c.lot, c.volume::text AS volume, c.laa::text AS laa, c.kg::text AS kg, c.value::text AS value,
             to_char(c.age_date, 'YYYY-MM-DD') AS age_date
      FROM ${sql.identifier(k.table)} v
      LEFT JOIN vessel_contents c ON c.company_id = v.company_id AND c.vessel_id = v.id
      WHERE v.company_id = ${actor.companyId} AND v.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY v.id`),
  );
  return rows.map((r) => toVessel(type, r));
}

/** Locks the contents of these vessels (creating empty rows where a vessel never held
 * anything) and answers them by id; unknown ids or ids of other kinds answer a field error. */
export async function lockVessels(
  db: Db,
  actor: Actor,
  wanted: { id: string; field: string; types?: VesselType[] }[],
): Promise<Map<string, Vessel>> {
  const kinds = await kindsOf(
    db,
    actor,
    wanted.map((w) => w.id),
  );
  const problems: Record<string, string> = {};
  const byType = new Map<VesselType, string[]>();
  for (const w of wanted) {
    const type = vesselTypeOfEntity(kinds.get(w.id) ?? '');
    if (!type || (w.types && !w.types.includes(type))) {
      const allowed = (w.types ?? (Object.keys(VESSEL_KINDS) as VesselType[])).map((t) =>
        VESSEL_KINDS[t].label.toLowerCase(),
      );
      problems[w.field] = `Choose a ${allowed.join(' or ')}`;
      continue;
    }
    byType.set(type, [...new Set([...(byType.get(type) ?? []), w.id])]);
  }
  if (Object.keys(problems).length) throw validationError(problems);
  const all = [...byType.entries()].flatMap(([type, ids]) => ids.map((id) => ({ id, type })));
  all.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  // one contents row per vessel, created empty the first time, inserted in id order
  for (const { id, type } of all)
    await db.execute(
      sql`INSERT INTO vessel_contents (company_id, vessel_id, vessel_type) VALUES (${actor.companyId}, ${id}, ${type})
          ON CONFLICT DO NOTHING`,
    );
  await db.execute(
    sql`SELECT 1 FROM vessel_contents WHERE company_id = ${actor.companyId} AND vessel_id IN (${sql.join(
      all.map((a) => sql`${a.id}`),
      sql`, `,
    )}) ORDER BY vessel_id FOR UPDATE`,
  );
  const out = new Map<string, Vessel>();
  for (const [type, ids] of byType) for (const v of await readVessels(db, actor, type, ids)) out.set(v.id, v);
  return out;
}

/** Vessels of any type by id, without locking (lists, the dashboard). */
export async function readVesselsById(db: Db, actor: Actor, ids: string[]): Promise<Vessel[]> {
  const kinds = await kindsOf(db, actor, ids);
  const byType = new Map<VesselType, string[]>();
  for (const [id, entity] of kinds) {
    const type = vesselTypeOfEntity(entity);
    if (type) byType.set(type, [...(byType.get(type) ?? []), id]);
  }
  const out: Vessel[] = [];
  for (const [type, list] of byType) out.push(...(await readVessels(db, actor, type, list)));
  return out;
}

/** Every vessel of a type, by name (the dashboard's tank levels). */
export async function readVesselsOfType(db: Db, actor: Actor, type: VesselType, siteId?: string | null) {
  const k = VESSEL_KINDS[type];
  const ids = rowsOf<{ id: string }>(
    await db.execute(
      sql`SELECT id::text AS id FROM ${sql.identifier(k.table)} WHERE company_id = ${actor.companyId} AND active
          ${siteId && ID.test(siteId) ? sql`AND site_id = ${siteId}` : sql``}
          ORDER BY ${sql.identifier(k.title)}, id LIMIT 1000`,
    ),
  ).map((r) => r.id);
  const vessels = await readVessels(db, actor, type, ids);
  const order = new Map(ids.map((id, i) => [id, i]));
  return vessels.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** Writes back what a vessel holds after an action changed it in memory. */
export async function saveVessel(db: Db, actor: Actor, v: Vessel) {
  const empty = v.volume === 0;
  await db.execute(sql`
    UPDATE vessel_contents SET
      alcohol_type = ${empty ? null : v.alcoholType}, alcohol_id = ${empty ? null : v.alcoholId},
      lot = ${empty ? null : v.lot}, volume = ${formatScaled(v.volume, 3)}, laa = ${formatScaled(v.laa, 3)},
      kg = ${formatScaled(v.kg, 3)}, value = ${formatScaled(v.value, 2)}, age_date = ${empty ? null : v.ageDate}
    WHERE company_id = ${actor.companyId} AND vessel_id = ${v.id}`);
}

/** The alcohol record an action names, checked to exist in the company. */
export async function alcoholName(db: Db, actor: Actor, type: AlcoholType, id: string, field: string): Promise<string> {
  if (!ID.test(id)) throw validationError({ [field]: `Choose a ${ALCOHOL_KINDS[type].label.toLowerCase()}` });
  const [row] = rowsOf<{ name: string }>(
    await db.execute(
      sql`SELECT name FROM ${sql.identifier(ALCOHOL_KINDS[type].table)} WHERE company_id = ${actor.companyId} AND id = ${id}`,
    ),
  );
  if (!row) throw validationError({ [field]: `Choose a ${ALCOHOL_KINDS[type].label.toLowerCase()}` });
  return row.name;
}

export function notFoundVessel(id: string): never {
  throw new AppError('NOT_FOUND', `Vessel ${id} not found`, { id });
}
