import { DESIGN_RULES, type DesignProblem, type DesignRule } from '@integration/contracts';

/** Rows drawn at a time: hundreds of problems stay quick; "Show more" draws the next ones. */
export const PROBLEMS_PAGE = 100;

export const SEVERITY_FILTERS = ['all', 'error', 'warning'] as const;
export type SeverityFilter = (typeof SEVERITY_FILTERS)[number];

/** One problem told apart from the others of the list (the same rule may fire on many). */
export const problemKey = (p: DesignProblem) => `${p.code}:${p.elementIds.join(',')}`;

export function matches(p: DesignProblem, severity: SeverityFilter, rule: DesignRule | null) {
  return (severity === 'all' || p.severity === severity) && (rule === null || p.rule === rule);
}

/** How many problems each rule found, every rule listed (none found: 0). */
export function countByRule(problems: readonly DesignProblem[]): Record<DesignRule, number> {
  const counts = Object.fromEntries(DESIGN_RULES.map((r) => [r, 0])) as Record<DesignRule, number>;
  for (const p of problems) counts[p.rule] += 1;
  return counts;
}

/** Errors and warnings of a list (the server's counts cover the whole cluster). */
export function countBySeverity(problems: readonly DesignProblem[]) {
  let error = 0;
  for (const p of problems) if (p.severity === 'error') error += 1;
  return { all: problems.length, error, warning: problems.length - error };
}

export const isDesignRule = (value: string | null): value is DesignRule =>
  value !== null && (DESIGN_RULES as readonly string[]).includes(value);
