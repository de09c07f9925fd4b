// Permission strings held by a company member: `selling`, `selling.read`, `selling.write`, …
// (spec section 6). The server enforces them on every operation; the client uses the same
// rules only to hide what the user cannot open.
//
//   required 'selling'        <- held 'selling' | 'selling.read' | 'selling.write'
//   required 'selling.read'   <- held 'selling.read' | 'selling.write'
//   required 'selling.write'  <- held 'selling.write'

export type Access = 'read' | 'write';

/** Splits 'selling.write' into ['selling', 'write']; a bare 'selling' has no access part. */
export function parsePermission(permission: string): { area: string; access?: Access } {
  const dot = permission.lastIndexOf('.');
  if (dot < 0) return { area: permission };
  const access = permission.slice(dot + 1);
  if (access === 'read' || access === 'write') return { area: permission.slice(0, dot), access };
  return { area: permission };
}

/** Whether one held permission satisfies one required permission. */
function satisfies(held: string, required: string): boolean {
  const h = parsePermission(held);
  const r = parsePermission(required);
  if (h.area !== r.area) return false;
  if (r.access === undefined) return true;
  if (r.access === 'read') return h.access === 'read' || h.access === 'write';
  return h.access === 'write';
}

/** 'inventory.write&production.write' requires both (spec 2.3: alcohol records' writes). */
export function hasPermission(held: readonly string[], required: string): boolean {
  return required.split('&').every((part) => held.some((h) => satisfies(h, part)));
}

/** True when any one of `required` is held. An empty requirement list requires nothing. */
export function hasAny(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return true;
  return required.some((r) => hasPermission(held, r));
}
