// A per-user sliding window: how many times a user did something costly (an export writes a
// file) in the last window. In memory, so each server counts its own requests; behind several
// servers the limit is per server, which still bounds what one request or one user can cost.
export class PerUserLimit {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; answers 0 when allowed, or the milliseconds until the next is allowed. */
  take(userId: string): number {
    const t = this.now();
    const recent = (this.hits.get(userId) ?? []).filter((at) => t - at < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(userId, recent);
      return recent[0] + this.windowMs - t;
    }
    recent.push(t);
    this.hits.set(userId, recent);
    if (this.hits.size > 10_000) this.forgetIdle(t);
    return 0;
  }

  private forgetIdle(t: number) {
    for (const [user, times] of this.hits)
      if (!times.length || t - times[times.length - 1] >= this.windowMs) this.hits.delete(user);
  }
}
