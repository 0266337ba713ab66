import type { Trace } from '@integration/contracts';

/** A cell as CSV quotes it: fields with a comma, quote or line break are quoted. */
const cell = (v: string | number | undefined) => {
  const s = v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The trace's hops as CSV (one line a hop, the totals and margin last), with the headings in
 * the user's language: what a planner pastes into a spreadsheet or hands to a contractor.
 */
export function traceCsv(
  trace: Trace,
  headings: string[],
  totals: { label: string; margin: string },
): string {
  const rows: (string | number | undefined)[][] = [headings];
  trace.hops.forEach((h, i) =>
    rows.push([
      i + 1,
      h.kind,
      h.name,
      h.fibreNumber,
      h.colour?.name,
      h.lengthM,
      h.cumulativeLengthM,
      h.lossDb['1310'],
      h.lossDb['1550'],
      h.cumulativeLossDb['1310'],
      h.cumulativeLossDb['1550'],
    ]),
  );
  rows.push([
    totals.label,
    trace.end,
    '',
    '',
    '',
    '',
    trace.totalLengthM,
    '',
    '',
    trace.totalLossDb['1310'],
    trace.totalLossDb['1550'],
  ]);
  rows.push([totals.margin, '', '', '', '', '', '', '', '', trace.marginDb, trace.marginDb]);
  // CRLF and a byte-order mark: Excel opens it as UTF-8 (French names keep their accents).
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Saves text as a file in the browser. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
