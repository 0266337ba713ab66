import { Alert, Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { DIALOG_WIDTH, type ProjectSettings } from '@integration/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { currencyOptions } from './currency-options.ts';
import { isNameRefusal, useOrganisationWrite } from './useOrganisationWrite.ts';

export type ProjectValues = { name: string } & ProjectSettings;

/** A project to create, or to configure (ConfigureProject, SPEC §2). */
export interface ProjectTarget {
  title: string;
  submitLabel: string;
  initial: ProjectValues;
  save(values: ProjectValues): Promise<{ message?: string; data?: unknown }>;
  onSaved?(answer: { data?: unknown }): void;
}

const ZOOM_MIN = 0;
const ZOOM_MAX = 24;

/** ConfigureProject: the project's name, the zoom its map opens at, and its currency. */
export function ProjectSettingsDialog({
  target,
  onClose,
}: {
  target: ProjectTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target?.title}
      size={DIALOG_WIDTH}
      centered
    >
      {target && <ProjectForm key={target.title} target={target} onClose={onClose} />}
    </Modal>
  );
}

function ProjectForm({ target, onClose }: { target: ProjectTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [name, setName] = useState(target.initial.name);
  const [zoom, setZoom] = useState<number | string>(target.initial.zoom);
  const [currency, setCurrency] = useState(target.initial.currency);
  const currencies = useMemo(
    () => currencyOptions(i18n.language, target.initial.currency),
    [i18n.language, target.initial.currency],
  );
  const save = useOrganisationWrite(target.save, (answer) => {
    target.onSaved?.(answer);
    onClose();
  });
  const refusedName = save.error && isNameRefusal(save.error) ? save.error.message : null;
  const zoomOk =
    typeof zoom === 'number' && Number.isInteger(zoom) && zoom >= ZOOM_MIN && zoom <= ZOOM_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !zoomOk) return;
    save.mutate({ name: name.trim(), zoom, currency });
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('organisation.name')}
          required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            save.reset();
          }}
          error={refusedName}
          maxLength={100}
          data-autofocus
        />
        <NumberInput
          label={t('organisation.project.zoom')}
          description={t('organisation.project.zoomHint')}
          value={zoom}
          onChange={setZoom}
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          error={zoomOk ? undefined : t('organisation.project.zoomInvalid')}
        />
        <Select
          label={t('organisation.project.currency')}
          description={t('organisation.project.currencyHint')}
          data={currencies}
          value={currency}
          onChange={(value) => value && setCurrency(value)}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('hierarchy.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
        {save.error && !refusedName && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim() || !zoomOk}>
            {target.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
