import { z } from 'zod';

/**
 * Design checks (issue 27): rules a design must keep, each problem with its rule, its severity,
 * a message naming the elements and the figures, and the elements to frame. Thresholds are the
 * project's (defaults below); the loss budget itself is the fibre settings' (28 dB, GPON B+).
 */
export const DESIGN_RULES = [
  'lossBudget',
  'splitRatio',
  'dropLength',
  'pboSaturation',
  'cableFill',
  'trayCapacity',
  'continuity',
  'geometry',
  'completeness',
] as const;
export type DesignRule = (typeof DESIGN_RULES)[number];

export const SEVERITIES = ['error', 'warning'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface DesignThresholds {
  /** A home's loss above this share of the budget is a warning (above the budget, an error). */
  budgetWarnShare: number;
  /** The largest split of cascaded splitters on a home's path (1:64). */
  maxSplit: number;
  /** The longest drop, in metres. */
  dropMaxM: number;
  /** PBO-FAT ports used above this share warn (above all of them, an error). */
  pboWarnShare: number;
  /** Spare fibres a feeder or distribution cable keeps (free ÷ fibres), else a warning. */
  spareShare: number;
  /** A cable's end lies on an enclosure or a home within this many metres. */
  endToleranceM: number;
  /** A cable's stored Length may differ from its geodesic length by this share. */
  lengthTolerance: number;
}

export const DEFAULT_DESIGN_THRESHOLDS: DesignThresholds = {
  budgetWarnShare: 0.9,
  maxSplit: 64,
  dropMaxM: 300,
  pboWarnShare: 0.8,
  spareShare: 0.1,
  endToleranceM: 1,
  lengthTolerance: 0.01,
};

const share = z.number().min(0).max(1);
export const designThresholdsSchema = z
  .object({
    budgetWarnShare: share,
    maxSplit: z.number().int().min(2).max(1024),
    dropMaxM: z.number().min(1).max(100_000),
    pboWarnShare: share,
    spareShare: share,
    endToleranceM: z.number().min(0).max(1000),
    lengthTolerance: share,
  })
  .strict();
export const designSettingsBody = z
  .object({ thresholds: designThresholdsSchema.partial().strict() })
  .strict();
export type DesignSettingsBody = z.infer<typeof designSettingsBody>;

export interface DesignSettings {
  projectId: number;
  thresholds: DesignThresholds;
}

/** What a problem measured: numbers and names its message shows. */
export type ProblemFigures = Record<string, number | string>;

export interface DesignProblem {
  rule: DesignRule;
  /** The precise check within the rule (a rule such as geometry holds several). */
  code: string;
  severity: Severity;
  /** In the user's language, naming the elements and the figures. */
  message: string;
  elementIds: number[];
  figures: ProblemFigures;
}

export interface DesignProblems {
  problems: DesignProblem[];
  counts: { error: number; warning: number };
  /** When the checks ran, ISO 8601. */
  checkedAt: string;
}

export const problemsQuery = z
  .object({
    rule: z.enum(DESIGN_RULES).optional(),
    locale: z.string().max(10).optional(),
  })
  .strict();
