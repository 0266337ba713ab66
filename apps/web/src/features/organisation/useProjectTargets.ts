import { PROJECT_ZOOM_DEFAULT, type MainProject, type Project } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { organisationApi } from './organisation.api.ts';
import type { ProjectTarget } from './ProjectSettingsDialog.tsx';

/** The ConfigureProject dialog's two uses: a new project, and an existing one's settings. */
export function useProjectTargets() {
  const { t } = useTranslation();
  return {
    create: (mainProject: Pick<MainProject, 'id' | 'name'>, currency: string): ProjectTarget => ({
      title: t('organisation.level.project.newTitle', { parent: mainProject.name }),
      submitLabel: t('organisation.create'),
      initial: { name: '', zoom: PROJECT_ZOOM_DEFAULT, currency },
      save: (values) =>
        organisationApi.create(values.name, {
          level: 'project',
          mainProjectId: mainProject.id,
          zoom: values.zoom,
          currency: values.currency,
        }),
    }),
    configure: (project: Pick<Project, 'id' | 'name' | 'zoom' | 'currency'>): ProjectTarget => ({
      title: t('organisation.project.configureTitle', { name: project.name }),
      submitLabel: t('organisation.save'),
      initial: { name: project.name, zoom: project.zoom, currency: project.currency },
      save: (values) => {
        // Only what changed: an unchanged currency stays the country's rather than becoming the book's.
        const body = {
          ...(values.name !== project.name ? { name: values.name } : {}),
          ...(values.zoom !== project.zoom ? { zoom: values.zoom } : {}),
          ...(values.currency !== project.currency ? { currency: values.currency } : {}),
        };
        // Saving nothing new writes nothing (and no line in the history).
        if (Object.keys(body).length === 0) return Promise.resolve({});
        return organisationApi.updateProject(project.id, body);
      },
    }),
  };
}
