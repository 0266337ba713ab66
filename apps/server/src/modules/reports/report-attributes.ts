import {
  REPORT_ELEMENT_TYPES,
  type AttributeDefinition,
  type ReportAttribute,
  type ReportAttributes,
  type ReportElementType,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { templatesRepository } from '../templates/templates.repository.ts';

/** A PBO-FAT's number of users: the items of its 'FAT Existing Users ID' (issue 17). */
export const EXISTING_USERS = 'Existing Users';
export const EXISTING_USERS_SOURCE = 'FAT Existing Users ID';

/** Attributes the server sets from the element itself that say nothing to a report. */
const HIDDEN = new Set(['Coordinates', 'Creation Date', 'Last Modification Date']);

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** Numbers, and dropdowns whose every option is a number (PBO-FAT Capacity 8/16/24). */
function isNumber(def: AttributeDefinition): boolean {
  if (def.inputType === 'number') return true;
  return (
    def.inputType === 'dropdown' &&
    (def.options?.length ?? 0) > 0 &&
    (def.options ?? []).every((o) => NUMBER_TEXT.test(o))
  );
}

/**
 * What reports may use across several projects (the builder before a project is chosen, issue
 * 28): every attribute of their templates by name, a number only where it is one in all.
 */
export async function reportAttributesAcross(
  db: Queryable,
  projectIds: number[],
): Promise<ReportAttributes> {
  const each = await Promise.all(projectIds.map((id) => reportAttributes(db, id)));
  const entries = REPORT_ELEMENT_TYPES.map((type): [ReportElementType, ReportAttribute[]] => {
    const byName = new Map<string, ReportAttribute>();
    for (const attribute of each.flatMap((a) => a[type])) {
      const number = attribute.number && (byName.get(attribute.name)?.number ?? true);
      byName.set(attribute.name, { name: attribute.name, number });
    }
    return [type, [...byName.values()]];
  });
  return Object.fromEntries(entries) as ReportAttributes;
}

/**
 * What a project's reports may use, per element type offered to reports (SPEC §5): the
 * attributes of its templates (all templates of the type, by name), numbers marked.
 */
export async function reportAttributes(
  db: Queryable,
  projectId: number,
): Promise<ReportAttributes> {
  const entries = await Promise.all(
    REPORT_ELEMENT_TYPES.map(async (type): Promise<[ReportElementType, ReportAttribute[]]> => {
      const templates = await templatesRepository.ofProject(db, projectId, type);
      const byName = new Map<string, ReportAttribute>();
      for (const def of templates.flatMap((t) => t.attributes)) {
        if (HIDDEN.has(def.name)) continue;
        const number = isNumber(def) && (byName.get(def.name)?.number ?? true);
        byName.set(def.name, { name: def.name, number });
        if (def.name === EXISTING_USERS_SOURCE) {
          byName.set(EXISTING_USERS, { name: EXISTING_USERS, number: true });
        }
      }
      return [type, [...byName.values()]];
    }),
  );
  return Object.fromEntries(entries) as ReportAttributes;
}
