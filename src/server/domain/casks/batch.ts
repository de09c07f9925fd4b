// Per-request batching for field resolvers: a list page asks a field of each of its rows in the
// same tick, so the rows' keys are collected and loaded with one call (no query per row).
import type { ApiContext } from '../kernel/module';

interface Pending<V> {
  keys: Set<string>;
  waiting: { key: string; resolve: (v: V | null) => void; reject: (e: unknown) => void }[];
}

/** A loader of one field: `load` answers a value per key for a set of keys, `group` separates
 * calls that cannot share a query (a different argument). */
export function batchLoader<V>(load: (ctx: ApiContext, keys: string[], group: string) => Promise<Map<string, V>>) {
  const byRequest = new WeakMap<ApiContext, Map<string, Pending<V>>>();
  return (ctx: ApiContext, key: string, group = ''): Promise<V | null> =>
    new Promise((resolve, reject) => {
      let groups = byRequest.get(ctx);
      if (!groups) byRequest.set(ctx, (groups = new Map()));
      let pending = groups.get(group);
      if (!pending) {
        const fresh: Pending<V> = { keys: new Set(), waiting: [] };
        groups.set(group, (pending = fresh));
        // after every row of the page has asked (their resolvers run in this tick's microtasks)
        setImmediate(() => {
          groups.delete(group);
          load(ctx, [...fresh.keys], group).then(
            (values) => fresh.waiting.forEach((w) => w.resolve(values.get(w.key) ?? null)),
            (error: unknown) => fresh.waiting.forEach((w) => w.reject(error)),
          );
        });
      }
      pending.keys.add(key);
      pending.waiting.push({ key, resolve, reject });
    });
}
