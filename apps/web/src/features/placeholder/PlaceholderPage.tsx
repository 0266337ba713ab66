import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteName } from '../../app/route-table.ts';

/** A route of SPEC §2 whose screen a later issue builds: the shell and its title. */
export function PlaceholderPage({ route }: { route: RouteName }) {
  const { t } = useTranslation();
  return (
    <Stack p="md">
      <Title order={1} size="h2">
        {t(ROUTES[route].titleKey)}
      </Title>
      <Text c="dimmed">{t('placeholder.comingSoon')}</Text>
    </Stack>
  );
}
