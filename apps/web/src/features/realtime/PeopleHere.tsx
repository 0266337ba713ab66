import { Avatar, Group, Paper, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clustersApi } from '../clusters/clusters.api.ts';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { session } from '../../session/session.ts';
import { initials, userColour } from './user-colour.ts';

const SHOWN = 3;

/**
 * "N people here": who has this cluster open (its usersOnline, refreshed on
 * presence:changed), named on hover, on a tap, and for screen readers.
 */
export function PeopleHere({ clusterId }: { clusterId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(clusterId),
    queryFn: () => clustersApi.get(clusterId),
  });
  const me = session.user()?.id;
  // Me last: the list is about the others.
  const users = [...(cluster.data?.usersOnline ?? [])].sort(
    (a, b) => Number(a.id === me) - Number(b.id === me),
  );
  if (users.length === 0) return null;
  const nameOf = (u: { id: number; name: string }) =>
    u.id === me ? t('realtime.people.you', { name: u.name }) : u.name;
  const label = t('realtime.people.here', {
    count: users.length,
    names: users.map(nameOf).join(', '),
  });
  return (
    <Popover opened={open} onChange={setOpen} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton
          aria-label={label}
          aria-expanded={open}
          onClick={() => setOpen(true)}
          onMouseEnter={() => setOpen(true)}
          onMouseLeave={() => setOpen(false)}
        >
          <Paper shadow="sm" radius="xl" withBorder px={8} py={4}>
            <Group gap={6} wrap="nowrap">
              <Avatar.Group spacing={6}>
                {users.slice(0, SHOWN).map((u) => (
                  <Avatar
                    key={u.id}
                    size={24}
                    radius="xl"
                    color={userColour(u.id)}
                    variant="filled"
                  >
                    {initials(u.name)}
                  </Avatar>
                ))}
              </Avatar.Group>
              <Text size="sm" fw={600} aria-hidden>
                {t('realtime.people.count', { count: users.length })}
              </Text>
            </Group>
          </Paper>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('realtime.people.title')}
          </Text>
          {users.map((u) => (
            <Group key={u.id} gap={8} wrap="nowrap">
              <Avatar size={22} radius="xl" color={userColour(u.id)} variant="filled">
                {initials(u.name)}
              </Avatar>
              <Text size="sm">{nameOf(u)}</Text>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
