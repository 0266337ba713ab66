import type { ElementType, ItemProblem, MapElement } from '@integration/contracts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import type { Problem } from './element-validation.ts';

export interface IndexedProblem extends Problem {
  index: number;
}

/**
 * 400 for a request with invalid items: nothing is written, and the message names every
 * bad item by its index in `data` (or, for a single item, just what is wrong).
 */
export function itemsInvalid(problems: IndexedProblem[], single: boolean): AppError {
  return new AppError(
    400,
    'VALIDATION_ERROR',
    'elements.itemsInvalid',
    { count: problems.length },
    undefined,
    (locale) => {
      const details: ItemProblem[] = problems.map((p) => ({
        index: p.index,
        field: p.field,
        message: translate(locale, p.key, p.vars),
      }));
      const lines = details.map((d) =>
        single
          ? d.message
          : translate(locale, 'elements.itemProblem', { index: d.index, message: d.message }),
      );
      return {
        vars: { count: new Set(problems.map((p) => p.index)).size, problems: lines.join(' ') },
        details,
      };
    },
  );
}

/** 409: someone else saved these elements since the client loaded them. */
export function versionConflict(current: MapElement[]): AppError {
  return new AppError(
    409,
    'CONFLICT',
    'elements.versionConflict',
    { count: current.length, names: current.map((e) => e.name).join(', ') },
    { current },
  );
}

export const elementNotFound = (type: ElementType, id: number) =>
  new AppError(404, 'NOT_FOUND', 'elements.notFound', { type: type.displayName, id });

/** A cluster that does not exist is a 404 for admins, a 403 for everyone else. */
export const missingCluster = (isAdmin: boolean, id: number) =>
  isAdmin ? new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id }) : forbidden();

/**
 * Elements that another writer moved to a newer version between our checks and our write
 * (writes take no row locks while checking): the whole write is rolled back and retried.
 */
export class ConcurrentChange extends Error {
  constructor(readonly ids: number[]) {
    super(`elements changed meanwhile: ${ids.join(', ')}`);
  }
}

/**
 * The same lost race as above, seen as a unique violation, which is rethrown as such:
 * - an update copies the versions it replaces into the history before writing; another
 *   writer that copied the same version first (and so replaced it) makes that copy clash,
 *   naming the element;
 * - a create sent twice with one client key, the first still running when the second
 *   wrote: tried again, the second finds the element the first made.
 * Anything else is rethrown.
 */
export function lostToAnotherWriter(error: unknown): never {
  if (isUniqueViolation(error)) {
    for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      const { constraint, detail } = e as { constraint?: unknown; detail?: unknown };
      if (constraint === 'network_elements_client_key') throw new ConcurrentChange([]);
      if (constraint !== 'element_history_pkey') continue;
      const id = /\(element_id, version\)=\((\d+),/.exec(String(detail))?.[1];
      throw new ConcurrentChange(id ? [Number(id)] : []);
    }
  }
  throw error;
}
