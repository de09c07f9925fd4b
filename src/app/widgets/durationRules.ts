// Duration picker rules (spec 5): days 0 to 30, hours 0 to 24, minutes 0 to 59, stored as
// total minutes.

export const DURATION_LIMITS = {
  days: { min: 0, max: 30 },
  hours: { min: 0, max: 24 },
  minutes: { min: 0, max: 59 },
} as const;

export type DurationPart = keyof typeof DURATION_LIMITS;

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
}

export const MINUTES_PER_HOUR = 60;
export const MINUTES_PER_DAY = 24 * 60;

/** 1530 -> { days: 1, hours: 1, minutes: 30 }. Blank or negative -> zeros. */
export function splitMinutes(total: number | null | undefined): DurationParts {
  const t = typeof total === 'number' && Number.isFinite(total) && total > 0 ? Math.round(total) : 0;
  return {
    days: Math.floor(t / MINUTES_PER_DAY),
    hours: Math.floor((t % MINUTES_PER_DAY) / MINUTES_PER_HOUR),
    minutes: t % MINUTES_PER_HOUR,
  };
}

export function totalMinutes(parts: DurationParts): number {
  return parts.days * MINUTES_PER_DAY + parts.hours * MINUTES_PER_HOUR + parts.minutes;
}

/** 'Must be >= 0' / 'Must be <= {max}' / 'Must be a whole number' for one part. */
export function durationPartError(
  part: DurationPart,
  value: number,
): { message: string; args: Record<string, unknown> } | undefined {
  const { min, max } = DURATION_LIMITS[part];
  if (!Number.isFinite(value) || !Number.isInteger(value)) return { message: 'app.validation.integer', args: {} };
  if (value < min) return { message: 'app.validation.min', args: { min } };
  if (value > max) return { message: 'app.validation.max', args: { max } };
  return undefined;
}

/** Parses a part's text: blank -> 0. */
export const parsePart = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));

/** 1563 -> '1d 2h 3m'; zero parts are left out ('0m' for nothing). */
export function formatDuration(total: number | null | undefined): string {
  const { days, hours, minutes } = splitMinutes(total);
  const parts = [days ? `${days}d` : '', hours ? `${hours}h` : '', minutes ? `${minutes}m` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : '0m';
}
