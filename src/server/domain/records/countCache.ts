// totalCount of a list depends on its filters, not on the page: paging through a list of 85k
// rows should not count them again on every page (about 30 ms on a small server). Counts are
// cached per company, entity and filters; every write through the domain bumps the entity's
// generation so this server never answers a stale count, and a short TTL bounds how stale a
// count can be when another server wrote.
const TTL_MS = 15_000;
const MAX_ENTRIES = 5_000;

const generations = new Map<string, number>();
const counts = new Map<string, { count: number; generation: number; at: number }>();

const scope = (companyId: string, entity: string) => `${companyId}:${entity}`;

export function invalidateCounts(companyId: string, entity: string): void {
  const key = scope(companyId, entity);
  generations.set(key, (generations.get(key) ?? 0) + 1);
}

export async function cachedCount(
  companyId: string,
  entity: string,
  filterKey: string,
  count: () => Promise<number>,
): Promise<number> {
  const generation = generations.get(scope(companyId, entity)) ?? 0;
  const key = `${scope(companyId, entity)}:${filterKey}`;
  const hit = counts.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < TTL_MS) return hit.count;
  const value = await count();
  if (counts.size >= MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  counts.set(key, { count: value, generation, at: Date.now() });
  return value;
}

/** For benchmarks that measure the uncached path. */
export function forgetCounts(): void {
  counts.clear();
}
