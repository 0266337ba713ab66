import { AppError } from './app-error.ts';

/**
 * At most `perUser` runs of one kind of heavy work (a report, a PDF, a route) per user at once:
 * one user's many tabs or a script must not queue everyone else behind them. A run beyond the
 * limit is refused at once with 429 rather than queued, so that nothing piles up in memory.
 */
export class PerUserLimit {
  private readonly running = new Map<number, number>();

  constructor(readonly perUser: number) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const now = this.running.get(userId) ?? 0;
    if (now >= this.perUser) {
      throw new AppError(429, 'RATE_LIMITED', 'limits.busy', { count: now });
    }
    this.running.set(userId, now + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    }
  }
}
