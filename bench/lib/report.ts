/** One measured figure printed beside the reference measured in the same run. */
export interface Figure {
  name: string;
  ours: number;
  reference: number;
  referenceName: string;
  unit: 'ms' | 'MB';
  goal?: number;
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n## ${title}\n`);
  const rows = figures.map((f) => {
    const ratio = f.reference > 0 ? f.ours / f.reference : NaN;
    const goal = f.goal ? (ratio <= f.goal ? `≤ ${f.goal}× ok` : `≤ ${f.goal}× MISSED`) : '';
    return [
      f.name,
      `${f.ours.toFixed(1)} ${f.unit}`,
      `${f.reference.toFixed(1)} ${f.unit}`,
      f.referenceName,
      Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '-',
      goal,
    ];
  });
  const header = ['figure', 'ours', 'reference', 'reference is', 'ratio', 'goal'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of rows) console.log(line(row));
}

/** Median of `runs` timings of fn, in milliseconds, after one warm-up. */
export async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

/**
 * Medians of `runs` timings of each fn, in milliseconds, after one warm-up each, the fns taking
 * turns run after run: on a busy machine, a slow moment weighs on every figure alike.
 */
export async function interleavedMediansMs(
  runs: number,
  fns: (() => Promise<unknown>)[],
): Promise<number[]> {
  for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      times[k]?.push(performance.now() - start);
    }
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return t[Math.floor(t.length / 2)] ?? NaN;
  });
}
