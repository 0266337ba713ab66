import type { ProfileGraph } from './route-planner.ts';

/** Graphs kept at most: a project's two-wheeler graph and a few infrastructure ones. */
const MAX_GRAPHS = 12;

/**
 * Graphs built on first use and kept while their stamp holds (when the roads, the settings or,
 * for the infrastructure profile, the elements last changed: read from the database on each
 * query, so an import through another server instance also invalidates). Concurrent first uses
 * share one build. Least recently used graphs go first.
 */
export class GraphCache {
  private readonly entries = new Map<string, { stamp: string; graph: Promise<ProfileGraph> }>();

  async get(key: string, stamp: string, build: () => Promise<ProfileGraph>): Promise<ProfileGraph> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.stamp === stamp) {
      this.entries.set(key, hit);
      return hit.graph;
    }
    const graph = build();
    this.entries.set(key, { stamp, graph });
    graph.catch(() => this.entries.delete(key));
    while (this.entries.size > MAX_GRAPHS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return graph;
  }

  /** Drops every graph of a project (its roads changed here). */
  forget(projectId: number): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(`${projectId}:`)) this.entries.delete(key);
    }
  }
}
