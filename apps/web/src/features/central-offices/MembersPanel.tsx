import { ActionIcon, Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UserRef } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { usersApi, usersKeys } from '../users/users.api.ts';

/**
 * The users assigned to a CO or a cluster: a user dropdown with Add user, and the table of
 * assigned users with Delete (SPEC §2). Read-only for those who may not change it.
 */
export function MembersPanel({
  title,
  members,
  canEdit,
  onAdd,
  onRemove,
  busy,
}: {
  title: string;
  members: UserRef[];
  canEdit: boolean;
  onAdd: (userId: number) => void;
  onRemove: (user: UserRef) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const users = useQuery({
    queryKey: usersKeys.integration,
    queryFn: usersApi.integration,
    enabled: canEdit,
  });
  const assigned = new Set(members.map((m) => m.id));
  const candidates = (users.data ?? [])
    .filter((u) => !assigned.has(u.id))
    .map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {canEdit && (
        <Group align="flex-end">
          <Select
            label={t('members.user')}
            placeholder={t('members.chooseUser')}
            data={candidates}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage={t('hierarchy.nothingFound')}
            miw={280}
          />
          <Button
            disabled={!chosen}
            loading={busy}
            onClick={() => {
              if (chosen) onAdd(Number(chosen));
              setChosen(null);
            }}
          >
            {t('members.add')}
          </Button>
        </Group>
      )}
      <DataTable
        label={title}
        hover={false}
        rows={members}
        rowKey={(member) => member.id}
        empty={t('members.none')}
        columns={[
          { header: t('members.name'), primary: true, cell: (member) => member.name },
          { header: t('members.email'), cell: (member) => member.email },
          {
            header: t('members.role'),
            cell: (member) => (member.role ? t(`roles.${member.role}`) : ''),
          },
          ...(canEdit
            ? [
                {
                  header: t('common.delete'),
                  actions: true,
                  cell: (member: (typeof members)[number]) => (
                    <ActionIcon
                      color="red"
                      variant="subtle"
                      aria-label={t('members.remove', { name: member.name })}
                      onClick={() => onRemove(member)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Stack>
  );
}
