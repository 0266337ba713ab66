import type { BomQuery } from '@integration/contracts';

/** What a bill covers: a project, or one of its central offices, or one of its clusters. */
export type BomScope = Pick<BomQuery, 'projectId' | 'centralOfficeId' | 'clusterId'>;

const SCOPE_KEYS = ['projectId', 'centralOfficeId', 'clusterId'] as const;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The scope named in the page's address (`?projectId=1&clusterId=3`), so a link from the map
 * or the Project page opens the bill it means and a reload keeps it. Bad ids are ignored.
 */
export function scopeFromSearch(params: URLSearchParams): Partial<BomScope> {
  const scope: Partial<BomScope> = {};
  for (const key of SCOPE_KEYS) {
    const id = positive(params.get(key));
    if (id !== undefined) scope[key] = id;
  }
  return scope;
}

/** The address's query for a scope: only the ids that are set, in a stable order. */
export function scopeSearch(scope: Partial<BomScope>): string {
  const params = new URLSearchParams();
  for (const key of SCOPE_KEYS) {
    const id = scope[key];
    if (id !== undefined) params.set(key, String(id));
  }
  return params.toString();
}

/** A complete scope (one with its project), else null: the bill cannot be asked for yet. */
export const completeScope = (scope: Partial<BomScope>): BomScope | null =>
  scope.projectId === undefined ? null : { ...scope, projectId: scope.projectId };
