// The angels' share of emptying a cask, worked before the person confirms: the LAA the cask
// holds (what it was filled with, less any loss already posted by a regauge) less the LAA of the
// volume and strength regauged now. Emptying (the excise module's caskEmpty action) posts the
// same difference as an in-course loss: a loss in prescribed circumstances for spirits (B266), an
// authorised loss for wine (WineReductionLossesAuthorised, B265).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connect';
import type { DomainContext } from '../records/actor';
import { AppError, validationError } from '../kernel/errors';
import { Fields } from '../excise/inputs';
import { fromMilli, laaOf, parseScaled, shareOf } from '../excise/quantities';
import { ageAt, type Age } from './age';
import { ageStart } from './ageing';

export interface AngelsShare {
  caskId: string;
  filledLaa: number;
  regaugedLaa: number;
  shareLaa: number;
  sharePercent: number;
  age: Age | null;
}

export async function angelsShare(ctx: DomainContext, raw: Record<string, unknown>): Promise<AngelsShare> {
  const f = new Fields(raw);
  const caskId = f.id('caskId')!;
  const date = f.date('date');
  const volume = f.volumeOrZero('volume');
  const strength = f.strength('strength');
  f.check();
  const [cask] = rowsOf<{ number: string; laa: string | null; date_filled: string | null; age_from: string | null }>(
    await ctx.db.execute(sql`
      SELECT c.number, v.laa::text AS laa, to_char(c.date_filled, 'YYYY-MM-DD') AS date_filled,
             to_char(c.age_from, 'YYYY-MM-DD') AS age_from
      FROM casks c LEFT JOIN vessel_contents v ON v.company_id = c.company_id AND v.vessel_id = c.id
      WHERE c.company_id = ${ctx.actor.companyId} AND c.id = ${caskId}`),
  );
  if (!cask) throw new AppError('NOT_FOUND', `Cask ${caskId} not found`, { id: caskId });
  const filled = parseScaled(cask.laa, 3);
  if (filled === 0) throw validationError({ caskId: `Cask ${cask.number} is empty` });
  const regauged = laaOf(volume!, strength!);
  if (regauged > filled)
    throw validationError({
      strength: `The regauged ${fromMilli(regauged).toFixed(3)} LAA is more than the ${fromMilli(filled).toFixed(3)} LAA the cask holds: check the volume and strength`,
    });
  const share = filled - regauged;
  const start = ageStart({ ageFrom: cask.age_from, dateFilled: cask.date_filled });
  return {
    caskId,
    filledLaa: fromMilli(filled),
    regaugedLaa: fromMilli(regauged),
    shareLaa: fromMilli(share),
    // tenths of a percent of the filled LAA, rounded once
    sharePercent: shareOf(1000, share, filled) / 10,
    age: start ? ageAt(start, date) : null,
  };
}
