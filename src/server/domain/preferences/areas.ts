// The preference areas of spec 3 and what each holds: a zod shape per area (every field
// optional on input: a person saves what they changed), and the values a company starts with.
import { z } from 'zod';

const minutes = z.number().int().min(0, 'At least 0 minutes').max(10_080, 'At most a week (10,080 minutes)');
const flag = z.boolean();

export const PREFERENCE_AREAS = {
  /** the steps of the production overview (and the setup wizard's workflow ticks) */
  workflow: z.object({
    sales: flag,
    purchasing: flag,
    mashing: flag,
    distilling: flag,
    blending: flag,
    wine: flag,
    casks: flag,
    bulkContainers: flag,
  }),
  mashing: z.object({
    mashBrix: z.number().min(0, 'At least 0 °Bx').max(50, 'At most 50 °Bx').nullable(),
    mashpH: z.number().min(0, 'pH is at least 0').max(14, 'pH is at most 14').nullable(),
    mashDuration: minutes.nullable(),
  }),
  bottling: z.object({
    bottleDuration: minutes.nullable(),
    bottleProof: z.number().min(0, 'At least 0 % ABV').max(99, 'At most 99 % ABV').nullable(),
  }),
  blending: z.object({ blendDuration: minutes.nullable() }),
  distilling: z.object({ distillDuration: minutes.nullable() }),
} as const;

export type PreferenceArea = keyof typeof PREFERENCE_AREAS;
export type PreferencesOf<A extends PreferenceArea> = z.infer<(typeof PREFERENCE_AREAS)[A]>;

/** What a company has before it saves anything (spec 9): mashing, distilling, blending and casks
 * on, wine and bulk containers off (sales and purchasing, which spec 9 leaves out, on); no
 * production defaults. */
export function initialPreferences<A extends PreferenceArea>(area: A): PreferencesOf<A> {
  const initial: { [K in PreferenceArea]: PreferencesOf<K> } = {
    workflow: {
      sales: true,
      purchasing: true,
      mashing: true,
      distilling: true,
      blending: true,
      wine: false,
      casks: true,
      bulkContainers: false,
    },
    mashing: { mashBrix: null, mashpH: null, mashDuration: null },
    bottling: { bottleDuration: null, bottleProof: null },
    blending: { blendDuration: null },
    distilling: { distillDuration: null },
  };
  return initial[area];
}
