import type { ElementTemplate, ElementType, UpdateTemplateBody } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { canEditProject } from '../access/access.ts';
import { hierarchyRepository } from '../hierarchy/hierarchy.repository.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { planTemplateEdit } from './template-edit.rules.ts';
import { templateValuesRepository as values } from './template-values.repository.ts';
import { templatesRepository } from './templates.repository.ts';

const notFound = (id: number) => new AppError(404, 'NOT_FOUND', 'templates.notFound', { id });

export function createTemplatesService(
  db: Database,
  changes?: { projectChanged(projectId: number): void },
) {
  return {
    /**
     * Replaces a template's attribute list (issue 17), with its elements' values renamed,
     * filled and checked in the same transaction: any refusal leaves everything as it was.
     * Admins and planners of the template's project only; a template of another type is
     * not found, and a missing one is a 403 to anyone but an admin, as everywhere.
     */
    async update(
      user: UserRecord,
      type: ElementType,
      templateId: number,
      body: UpdateTemplateBody,
    ): Promise<ElementTemplate> {
      const saved = await db.transaction(async (tx) => {
        const template = await values.lockTemplate(tx, templateId);
        if (!template || template.type !== type.internalName) {
          throw user.role === 'admin' ? notFound(templateId) : forbidden();
        }
        if (!(await canEditProject(tx, user, template.projectId))) throw forbidden();

        const plan = planTemplateEdit(type.internalName, template.attributes, body.attributes);
        await values.rename(tx, templateId, plan.renames);
        const misfit = await values.misfit(tx, templateId, plan.checks);
        if (misfit) throw new AppError(409, 'CONFLICT', 'templates.valuesDoNotFit', misfit);
        await values.fill(tx, templateId, plan.fills);
        await values.save(tx, templateId, plan.attributes);
        await hierarchyRepository.touchProject(tx, template.projectId);
        const [saved] = await templatesRepository.byIds(tx, [templateId]);
        if (!saved) throw notFound(templateId);
        return saved;
      });
      // Renamed values (a cable's Capacity, its Type) are drawn on the project's tiles.
      changes?.projectChanged(saved.projectId);
      return saved;
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
