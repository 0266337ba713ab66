import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { TargetModal, type SaveTarget } from './TargetModal.tsx';
import { isNameRefusal, useOrganisationWrite } from './useOrganisationWrite.ts';

export interface NameValues {
  name: string;
  country?: string | null;
}

/** A subsidiary, client or main project to create or rename. */
export interface NameTarget extends SaveTarget<NameValues> {
  /** A subsidiary also names its country (its projects' default currency). */
  withCountry: boolean;
}

/** Create or rename a level of the organisation; a taken name is said under the field. */
export function NameDialog({
  target,
  onClose,
}: {
  target: NameTarget | null;
  onClose: () => void;
}) {
  return (
    <TargetModal target={target} onClose={onClose}>
      {(shown) => <NameForm target={shown} onClose={onClose} />}
    </TargetModal>
  );
}

function NameForm({ target, onClose }: { target: NameTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(target.initial.name);
  const [country, setCountry] = useState(target.initial.country ?? '');
  const save = useOrganisationWrite(target.save, (answer) => {
    target.onSaved?.(answer);
    onClose();
  });
  const refusedName = save.error && isNameRefusal(save.error) ? save.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    save.mutate({
      name: name.trim(),
      ...(target.withCountry ? { country: country.trim() || null } : {}),
    });
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
        {target.withCountry && (
          <TextInput
            label={t('organisation.country')}
            description={t('organisation.countryHint')}
            value={country}
            onChange={(e) => setCountry(e.currentTarget.value)}
            maxLength={60}
          />
        )}
        {save.error && !refusedName && (
          <Alert color="red" role="alert">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
            {target.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
