// The alcohol quantity rule of the vessel action forms: volume (litres at 20 °C, 3 decimals),
// strength (% ABV, 2 decimals) and LAA (litres of absolute alcohol, 3 decimals), tied by
// LAA = volume x strength / 100. The person types any two; the third follows from the two
// typed last. When the strength is the vessel's own (a transfer moves what the vessel holds),
// it always counts as one of the two, and typing an LAA gives the volume.
import { waterToReduce } from '../../../shared/alcoholometry';
import { roundTo } from '../../widgets/numberRules';

export type QuantityField = 'volume' | 'strength' | 'laa';
export const QUANTITY_FIELDS: readonly QuantityField[] = ['volume', 'strength', 'laa'];

export const DECIMALS: Record<QuantityField, number> = { volume: 3, strength: 2, laa: 3 };
/** Spec 5: 'Strength must be between 0% and 99%'. */
export const STRENGTH_MAX = 99;

export type Quantities = Partial<Record<QuantityField, number | null | undefined>>;

const usable = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** LAA = volume x strength / 100, rounded once to 3 decimals. */
export const laaOf = (volume: number, strength: number): number => roundTo((volume * strength) / 100, DECIMALS.laa);

/** The strength of a volume holding `laa`: LAA / volume x 100 to 2 decimals; null for no volume. */
export const strengthOf = (volume: number, laa: number): number | null =>
  volume > 0 ? roundTo((laa / volume) * 100, DECIMALS.strength) : null;

/** The volume that holds `laa` at `strength`: LAA x 100 / strength to 3 decimals; null at 0 %. */
export const volumeOf = (laa: number, strength: number): number | null =>
  strength > 0 ? roundTo((laa * 100) / strength, DECIMALS.volume) : null;

/**
 * Which field follows from the others: the one not among the two typed last (`recent`, most
 * recent first). With `pinnedStrength` the strength is always one of the two.
 */
export function derivedField(recent: readonly QuantityField[], pinnedStrength = false): QuantityField {
  const typed: QuantityField[] = [];
  if (pinnedStrength) typed.push('strength');
  for (const f of recent) if (!typed.includes(f) && typed.length < 2) typed.push(f);
  // before anything is typed: volume and strength give the LAA
  for (const f of ['volume', 'strength'] as const) if (typed.length < 2 && !typed.includes(f)) typed.push(f);
  return QUANTITY_FIELDS.find((f) => !typed.includes(f))!;
}

/** The value of `field` computed from the other two, or null when they do not determine it. */
export function solve(field: QuantityField, q: Quantities): number | null {
  const { volume, strength, laa } = q;
  switch (field) {
    case 'laa':
      return usable(volume) && usable(strength) ? laaOf(volume, strength) : null;
    case 'strength':
      return usable(volume) && usable(laa) ? strengthOf(volume, laa) : null;
    case 'volume':
      return usable(laa) && usable(strength) ? volumeOf(laa, strength) : null;
  }
}

/** Moves the field just typed to the front of the most-recent list. */
export const touch = (recent: readonly QuantityField[], field: QuantityField): QuantityField[] => [
  field,
  ...recent.filter((f) => f !== field),
];

/**
 * After `field` changed to `value`: the new quantities, the derived field recomputed.
 * `recent` is the most-recent list before the change.
 */
export function applyChange(
  q: Quantities,
  recent: readonly QuantityField[],
  field: QuantityField,
  value: number | null,
  pinnedStrength = false,
): { quantities: Quantities; recent: QuantityField[]; derived: QuantityField } {
  const nextRecent = touch(recent, field);
  const next: Quantities = { ...q, [field]: value };
  const derived = derivedField(nextRecent, pinnedStrength);
  if (derived !== field) next[derived] = solve(derived, next);
  return { quantities: next, recent: nextRecent, derived };
}

/**
 * The tank proof preview: the LAA stays, so the tank holds LAA x 100 / target litres at 20 °C;
 * the water to add comes from the OIML R 22 tables (the mix contracts, so it is more than the
 * growth in volume). Null when the target is not a strength below the tank's.
 */
export function proofPreview(
  current: { volume: number; laa: number; strength: number },
  target: number | null | undefined,
): { volume: number; water: number } | null {
  if (!usable(target) || target <= 0 || target >= current.strength) return null;
  const volume = volumeOf(current.laa, target);
  if (volume === null) return null;
  try {
    const { waterL } = waterToReduce(current.volume, current.strength, target);
    return { volume, water: roundTo(waterL, DECIMALS.volume) };
  } catch {
    return null;
  }
}
