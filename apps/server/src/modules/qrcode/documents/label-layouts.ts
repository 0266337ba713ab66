/** Label stocks the labels PDF can print on. Sheet measures are the makers' published ones. */
export const LABEL_LAYOUT_IDS = ['a4-21', 'a4-65', 'roll-50x30'] as const;
export type LabelLayoutId = (typeof LABEL_LAYOUT_IDS)[number];

export interface LabelLayout {
  id: LabelLayoutId;
  pageWidthPt: number;
  pageHeightPt: number;
  columns: number;
  rows: number;
  labelWidthPt: number;
  labelHeightPt: number;
  /** From the page's top edge to the first row's top edge. */
  marginTopPt: number;
  /** From the page's left edge to the first column's left edge. */
  marginLeftPt: number;
  /** Between two columns: horizontal pitch minus label width. */
  gapXPt: number;
  /** Between two rows: vertical pitch minus label height. */
  gapYPt: number;
  /** Q (25 % recoverable) where labels live outdoors and get dirty, M (15 %) indoors. */
  errorCorrection: 'M' | 'Q';
  /** columns × rows */
  perPage: number;
}

const mm = (value: number) => (value * 72) / 25.4;
const A4 = { pageWidthPt: mm(210), pageHeightPt: mm(297) };

function layout(fields: Omit<LabelLayout, 'perPage'>): LabelLayout {
  return { ...fields, perPage: fields.columns * fields.rows };
}

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  // Avery L7160: 63.5 × 38.1 mm, horizontal pitch 66.04 mm, rows touching.
  'a4-21': layout({
    id: 'a4-21',
    ...A4,
    columns: 3,
    rows: 7,
    labelWidthPt: mm(63.5),
    labelHeightPt: mm(38.1),
    marginTopPt: mm(15.15),
    marginLeftPt: mm(7.25),
    gapXPt: mm(66.04 - 63.5),
    gapYPt: 0,
    errorCorrection: 'M',
  }),
  // Avery L7651: 38.1 × 21.2 mm, horizontal pitch 40.64 mm, vertical pitch 21.2 mm.
  'a4-65': layout({
    id: 'a4-65',
    ...A4,
    columns: 5,
    rows: 13,
    labelWidthPt: mm(38.1),
    labelHeightPt: mm(21.2),
    marginTopPt: mm(10.7),
    marginLeftPt: mm(4.65),
    gapXPt: mm(40.64 - 38.1),
    gapYPt: 0,
    errorCorrection: 'M',
  }),
  // A thermal printer's roll: each 50 × 30 mm label is a page of its own.
  'roll-50x30': layout({
    id: 'roll-50x30',
    pageWidthPt: mm(50),
    pageHeightPt: mm(30),
    columns: 1,
    rows: 1,
    labelWidthPt: mm(50),
    labelHeightPt: mm(30),
    marginTopPt: 0,
    marginLeftPt: 0,
    gapXPt: 0,
    gapYPt: 0,
    errorCorrection: 'Q',
  }),
};

/** Top-left corner of the label at `position` (0-based, row by row) on its page. */
export function labelOrigin(layout: LabelLayout, position: number): { x: number; y: number } {
  const column = position % layout.columns;
  const row = Math.floor(position / layout.columns);
  return {
    x: layout.marginLeftPt + column * (layout.labelWidthPt + layout.gapXPt),
    y: layout.marginTopPt + row * (layout.labelHeightPt + layout.gapYPt),
  };
}
