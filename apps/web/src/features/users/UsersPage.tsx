import { Alert, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { session } from '../../session/session.ts';
import { InviteUserModal } from './InviteUserModal.tsx';
import { usersApi, usersKeys } from './users.api.ts';

/** Users of the platform, for admins: who they are, their role, and invitations. */
export function UsersPage() {
  const { t } = useTranslation();
  const isAdmin = session.user()?.role === 'admin';
  const [inviting, setInviting] = useState(false);
  const users = useQuery({
    queryKey: usersKeys.integration,
    queryFn: usersApi.integration,
    enabled: isAdmin,
  });
  if (!isAdmin) {
    return (
      <Alert color="orange" role="alert">
        {t('users.adminOnly')}
      </Alert>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('routes.users')}
        </Title>
        <Button onClick={() => setInviting(true)}>{t('users.invite')}</Button>
      </Group>
      {users.error && <Alert color="red">{errorMessage(users.error, t)}</Alert>}
      <DataTable
        label={t('routes.users')}
        rows={users.data ?? []}
        rowKey={(user) => user.id}
        columns={[
          { header: t('users.name'), primary: true, cell: (user) => user.name },
          { header: t('users.email'), cell: (user) => user.email },
          { header: t('users.role'), cell: (user) => t(`roles.${user.role}`) },
          {
            header: t('users.platforms'),
            cell: (user) => user.platforms.map((p) => p.name).join(', '),
          },
          {
            header: t('users.status'),
            cell: (user) => (
              <Badge color={user.passwordset ? 'teal' : 'orange'} variant="light">
                {user.passwordset ? t('users.active') : t('users.invited')}
              </Badge>
            ),
          },
        ]}
      />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
