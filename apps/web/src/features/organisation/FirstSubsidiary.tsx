import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An empty database: what an organisation is made of, and the one thing to do first. */
export function FirstSubsidiary({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="lg">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconBuildingCommunity size={32} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('organisation.first.title')}
        </Title>
        <Text c="dimmed">{t('organisation.first.body')}</Text>
        <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onCreate}>
          {t('organisation.first.action')}
        </Button>
      </Stack>
    </Paper>
  );
}
