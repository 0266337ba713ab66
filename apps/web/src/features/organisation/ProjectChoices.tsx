import { Select } from '@mantine/core';
import {
  BASEMAP_IDS,
  COLOUR_SCHEMES,
  PROJECT_PHASES,
  type ColourScheme,
  type ProjectPhase,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useBasemaps } from '../map/useBasemaps.ts';
import type { ProjectDraft } from './project-settings-form.ts';

type Choices = Pick<ProjectDraft, 'basemap' | 'phase' | 'colourScheme'>;

/**
 * Lists open inside the dialog, not in a portal. Note: on a phone, a portalled list opened in the
 * scrolled dialog was placed half off the screen, widening the page under it, which moved the
 * list again (a loop, and a sideways scroll); inside the dialog it scrolls with its field.
 */
export const IN_DIALOG = { withinPortal: false } as const;

/**
 * ConfigureProject's choices from a list: the base map its map opens on (the server's base
 * maps, named as the map's own switcher names them), its phase (named as a cluster's) and its
 * fibres' colour code.
 */
export function ProjectChoices({
  draft,
  onChange,
}: {
  draft: Choices;
  onChange: (patch: Partial<Choices>) => void;
}) {
  const { t } = useTranslation();
  const basemaps = useBasemaps();
  // Before the list arrives (or if the server cannot say), the ids the API knows.
  const ids: readonly string[] = basemaps.data?.basemaps.length
    ? basemaps.data.basemaps.map((b) => b.id)
    : BASEMAP_IDS;
  const k = (key: string) => `organisation.project.${key}`;
  const select = { allowDeselect: false, comboboxProps: IN_DIALOG } as const;

  return (
    <>
      <Select
        {...select}
        label={t(k('basemap'))}
        description={t(k('basemapHint'))}
        data={ids.map((id) => ({ value: id, label: t(`map.mapType.${id}`) }))}
        // No choice yet: the map opens on the first base map, so that is what is shown.
        value={draft.basemap ?? ids[0] ?? null}
        onChange={(basemap) => basemap && onChange({ basemap })}
      />
      <Select
        {...select}
        label={t(k('phase'))}
        description={t(k('phaseHint'))}
        data={PROJECT_PHASES.map((p) => ({ value: p, label: t(`clusters.phases.${p}`) }))}
        value={draft.phase}
        onChange={(phase) => phase && onChange({ phase: phase as ProjectPhase })}
      />
      <Select
        {...select}
        label={t(k('colourScheme'))}
        description={t(k('colourSchemeHint'))}
        data={COLOUR_SCHEMES.map((s) => ({ value: s, label: t(k(`colourSchemes.${s}`)) }))}
        value={draft.colourScheme}
        onChange={(scheme) => scheme && onChange({ colourScheme: scheme as ColourScheme })}
      />
    </>
  );
}
