import {
  DEFAULT_CURRENCY,
  ORGANISATION_LEVELS,
  type OrganisationLevel,
  type Project,
} from '@integration/contracts';

/**
 * Where the admin is in the organisation: the subsidiary, client and main project chosen, each
 * column showing the children of the one before. Kept in the address (?s=&c=&m=) so that a
 * reload, a shared link or the phone's Back button lands on the same place.
 */
export interface OrganisationPath {
  subsidiary: number | null;
  client: number | null;
  mainProject: number | null;
}
export type ParentLevel = keyof OrganisationPath;

export const ROOT: OrganisationPath = { subsidiary: null, client: null, mainProject: null };
const PARENTS: readonly ParentLevel[] = ['subsidiary', 'client', 'mainProject'];
const PARAM: Record<ParentLevel, string> = { subsidiary: 's', client: 'c', mainProject: 'm' };

/** The level whose rows are the children of `level` (a project has none here). */
export const childLevel = (level: OrganisationLevel): OrganisationLevel | null =>
  ORGANISATION_LEVELS[ORGANISATION_LEVELS.indexOf(level) + 1] ?? null;

/** The level above, whose chosen row a new row of `level` goes under. */
export const parentLevel = (level: OrganisationLevel): ParentLevel | null =>
  (ORGANISATION_LEVELS[ORGANISATION_LEVELS.indexOf(level) - 1] as ParentLevel | undefined) ?? null;

/** Chooses a row of a level; the levels below it start again. */
export function choose(
  path: OrganisationPath,
  level: ParentLevel,
  id: number | null,
): OrganisationPath {
  const next = { ...path, [level]: id };
  for (const lower of PARENTS.slice(PARENTS.indexOf(level) + 1)) next[lower] = null;
  return next;
}

/** The path read from the address: a level counts only when the one above is chosen. */
export function pathFromSearch(search: URLSearchParams): OrganisationPath {
  const path = { ...ROOT };
  for (const level of PARENTS) {
    const id = Number(search.get(PARAM[level]));
    if (!Number.isInteger(id) || id <= 0) break;
    path[level] = id;
  }
  return path;
}

export function searchFromPath(path: OrganisationPath): URLSearchParams {
  const search = new URLSearchParams();
  for (const level of PARENTS) {
    const id = path[level];
    if (id === null) break;
    search.set(PARAM[level], String(id));
  }
  return search;
}

/**
 * The one column a phone shows: the children of the deepest chosen row (the subsidiaries when
 * nothing is chosen, the projects once a main project is).
 */
export function deepestLevel(path: OrganisationPath): OrganisationLevel {
  const chosen = PARENTS.filter((level) => path[level] !== null).length;
  return ORGANISATION_LEVELS[chosen] ?? 'project';
}

/** How many projects each subsidiary, client and main project holds (of those listed). */
export function projectCounts(
  projects: readonly Project[],
): Record<ParentLevel, Map<number, number>> {
  const counts: Record<ParentLevel, Map<number, number>> = {
    subsidiary: new Map(),
    client: new Map(),
    mainProject: new Map(),
  };
  const add = (map: Map<number, number>, id: number) => map.set(id, (map.get(id) ?? 0) + 1);
  for (const p of projects) {
    add(counts.subsidiary, p.client.subsidiary.id);
    add(counts.client, p.client.id);
    add(counts.mainProject, p.mainProjectId);
  }
  return counts;
}

/**
 * The currency a new project starts with: the one most of its subsidiary's projects use (they
 * share a country), else KES (SPEC §9).
 */
export function defaultCurrency(projects: readonly Project[], subsidiaryId: number | null): string {
  const tally = new Map<string, number>();
  for (const p of projects) {
    if (p.client.subsidiary.id === subsidiaryId)
      tally.set(p.currency, (tally.get(p.currency) ?? 0) + 1);
  }
  let best = DEFAULT_CURRENCY;
  let most = 0;
  for (const [currency, n] of tally) {
    if (n > most) [best, most] = [currency, n];
  }
  return best;
}
