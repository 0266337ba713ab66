import {
  DEFAULT_COLOUR_SCHEME,
  DEFAULT_LOSSES,
  DEFAULT_PROJECT_SETTINGS,
  type MainProject,
  type Project,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { organisationApi } from './organisation.api.ts';
import { changedSettings, type ProjectValues } from './project-settings-form.ts';
import type { ProjectTarget } from './ProjectSettingsDialog.tsx';

/** A new project's settings until the admin changes them: the server's own defaults. */
const newProject = (currency: string): ProjectValues => ({
  name: '',
  ...DEFAULT_PROJECT_SETTINGS,
  currency,
  basemap: null,
  colourScheme: DEFAULT_COLOUR_SCHEME,
  losses: DEFAULT_LOSSES,
});

type Configurable = Pick<
  Project,
  'id' | 'name' | 'zoom' | 'currency' | 'basemap' | 'phase' | 'colourScheme' | 'losses'
>;

/** The ConfigureProject dialog's two uses: a new project, and an existing one's settings. */
export function useProjectTargets() {
  const { t } = useTranslation();
  return {
    create: (mainProject: Pick<MainProject, 'id' | 'name'>, currency: string): ProjectTarget => {
      const initial = newProject(currency);
      return {
        title: t('organisation.level.project.newTitle', { parent: mainProject.name }),
        submitLabel: t('organisation.create'),
        initial,
        save: (values) => {
          // Zoom and currency always (as before); the rest only where it is not the default, so
          // that an untouched base map stays "the first" and fibre settings are written only
          // when chosen.
          const chosen = changedSettings({ ...initial, name: values.name }, values);
          return organisationApi.create(values.name, {
            level: 'project',
            mainProjectId: mainProject.id,
            ...chosen,
            zoom: values.zoom,
            currency: values.currency,
          });
        },
      };
    },
    configure: (project: Configurable): ProjectTarget => {
      const { id, name, zoom, currency, basemap, phase, colourScheme, losses } = project;
      const initial = { name, zoom, currency, basemap, phase, colourScheme, losses };
      return {
        title: t('organisation.project.configureTitle', { name: project.name }),
        submitLabel: t('organisation.save'),
        initial,
        save: (values) => {
          const body = changedSettings(initial, values);
          // Saving nothing new writes nothing (and no line in the history).
          if (Object.keys(body).length === 0) return Promise.resolve({});
          return organisationApi.updateProject(id, body);
        },
      };
    },
  };
}
