import { Alert, Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <Table striped highlightOnHover aria-label={t('routes.users')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('users.name')}</Table.Th>
            <Table.Th>{t('users.email')}</Table.Th>
            <Table.Th>{t('users.role')}</Table.Th>
            <Table.Th>{t('users.platforms')}</Table.Th>
            <Table.Th>{t('users.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(users.data ?? []).map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
              <Table.Td>{user.platforms.map((p) => p.name).join(', ')}</Table.Td>
              <Table.Td>
                <Badge color={user.passwordset ? 'teal' : 'orange'} variant="light">
                  {user.passwordset ? t('users.active') : t('users.invited')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
