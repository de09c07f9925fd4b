// The permission checkboxes of /useredit: per base (selling, buying, …) none, read or write,
// plus `values`. Held strings follow spec 6: a bare 'selling' gives read and write.
import { hasPermission } from '../../../shared/permissions';

export const PERMISSION_BASES = [
  'selling',
  'buying',
  'production',
  'inventory',
  'config',
  'audit',
  'forecasting',
  'scheduling',
  'reports',
] as const;
export type PermissionBase = (typeof PERMISSION_BASES)[number];
export type Level = 'none' | 'read' | 'write';

export const VALUES = 'values';

export function levelOf(held: readonly string[], base: string): Level {
  if (hasPermission(held, `${base}.write`)) return 'write';
  if (hasPermission(held, `${base}.read`)) return 'read';
  return 'none';
}

const belongsTo = (permission: string, base: string) =>
  permission === base || permission === `${base}.read` || permission === `${base}.write`;

/**
 * The permissions with `base` set to `level`: the base's strings are replaced by
 * `<base>.read`, or `<base>.read` and `<base>.write` (as the demo members hold them), unless
 * the level is what they already give. Other strings are kept in order.
 */
export function withLevel(held: readonly string[], base: string, level: Level): string[] {
  if (levelOf(held, base) === level) return [...held];
  const rest = held.filter((p) => !belongsTo(p, base));
  if (level === 'none') return rest;
  return level === 'read' ? [...rest, `${base}.read`] : [...rest, `${base}.read`, `${base}.write`];
}

export function withValues(held: readonly string[], on: boolean): string[] {
  const rest = held.filter((p) => !belongsTo(p, VALUES));
  return on ? [...rest, VALUES] : rest;
}

export const holdsValues = (held: readonly string[]) => hasPermission(held, VALUES);

/** Ticking read or write: write implies read; unticking read clears write too. */
export function toggle(held: readonly string[], base: string, access: 'read' | 'write', checked: boolean): string[] {
  const current = levelOf(held, base);
  let next: Level;
  if (access === 'write') next = checked ? 'write' : current === 'none' ? 'none' : 'read';
  else next = checked ? (current === 'write' ? 'write' : 'read') : 'none';
  return withLevel(held, base, next);
}
