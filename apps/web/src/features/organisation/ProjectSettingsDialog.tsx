import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { currencyOptions } from './currency-options.ts';
import { LossesSection } from './LossesSection.tsx';
import {
  draftOf,
  problemsOf,
  valuesOf,
  ZOOM_MAX,
  ZOOM_MIN,
  type ProjectDraft,
  type ProjectValues,
} from './project-settings-form.ts';
import { IN_DIALOG, ProjectChoices } from './ProjectChoices.tsx';
import { TargetModal, type SaveTarget } from './TargetModal.tsx';
import { isNameRefusal, useOrganisationWrite } from './useOrganisationWrite.ts';

export type { ProjectValues } from './project-settings-form.ts';

/** A project to create, or to configure (ConfigureProject, SPEC §2). */
export type ProjectTarget = SaveTarget<ProjectValues>;

/**
 * ConfigureProject: the project's name, the zoom and base map its map opens on, its currency,
 * phase and fibre colour code, and (folded) its loss constants; one Save sends them all.
 */
export function ProjectSettingsDialog({
  target,
  onClose,
}: {
  target: ProjectTarget | null;
  onClose: () => void;
}) {
  return (
    <TargetModal target={target} onClose={onClose}>
      {(shown) => <ProjectForm target={shown} onClose={onClose} />}
    </TargetModal>
  );
}

function ProjectForm({ target, onClose }: { target: ProjectTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(target.initial));
  const set = (patch: Partial<ProjectDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const currencies = useMemo(
    () => currencyOptions(i18n.language, target.initial.currency),
    [i18n.language, target.initial.currency],
  );
  const save = useOrganisationWrite(target.save, (answer) => {
    target.onSaved?.(answer);
    onClose();
  });
  const refusedName = save.error && isNameRefusal(save.error) ? save.error.message : null;
  const problems = problemsOf(draft);
  const values = valuesOf(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (values) save.mutate(values);
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('organisation.name')}
          required
          value={draft.name}
          onChange={(e) => {
            set({ name: e.currentTarget.value });
            save.reset();
          }}
          error={refusedName}
          maxLength={100}
          data-autofocus
        />
        <NumberInput
          label={t('organisation.project.zoom')}
          description={t('organisation.project.zoomHint')}
          value={draft.zoom}
          onChange={(zoom) => set({ zoom })}
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={problems.zoom ? t('organisation.project.zoomInvalid') : undefined}
        />
        <Select
          label={t('organisation.project.currency')}
          description={t('organisation.project.currencyHint')}
          data={currencies}
          value={draft.currency}
          onChange={(currency) => currency && set({ currency })}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('hierarchy.nothingFound')}
          comboboxProps={IN_DIALOG}
        />
        <ProjectChoices draft={draft} onChange={set} />
        <LossesSection draft={draft.losses} onChange={(losses) => set({ losses })} />
        {save.error && !refusedName && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!values}>
            {target.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
