import { Button, Group, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DIALOG_WIDTH, PLATFORM_NAME, ROLES, type Role } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { session } from '../../session/session.ts';
import { usersApi, usersKeys } from './users.api.ts';

/** Invites a user: they receive a mail with a link to set their password. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('planner');
  const [platforms, setPlatforms] = useState<string[]>([PLATFORM_NAME]);
  // An admin can grant the platforms they are on themselves.
  const available = (session.user()?.platforms ?? []).map((p) => p.name);
  const invite = useMutation({
    mutationFn: () => usersApi.invite({ email: email.trim(), name: name.trim(), role, platforms }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: usersKeys.integration });
      setEmail('');
      setName('');
      onClose();
    },
    onError: (error) => notify.error(errorMessage(error, t)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} size={DIALOG_WIDTH} title={t('users.inviteTitle')}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('users.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <TextInput
            label={t('users.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t('users.role')}
            data={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            value={role}
            allowDeselect={false}
            onChange={(r) => r && setRole(r as Role)}
          />
          <MultiSelect
            label={t('users.platforms')}
            data={available}
            value={platforms}
            onChange={setPlatforms}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={invite.isPending}
              disabled={!email.trim() || !name.trim()}
            >
              {t('users.sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
