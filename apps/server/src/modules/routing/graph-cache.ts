/**
 * What the routing worker keeps between queries: graphs (and what they are built from), each
 * under a key (project, profile, clusters) and a stamp (when the roads, the settings or, for the
 * infrastructure overlay, the elements last changed: read from the database on each query, so an
 * import through another server instance also invalidates). A stale stamp is a miss.
 *
 * Bounded by bytes, not by count (issue 25: twelve graphs of ~200 MB each were kept): each entry
 * says what its arrays hold, and the least recently used go first once the total passes the
 * budget. The newest entry stays even alone over the budget (it is being used).
 */
export class GraphCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T; bytes: number }>();
  private total = 0;

  constructor(readonly budgetBytes: number) {}

  /** The value kept under a key at this stamp, now the most recently used. */
  get(key: string, stamp: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.stamp !== stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, stamp: string, value: T, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { stamp, value, bytes });
    this.total += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.budgetBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  /** Drops every entry whose key starts with the prefix (a project's, its roads changed here). */
  forget(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }
}
