import { Badge, Tooltip } from '@mantine/core';
import type { OnlineUser } from '@integration/contracts';
import { useTranslation } from 'react-i18next';

/** The number of users online, with their names on hover and for screen readers. */
export function OnlineUsers({ users }: { users: OnlineUser[] }) {
  const { t } = useTranslation();
  const names = users.map((u) => u.name).join(', ');
  return (
    <Tooltip label={names || t('projects.nobodyOnline')} withArrow>
      <Badge
        variant={users.length ? 'filled' : 'light'}
        color={users.length ? 'teal' : 'gray'}
        aria-label={t('projects.usersOnlineCount', { count: users.length, names })}
      >
        {users.length}
      </Badge>
    </Tooltip>
  );
}
